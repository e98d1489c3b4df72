// POST /api/user/calendar-secret: creates the agent's calendar feed, or rotates it (the old URL
// stops working at once). Answers the new URL.
import type { CalendarFeed } from '@shared/api-types';
import { CalendarFeedConflictError, rotateCalendarFeed } from '../../data/calendar-feeds';
import type { ChangedMeanwhile } from '../../domain/refusals';
import { calendarFeedSealer, calendarFeedUrl } from '../../services/calendar-feed';
import { conflict, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';

const REFUSALS = refusalAnswers<ChangedMeanwhile>({
  'changed-meanwhile': () =>
    conflict('Your calendar link changed at the same time in another window. Please try again.'),
});

export const handler = defineHandler(
  'user/post-user-calendar-secret',
  { refusals: REFUSALS },
  async ({ user, log }) => {
    let feed;
    try {
      feed = await rotateCalendarFeed(user.id, await calendarFeedSealer());
    } catch (error) {
      if (error instanceof CalendarFeedConflictError) return { kind: 'changed-meanwhile' };
      throw error;
    }
    log.info('calendar feed rotated', { userId: user.id });
    const body: CalendarFeed = { url: calendarFeedUrl(feed.secret), createdAt: feed.createdAt };
    return { status: 201, body };
  },
);
