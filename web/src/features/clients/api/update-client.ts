// PATCH /api/clients/{id}: edits a client. Optional fields sent as null are cleared.
import type { Client } from '@shared/api-types';
import type { ClientChanges } from '@shared/client-schema';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export type UpdateClientRequest = {
  id: string;
  changes: ClientChanges;
};

export function updateClient({ id, changes }: UpdateClientRequest): Promise<Client> {
  return api.patch<Client>(`${CLIENTS_KEY}/${encodeURIComponent(id)}`, changes);
}

export function useUpdateClient() {
  return useApiMutation(`PATCH ${CLIENTS_KEY}`, updateClient, revalidateClientReads);
}
