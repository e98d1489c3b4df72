// GET /api/user/calendar: whether the agent has a calendar feed, and its URL.
import useSWR, { type ScopedMutator } from 'swr';
import type { CalendarFeedStatus } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const CALENDAR_FEED_KEY = '/api/user/calendar';

export function getCalendarFeed(): Promise<CalendarFeedStatus> {
  return api.get<CalendarFeedStatus>(CALENDAR_FEED_KEY);
}

export function useCalendarFeed() {
  const { data, error, isLoading, mutate } = useSWR<CalendarFeedStatus, Error>(CALENDAR_FEED_KEY, getCalendarFeed);
  return { feed: data, error, isLoading, retry: () => mutate() };
}

/** Puts a write's known outcome in the cached feed status without reading it again. */
export function replaceCachedCalendarFeed(mutate: ScopedMutator, status: CalendarFeedStatus): Promise<unknown> {
  return mutate(CALENDAR_FEED_KEY, status, { revalidate: false });
}
