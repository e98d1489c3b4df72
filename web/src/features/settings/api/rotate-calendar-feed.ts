// POST /api/user/calendar-secret: a new calendar feed URL (the old one stops working).
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CalendarFeed, CalendarFeedStatus } from '../../../../../shared/api-types';
import { api } from '../../../lib/api-client';
import { CALENDAR_FEED_KEY } from './get-calendar-feed';

export const CALENDAR_SECRET_URL = '/api/user/calendar-secret';

export function rotateCalendarFeed(): Promise<CalendarFeed> {
  return api.post<CalendarFeed>(CALENDAR_SECRET_URL);
}

export function useRotateCalendarFeed() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<CalendarFeed, Error, string>(CALENDAR_SECRET_URL, async () => {
    const feed = await rotateCalendarFeed();
    const status: CalendarFeedStatus = { exists: true, url: feed.url, createdAt: feed.createdAt };
    await mutate(CALENDAR_FEED_KEY, status, { revalidate: false });
    return feed;
  });
}
