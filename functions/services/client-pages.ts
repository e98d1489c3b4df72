// The agent's clients as GET /api/clients lists them: a page from the list indexes (functions/data/client-lists.ts) in
// the order asked for, or the clients due for a check-in
// from the check-in index (functions/data/check-ins.ts), longest due first. A page's cost follows the page, not the
// book: its total comes from the search itself, the tag's counter or the plan counter.
import type { ClientPage } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { countDueForCheckIn, dueForCheckInPage } from '../data/check-ins';
import { pageClientList, type ClientListQuery } from '../data/client-lists';
import { toClient } from '../data/clients';
import { tagCount } from '../data/tags';
import type { UserItem } from '../data/users';

/** A page of the agent's clients; `total` counts the matches of `q`, else the tagged clients, else the book. */
export async function clientPage(
  agent: Pick<UserItem, 'id' | 'clientCount'>,
  query: ClientListQuery,
): Promise<ClientPage> {
  const page = await pageClientList(agent.id, query);
  const total =
    page.total ??
    (query.tag !== undefined ? await tagCount(agent.id, query.tag) : Math.max(0, Number(agent.clientCount ?? 0) || 0));
  return { clients: page.clients.map(toClient), nextCursor: page.nextCursor, total };
}

/** A page of the clients due for a check-in on the agent's today, longest due first; `total` counts them all. */
export async function dueForCheckInClientPage(
  agent: Pick<UserItem, 'id' | 'timeZone'>,
  { limit, cursor }: { limit: number; cursor?: string },
  now = new Date(),
): Promise<ClientPage> {
  const today = todayIn(agent.timeZone, now);
  const [page, total] = await Promise.all([
    dueForCheckInPage(agent.id, { today, limit, cursor }),
    countDueForCheckIn(agent.id, today),
  ]);
  return { clients: page.clients.map(toClient), nextCursor: page.nextCursor, total };
}
