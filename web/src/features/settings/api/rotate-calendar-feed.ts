// POST /api/user/calendar-secret: a new calendar feed URL (the old one stops working).
import type { CalendarFeed } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { replaceCachedCalendarFeed } from './get-calendar-feed';

export const CALENDAR_SECRET_URL = '/api/user/calendar-secret';

export function rotateCalendarFeed(): Promise<CalendarFeed> {
  return api.post<CalendarFeed>(CALENDAR_SECRET_URL);
}

export function useRotateCalendarFeed() {
  return useApiMutation(CALENDAR_SECRET_URL, rotateCalendarFeed, (mutate, feed) =>
    replaceCachedCalendarFeed(mutate, { exists: true, url: feed.url, createdAt: feed.createdAt }),
  );
}
