// DELETE /api/user/calendar-secret: turns the calendar feed off (its URL stops working).
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CalendarFeedStatus } from '../../../../../shared/api-types';
import { api } from '../../../lib/api-client';
import { CALENDAR_FEED_KEY } from './get-calendar-feed';
import { CALENDAR_SECRET_URL } from './rotate-calendar-feed';

export function removeCalendarFeed(): Promise<void> {
  return api.delete<void>(CALENDAR_SECRET_URL);
}

export function useRemoveCalendarFeed() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<void, Error, string>(`${CALENDAR_SECRET_URL}#delete`, async () => {
    await removeCalendarFeed();
    const status: CalendarFeedStatus = { exists: false, url: null, createdAt: null };
    await mutate(CALENDAR_FEED_KEY, status, { revalidate: false });
  });
}
