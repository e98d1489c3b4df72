// Admin mode on the client routes: POST /api/clients and PATCH /api/clients/{id} with the agentId
// of the agent the administrator acts for (that agent's free plan applies).
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { Client, CreatedClient } from '../../../../../shared/api-types';
import type { ClientChanges, ClientInput } from '../../../../../shared/client-schema';
import { api } from '../../../lib/api-client';
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
  const { mutate } = useSWRConfig();
  return useSWRMutation<CreatedClient, Error, string, AgentClientCreate>('POST /api/clients (admin)', async (_key, { arg }) => {
    const created = await createAgentClient(arg);
    await revalidateAdminReads(mutate);
    return created;
  });
}

export function useUpdateAgentClient() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Client, Error, string, AgentClientUpdate>('PATCH /api/clients (admin)', async (_key, { arg }) => {
    const updated = await updateAgentClient(arg);
    await revalidateAdminReads(mutate);
    return updated;
  });
}
