// Broadcasts: POST /api/broadcasts (202 { id }: a job drafts the messages), GET /api/broadcasts/{id} read every
// second while it drafts, and the audiences a broadcast can take: the saved segments and the tags.
import useSWR from 'swr';
import type { ApproveAllResult, Broadcast, BroadcastRequest, SegmentList, TagList } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
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

/**
 * Approves every message of the broadcast waiting on Today; what the daily caps hold back goes on the next days. The
 * server stops each request before the API's time limit and says where to continue: the requests follow one another
 * until none remain, and the answer adds them up.
 */
export async function approveBroadcast(broadcastId: string): Promise<ApproveAllResult> {
  let total: ApproveAllResult | undefined;
  let after: string | null = null;
  do {
    const part: ApproveAllResult = await api.post<ApproveAllResult>('/api/outgoing/approve-all', {
      broadcastId,
      ...(after ? { after } : {}),
    });
    total = total ? addApprovals(total, part) : part;
    after = part.continueAfter;
  } while (after);
  return total;
}

const addApprovals = (a: ApproveAllResult, b: ApproveAllResult): ApproveAllResult => ({
  sent: a.sent + b.sent,
  scheduled: a.scheduled + b.scheduled,
  heldBack: a.heldBack + b.heldBack,
  failed: a.failed + b.failed,
  lastSendDate:
    [a.lastSendDate, b.lastSendDate]
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1) ?? null,
  remaining: b.remaining,
  continueAfter: b.continueAfter,
});

export function useApproveBroadcast(broadcastId: string) {
  return useApiMutation(
    `POST /api/outgoing/approve-all ${broadcastId}`,
    () => approveBroadcast(broadcastId),
    (mutate) =>
      Promise.all([mutate('/api/outgoing'), revalidateClientReads(mutate), mutate(broadcastKey(broadcastId))]),
  );
}
