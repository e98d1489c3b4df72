// PATCH /api/clients/{id}: edits a client. Optional fields sent as null are cleared.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { Client } from '../../../../../shared/api-types';
import type { ClientChanges } from '../../../../../shared/client-schema';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from '../../../lib/clients';
import { revalidateClientReads } from '../../../lib/revalidate-clients';

export type UpdateClientRequest = {
  id: string;
  changes: ClientChanges;
};

export function updateClient({ id, changes }: UpdateClientRequest): Promise<Client> {
  return api.patch<Client>(`${CLIENTS_KEY}/${encodeURIComponent(id)}`, changes);
}

export function useUpdateClient() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Client, Error, string, UpdateClientRequest>(`PATCH ${CLIENTS_KEY}`, async (_key, { arg }) => {
    const updated = await updateClient(arg);
    await revalidateClientReads(mutate);
    return updated;
  });
}
