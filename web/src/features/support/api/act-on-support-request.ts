// POST /api/admin/support/{id}: an administrator's reply (e-mailed to the agent and kept on the
// request) and/or closing it; both lists (open and recently closed) are read again.
import type { SupportTicketUpdate } from '@shared/api-types';
import type { SupportActionInput } from '@shared/support';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { SUPPORT_QUEUE_KEY } from './get-support-queue';

export type SupportAction = { id: string; action: SupportActionInput };

export function actOnSupportRequest({ id, action }: SupportAction): Promise<SupportTicketUpdate> {
  return api.post<SupportTicketUpdate>(`${SUPPORT_QUEUE_KEY}/${encodeURIComponent(id)}`, action);
}

export function useActOnSupportRequest() {
  return useApiMutation(`POST ${SUPPORT_QUEUE_KEY}/{id}`, actOnSupportRequest, (mutate) =>
    mutate((key) => typeof key === 'string' && (key === SUPPORT_QUEUE_KEY || key.startsWith(`${SUPPORT_QUEUE_KEY}?`))),
  );
}
