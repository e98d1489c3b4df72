// POST /api/clients: adds a client; the answer says how many more the free plan allows.
import type { CreatedClient } from '@shared/api-types';
import type { ClientInput } from '@shared/client-schema';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export const UPGRADE_REQUIRED = 'UPGRADE_REQUIRED';

export function createClient(input: ClientInput): Promise<CreatedClient> {
  return api.post<CreatedClient>(CLIENTS_KEY, input);
}

export function useCreateClient() {
  return useApiMutation(`POST ${CLIENTS_KEY}`, createClient, revalidateClientReads);
}
