// Saved segments from the clients list: POST /api/segments (the list's filter under a name), PATCH /api/segments/{id}
// (a new name) and DELETE /api/segments/{id}; each refreshes GET /api/segments (the chips and the broadcast dialog).
import type { ClientFilter, Segment } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { SEGMENTS_KEY } from './bulk-actions';

const segmentUrl = (id: string) => `${SEGMENTS_KEY}/${encodeURIComponent(id)}`;

export function saveSegment({ name, filter }: { name: string; filter: ClientFilter }): Promise<Segment> {
  return api.post<Segment>(SEGMENTS_KEY, { name, filter });
}

export function renameSegment({ id, name }: { id: string; name: string }): Promise<Segment> {
  return api.patch<Segment>(segmentUrl(id), { name });
}

export function deleteSegment(id: string): Promise<void> {
  return api.delete<void>(segmentUrl(id));
}

const refreshSegments = (mutate: (key: string) => Promise<unknown>) => mutate(SEGMENTS_KEY);

export function useSaveSegment() {
  return useApiMutation(`POST ${SEGMENTS_KEY}`, saveSegment, refreshSegments);
}

export function useRenameSegment() {
  return useApiMutation(`PATCH ${SEGMENTS_KEY}`, renameSegment, refreshSegments);
}

export function useDeleteSegment() {
  return useApiMutation(`DELETE ${SEGMENTS_KEY}`, deleteSegment, refreshSegments);
}
