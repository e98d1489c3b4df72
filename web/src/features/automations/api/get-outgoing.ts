// GET /api/outgoing: the messages automations wrote that wait for approval or are scheduled, soonest
// first, and how many wait (the navigation's Today badge reads the same cache entry).
import useSWR, { type ScopedMutator } from 'swr';
import type { Outgoing } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export const OUTGOING_KEY = '/api/outgoing';

export function getOutgoing(): Promise<Outgoing> {
  return api.get<Outgoing>(OUTGOING_KEY);
}

/** The queue. `fresh`: read it again on mount (the Today page), not only the first time it is asked for. */
export function useOutgoing({ fresh = false }: { fresh?: boolean } = {}) {
  const { data, error, mutate } = useSWR<Outgoing, Error>(
    OUTGOING_KEY,
    getOutgoing,
    fresh ? { revalidateOnMount: true } : undefined,
  );
  return { outgoing: data, error, retry: () => void mutate() };
}

/** How many messages wait for the agent's approval (0 until the queue is read, or when it cannot be). */
export function useAwaitingCount(): number {
  return useOutgoing().outgoing?.awaiting ?? 0;
}

/**
 * After a message is approved or skipped: the queue (and the badge) is read again, and so are the
 * client reads, since a sent message changes the client's Last Contact and activity.
 */
export function revalidateAfterOutgoingAction(mutate: ScopedMutator): Promise<unknown> {
  return Promise.all([mutate(OUTGOING_KEY), revalidateClientReads(mutate)]);
}
