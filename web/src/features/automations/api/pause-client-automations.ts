// PATCH /api/clients/{id} { automationsPaused }: stops (or resumes) automatic messages for one
// client; the client reads are refreshed with the answer.
import type { Client } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export type PauseRequest = { clientId: string; paused: boolean };

export function setAutomationsPaused({ clientId, paused }: PauseRequest): Promise<Client> {
  return api.patch<Client>(`${CLIENTS_KEY}/${encodeURIComponent(clientId)}`, { automationsPaused: paused });
}

export function usePauseClientAutomations() {
  return useApiMutation(`PATCH ${CLIENTS_KEY}#automations-paused`, setAutomationsPaused, revalidateClientReads);
}
