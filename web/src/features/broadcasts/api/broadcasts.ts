// Broadcasts: POST /api/broadcasts (202 { id }: a job drafts the messages), GET /api/broadcasts (the recent ones, for
// /broadcasts), GET /api/broadcasts/{id} read every second while it drafts, and the audiences a broadcast can take: the
// saved segments and the tags.
import useSWR from 'swr';
import type { Broadcast, BroadcastList, BroadcastRequest, SegmentList, TagList } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { approveAllWaiting } from '@/lib/approve-all';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export const BROADCASTS_URL = '/api/broadcasts';
export const broadcastKey = (id: string) => `${BROADCASTS_URL}/${encodeURIComponent(id)}`;
/** How often a broadcast that is still drafting is read. */
export const BROADCAST_POLL_MS = 1000;

export function createBroadcast(request: BroadcastRequest): Promise<{ id: string }> {
  return api.post<{ id: string }>(BROADCASTS_URL, request);
}

export function useCreateBroadcast() {
  return useApiMutation(`POST ${BROADCASTS_URL}`, createBroadcast, async () => undefined);
}

/** The agent's recent broadcasts, newest first; read again each time /broadcasts opens. */
export function useBroadcasts() {
  return useSWR<BroadcastList>(BROADCASTS_URL, { revalidateOnMount: true });
}

/** A broadcast, read every second until its drafting is done (no id: no read). */
export function useBroadcast(id: string | null) {
  return useSWR<Broadcast>(id ? broadcastKey(id) : null, {
    refreshInterval: (broadcast) => (broadcast?.status === 'done' ? 0 : BROADCAST_POLL_MS),
    revalidateOnMount: true,
  });
}

/** The saved segments and the tags, read when the dialog opens. */
export function useAudiences(open: boolean) {
  const segments = useSWR<SegmentList>(open ? '/api/segments' : null);
  const tags = useSWR<TagList>(open ? '/api/tags' : null);
  return { segments: segments.data?.segments ?? [], tags: tags.data?.tags ?? [] };
}

/** Approves all of the broadcast's messages waiting on Today (lib/approve-all.ts). */
export function useApproveBroadcast(broadcastId: string) {
  return useApiMutation(
    `APPROVE ${broadcastKey(broadcastId)}`,
    () => approveAllWaiting(broadcastId),
    (mutate) =>
      Promise.all([
        mutate('/api/outgoing'),
        revalidateClientReads(mutate),
        mutate(broadcastKey(broadcastId)),
        mutate(BROADCASTS_URL),
      ]),
  );
}
