// DELETE /api/clients/{id}: removes a client for good and frees its free-plan slot.
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export function deleteClient(id: string): Promise<void> {
  return api.delete<void>(`${CLIENTS_KEY}/${encodeURIComponent(id)}`);
}

export function useDeleteClient() {
  return useApiMutation(`DELETE ${CLIENTS_KEY}`, deleteClient, revalidateClientReads);
}
