// POST /api/clients: adds a client; the answer says how many more the free plan allows.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CreatedClient } from '../../../../../shared/api-types';
import type { ClientInput } from '../../../../../shared/client-schema';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from '../../../lib/clients';
import { revalidateClientReads } from '../../../lib/revalidate-clients';

export const UPGRADE_REQUIRED = 'UPGRADE_REQUIRED';

export function createClient(input: ClientInput): Promise<CreatedClient> {
  return api.post<CreatedClient>(CLIENTS_KEY, input);
}

export function useCreateClient() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<CreatedClient, Error, string, ClientInput>(`POST ${CLIENTS_KEY}`, async (_key, { arg }) => {
    const created = await createClient(arg);
    await revalidateClientReads(mutate);
    return created;
  });
}
