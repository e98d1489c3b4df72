// Admin mode on the client routes: POST /api/clients and PATCH /api/clients/{id} with the agentId
// of the agent the administrator acts for (that agent's free plan applies).
import type { Client, CreatedClient } from '@shared/api-types';
import type { ClientChanges, ClientInput } from '@shared/client-schema';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { revalidateAdminReads } from './revalidate-admin';

export type AgentClientCreate = { agentId: string; input: ClientInput };
export type AgentClientUpdate = { agentId: string; id: string; changes: ClientChanges };

export function createAgentClient({ agentId, input }: AgentClientCreate): Promise<CreatedClient> {
  return api.post<CreatedClient>('/api/clients', { ...input, agentId });
}

export function updateAgentClient({ agentId, id, changes }: AgentClientUpdate): Promise<Client> {
  return api.patch<Client>(`/api/clients/${encodeURIComponent(id)}`, { ...changes, agentId });
}

export function useCreateAgentClient() {
  return useApiMutation('POST /api/clients (admin)', createAgentClient, revalidateAdminReads);
}

export function useUpdateAgentClient() {
  return useApiMutation('PATCH /api/clients (admin)', updateAgentClient, revalidateAdminReads);
}
