// GET /api/reminders?limit=&cursor=: the signed-in agent's occasions from today (in their time zone)
// on, soonest first, a page at a time (50 unless asked, at most 200) from the occasion index
// (functions/data/occasions.ts): its cost grows with the page, not with the book.
import { REMINDER_PAGE, type ReminderPage } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { toClient } from '../../data/clients';
import { decodeOccasionCursor, encodeOccasionCursor, readOccasions } from '../../data/occasions';
import { CURSOR_ERRORS, pageQuery } from '../../http/admin-pages';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler(
  'reminders/get-reminders',
  { query: pageQuery(REMINDER_PAGE.max), errors: CURSOR_ERRORS },
  async ({ user, query }) => {
    const { today, after } = decodeOccasionCursor(query.cursor || undefined, todayIn(user.timeZone));
    const read = await readOccasions(user.id, today, {
      limit: query.limit ? Number(query.limit) : REMINDER_PAGE.default,
      after,
    });
    const body: ReminderPage = {
      today,
      events: read.events,
      clients: read.clients.map(toClient),
      nextCursor: encodeOccasionCursor(today, read.next),
    };
    return { body };
  },
);
