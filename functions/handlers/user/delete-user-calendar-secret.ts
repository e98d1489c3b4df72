// DELETE /api/user/calendar-secret: stops the agent's calendar feed (its URL answers 404).
import { removeCalendarFeed } from '../../data/calendar-feeds';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('user/delete-user-calendar-secret', {}, async ({ user }) => {
  await removeCalendarFeed(user);
  return { status: 204 };
});
