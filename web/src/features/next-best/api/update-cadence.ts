// PATCH /api/clients/{id} { cadenceDays }: the new keep-in-touch rhythm the agent gives after dismissing a suggestion
// as "Wrong rhythm". The client's reads (Today's list among them) are read again.
import type { Client } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export type CadenceChange = { clientId: string; cadenceDays: number };

export function updateCadence({ clientId, cadenceDays }: CadenceChange): Promise<Client> {
  return api.patch<Client>(`${CLIENTS_KEY}/${encodeURIComponent(clientId)}`, { cadenceDays });
}

export function useUpdateCadence() {
  return useApiMutation(`PATCH ${CLIENTS_KEY}/cadence`, updateCadence, revalidateClientReads);
}
