// GET /api/user/calendar: whether the agent has a calendar feed, and its URL.
import { calendarFeedStatus } from '../../services/calendar-feed';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('user/get-user-calendar', {}, async ({ user }) => ({
  body: await calendarFeedStatus(user),
}));
