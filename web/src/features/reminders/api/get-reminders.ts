// GET /api/reminders?limit=&cursor=: the agent's occasions from today on, soonest first, a page at a
// time (the occasion index: its cost grows with the page, not with the book). The pages read so far
// are kept together; "Show more" reads the next from the last page's cursor. Read afresh each time
// the page opens: a client written on another page, or a new day, changes the list.
import { useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { Client, ReminderPage } from '@shared/api-types';
import type { ReminderEvent } from '@shared/reminders';
import { api } from '@/lib/api-client';

export const REMINDERS_KEY = '/api/reminders';
/** Occasions a page. */
export const REMINDERS_PAGE_SIZE = 50;

/** The key (and URL) of page `index`: the first, then each from the cursor of the one before; null after the last. */
export function reminderPageKey(index: number, previous: ReminderPage | null): string | null {
  if (index === 0) return `${REMINDERS_KEY}?limit=${REMINDERS_PAGE_SIZE}`;
  if (!previous?.nextCursor) return null;
  return `${REMINDERS_KEY}?limit=${REMINDERS_PAGE_SIZE}&cursor=${encodeURIComponent(previous.nextCursor)}`;
}

export function getReminderPage(key: string): Promise<ReminderPage> {
  return api.get<ReminderPage>(key);
}

export function useReminderPages() {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<ReminderPage, Error>(
    reminderPageKey,
    getReminderPage,
    {
      revalidateOnMount: true,
      revalidateFirstPage: false,
      dedupingInterval: 0,
    },
  );
  const loaded = useMemo(() => {
    if (!data) return undefined;
    const events: ReminderEvent[] = data.flatMap((page) => page.events);
    const clients = new Map<string, Client>();
    for (const page of data) for (const client of page.clients) clients.set(client.id, client);
    return { events, clients: [...clients.values()], today: data[0]!.today };
  }, [data]);
  const last = data?.at(-1);
  // The next page is asked for (size grew) and has not arrived yet.
  const loadingMore = data !== undefined && size > data.length && isValidating;
  return {
    events: loaded?.events,
    clients: loaded?.clients,
    /** The agent's today the list was read for (their time zone). */
    today: loaded?.today,
    isLoading,
    error,
    hasMore: Boolean(last?.nextCursor),
    loadingMore,
    loadMore: () => void setSize(size + 1),
    retry: () => void mutate(),
  };
}
