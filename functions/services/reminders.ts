// The agent's occasions from today (in their time zone) on, soonest first, a page at a time, as /reminders reads them
// from the occasion index (functions/data/occasions.ts): the cost follows the page, not the book. A page link carries
// the day it started on, so paging on past midnight stays on one list.
import type { ReminderPage } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { toClient } from '../data/clients';
import { decodeOccasionCursor, encodeOccasionCursor, readOccasions } from '../data/occasions';
import type { UserItem } from '../data/users';

/** A page of the agent's reminders; InvalidCursorError for a page link that is not one, or too old. */
export async function reminderPage(
  agent: Pick<UserItem, 'id' | 'timeZone'>,
  { limit, cursor }: { limit: number; cursor?: string },
  now = new Date(),
): Promise<ReminderPage> {
  const { today, after } = decodeOccasionCursor(cursor, todayIn(agent.timeZone, now));
  const read = await readOccasions(agent.id, today, { limit, after });
  return {
    today,
    events: read.events,
    clients: read.clients.map(toClient),
    nextCursor: encodeOccasionCursor(today, read.next),
  };
}
