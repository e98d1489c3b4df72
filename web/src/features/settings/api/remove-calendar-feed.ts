// DELETE /api/user/calendar-secret: turns the calendar feed off (its URL stops working).
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { replaceCachedCalendarFeed } from './get-calendar-feed';
import { CALENDAR_SECRET_URL } from './rotate-calendar-feed';

export function removeCalendarFeed(): Promise<void> {
  return api.delete<void>(CALENDAR_SECRET_URL);
}

export function useRemoveCalendarFeed() {
  return useApiMutation(`${CALENDAR_SECRET_URL}#delete`, removeCalendarFeed, (mutate) =>
    replaceCachedCalendarFeed(mutate, { exists: false, url: null, createdAt: null }),
  );
}
