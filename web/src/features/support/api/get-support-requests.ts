// GET /api/support: the agent's own support requests, newest first, with the replies to them.
import useSWR from 'swr';
import type { SupportTickets } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const SUPPORT_KEY = '/api/support';

export function getSupportRequests(): Promise<SupportTickets> {
  return api.get<SupportTickets>(SUPPORT_KEY);
}

/** Read again on each visit to the Help page: a reply may have come since. */
export function useSupportRequests() {
  const { data, error, mutate } = useSWR<SupportTickets, Error>(SUPPORT_KEY, getSupportRequests, {
    revalidateOnMount: true,
  });
  return { tickets: data?.tickets, error, retry: () => void mutate() };
}
