// POST /api/support: the agent's request, answered with the request as written; the list of the
// agent's requests is read again.
import type { SupportTicket } from '@shared/api-types';
import type { SupportRequestInput } from '@shared/support';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { SUPPORT_KEY } from './get-support-requests';

export function sendSupportRequest(request: SupportRequestInput): Promise<SupportTicket> {
  return api.post<SupportTicket>(SUPPORT_KEY, request);
}

export function useSendSupportRequest() {
  return useApiMutation(`POST ${SUPPORT_KEY}`, sendSupportRequest, (mutate) => mutate(SUPPORT_KEY));
}
