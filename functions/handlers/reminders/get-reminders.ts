// GET /api/reminders?limit=&cursor=: the signed-in agent's occasions from today (in their time zone)
// on, soonest first, a page at a time (50 unless asked, at most 200) from the occasion index
// (functions/data/occasions.ts): its cost grows with the page, not with the book.
import { REMINDER_PAGE } from '@shared/api-types';
import { CURSOR_ERRORS, pageQuery } from '../../http/admin-pages';
import { defineHandler } from '../../http/handler';
import { reminderPage } from '../../services/reminders';

export const handler = defineHandler(
  'reminders/get-reminders',
  { query: pageQuery(REMINDER_PAGE.max), errors: CURSOR_ERRORS },
  async ({ user, query }) => {
    const body = await reminderPage(user, {
      limit: query.limit ? Number(query.limit) : REMINDER_PAGE.default,
      cursor: query.cursor || undefined,
    });
    return { body };
  },
);
