// GET /api/conversations?cursor=&filter=unread: the agent's conversations, latest activity first, and how many are
// unread (the navigation's Inbox badge reads the first page's cache entry).
import useSWR from 'swr';
import type { ConversationPage } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { CONVERSATIONS_KEY_PREFIX } from '@/lib/revalidate-clients';

export const CONVERSATIONS_KEY = CONVERSATIONS_KEY_PREFIX;

export type ConversationQuery = { unreadOnly?: boolean; cursor?: string };

/** The first page of all conversations is CONVERSATIONS_KEY itself; any other page adds its query. */
export function conversationsKey({ unreadOnly = false, cursor }: ConversationQuery = {}): string {
  const params = new URLSearchParams();
  if (unreadOnly) params.set('filter', 'unread');
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${CONVERSATIONS_KEY}?${query}` : CONVERSATIONS_KEY;
}

export function getConversations(key: string): Promise<ConversationPage> {
  return api.get<ConversationPage>(key);
}

/** A page of conversations, read again on mount (a reply may have come in since). */
export function useConversations(query: ConversationQuery = {}) {
  const { data, error, isLoading, mutate } = useSWR<ConversationPage, Error>(
    conversationsKey(query),
    getConversations,
    {
      revalidateOnMount: true,
      keepPreviousData: true,
    },
  );
  return { page: data, error, isLoading, retry: () => void mutate() };
}

/** Unread conversations (0 until read, or when they cannot be): the badge, checked again every minute. */
export function useUnreadTotal(): number {
  const { data } = useSWR<ConversationPage, Error>(CONVERSATIONS_KEY, getConversations, { refreshInterval: 60_000 });
  return data?.unreadTotal ?? 0;
}
