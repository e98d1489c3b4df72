// Reading the check-in index (`CHECKIN#<agentId>` / `<due date>#<clientId>`, written with the client's other entries:
// functions/data/client-lists.ts): the clients due for a check-in on a day are the entries with sk up to that day's
// end, oldest due first. A page is one Query with a Limit and one BatchGet of its clients, checked against the items
// read back (a stale entry is left out), so its cost grows with the page, not with the book.
import type { ClientItem } from './clients';
import { currentClients, InvalidCursorError, type Entry } from './client-lists';
import { countQuery, queryPage } from './db';
import { checkInPartition } from './keys/clients';

export type CheckInPage = { clients: ClientItem[]; nextCursor: string | null };

/** A day's entries end before `<day>$` ('$' sorts after '#'). */
const endOf = (today: string) => `${today}$`;

/**
 * One page of the agent's clients due for a check-in on `today` (the agent's `YYYY-MM-DD`), longest due first.
 * `cursor`: the previous page's nextCursor (InvalidCursorError when it is not one of this list's).
 */
export async function dueForCheckInPage(
  agentId: string,
  { today, limit, cursor }: { today: string; limit: number; cursor?: string },
): Promise<CheckInPage> {
  const pk = checkInPartition(agentId);
  const page = await queryPage<Entry>(
    {
      KeyConditionExpression: 'pk = :pk AND sk < :end',
      ExpressionAttributeValues: { ':pk': pk, ':end': endOf(today) },
      ProjectionExpression: 'pk, sk',
      Limit: limit,
    },
    cursor,
    { names: ['pk', 'sk'], check: (k) => k.pk === pk && k.sk! < endOf(today) },
  );
  return { clients: await currentClients(agentId, page.items), nextCursor: page.nextCursor };
}

/** How many of the agent's clients are due on `today`: a count of the due entries (it grows with them only). */
export function countDueForCheckIn(agentId: string, today: string): Promise<number> {
  return countQuery({
    KeyConditionExpression: 'pk = :pk AND sk < :end',
    ExpressionAttributeValues: { ':pk': checkInPartition(agentId), ':end': endOf(today) },
  });
}

export { InvalidCursorError };
