// GET /api/admin/support: the open support requests in the order they are answered (Pro agents'
// first, then the oldest first), or with `closed` the recently closed ones, newest first.
import useSWR from 'swr';
import type { SupportQueue, SupportStatus } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const SUPPORT_QUEUE_KEY = '/api/admin/support';

export const supportQueueKey = (status: SupportStatus): string =>
  status === 'open' ? SUPPORT_QUEUE_KEY : `${SUPPORT_QUEUE_KEY}?status=${status}`;

export function getSupportQueue(key: string): Promise<SupportQueue> {
  return api.get<SupportQueue>(key);
}

/** Read again on each visit: requests arrive all the time. */
export function useSupportQueue(status: SupportStatus) {
  const { data, error, mutate } = useSWR<SupportQueue, Error>(supportQueueKey(status), getSupportQueue, {
    revalidateOnMount: true,
  });
  return { queue: data, error, retry: () => void mutate() };
}
