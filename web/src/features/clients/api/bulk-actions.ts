// The clients list's tags, segments and bulk actions: GET /api/tags, GET /api/segments, POST /api/clients/bulk (at
// once, or a job followed at GET /api/clients/bulk/{id}) and POST /api/clients/bulk/{id}/undo.
import useSWR, { useSWRConfig } from 'swr';
import type {
  BulkAction,
  BulkJob,
  BulkResult,
  BulkStarted,
  BulkUndo,
  ClientFilter,
  SegmentList,
  TagList,
} from '@shared/api-types';
import { api } from '@/lib/api-client';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export const TAGS_KEY = '/api/tags';
export const SEGMENTS_KEY = '/api/segments';

export function useTags() {
  return useSWR<TagList>(TAGS_KEY, (key: string) => api.get<TagList>(key));
}

export function useSegments() {
  return useSWR<SegmentList>(SEGMENTS_KEY, (key: string) => api.get<SegmentList>(key));
}

export type BulkRequest = {
  action: BulkAction;
  ids?: string[];
  filter?: ClientFilter;
  tag?: string;
  cadenceDays?: number | null;
};

const BULK_KEY = '/api/clients/bulk';
const POLL_MS = 1000;

/** Runs a bulk action to its end (following its job when there is one) and refreshes what it changed. */
export function useBulkAction() {
  const { mutate } = useSWRConfig();
  const refresh = async () => {
    await revalidateClientReads(mutate);
    await mutate((key) => key === TAGS_KEY || key === SEGMENTS_KEY);
  };
  const run = async (request: BulkRequest): Promise<BulkResult> => {
    const started = await api.post<BulkResult | BulkStarted>(BULK_KEY, request);
    let result: BulkResult | BulkJob = started as BulkResult;
    if (!('total' in started)) {
      for (;;) {
        const job = await api.get<BulkJob>(`${BULK_KEY}/${encodeURIComponent(started.id)}`);
        if (job.status === 'done' || job.status === 'undone') {
          result = job;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }
    await refresh();
    return { id: result.id, action: request.action, total: result.total, done: result.done, failed: result.failed };
  };
  const undo = async (id: string): Promise<BulkUndo> => {
    const undone = await api.post<BulkUndo>(`${BULK_KEY}/${encodeURIComponent(id)}/undo`);
    await refresh();
    return undone;
  };
  return { run, undo };
}
