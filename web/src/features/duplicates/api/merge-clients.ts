// POST /api/clients/merge { keepId, mergeId } and its undo (POST /api/clients/merge/{id}/undo, 10 minutes): both
// change the book, so every client read (the duplicates among them) is read again.
import type { ClientMerge, ClientMergeUndone } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export type MergeArgs = { keepId: string; mergeId: string };

export function mergeClients(args: MergeArgs): Promise<ClientMerge> {
  return api.post<ClientMerge>(`${CLIENTS_KEY}/merge`, args);
}

export function undoMerge(mergeId: string): Promise<ClientMergeUndone> {
  return api.post<ClientMergeUndone>(`${CLIENTS_KEY}/merge/${encodeURIComponent(mergeId)}/undo`);
}

export function useMergeClients() {
  return useApiMutation(`POST ${CLIENTS_KEY}/merge`, mergeClients, revalidateClientReads);
}

export function useUndoMerge() {
  return useApiMutation(`POST ${CLIENTS_KEY}/merge/undo`, undoMerge, revalidateClientReads);
}
