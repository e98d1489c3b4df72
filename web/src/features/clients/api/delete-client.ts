// DELETE /api/clients/{id}: removes a client for good and frees its free-plan slot.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from '../../../lib/clients';
import { revalidateClientReads } from '../../../lib/revalidate-clients';

export function deleteClient(id: string): Promise<void> {
  return api.delete<void>(`${CLIENTS_KEY}/${encodeURIComponent(id)}`);
}

export function useDeleteClient() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<void, Error, string, string>(`DELETE ${CLIENTS_KEY}`, async (_key, { arg: id }) => {
    await deleteClient(id);
    await revalidateClientReads(mutate);
  });
}
