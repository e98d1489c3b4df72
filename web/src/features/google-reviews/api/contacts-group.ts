// PUT /api/google/contacts/group { enabled }: keep the "Hearthside clients" group in the agent's Google contacts (each
// contacts sync puts every client in it), or stop. Whether it is kept shows in GET /api/integrations, read again after.
import type { ContactsGroupStatus } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { revalidateIntegrations } from './get-integrations';

const GROUP_URL = '/api/google/contacts/group';

export function useSetContactsGroup() {
  return useApiMutation<ContactsGroupStatus, boolean>(
    `PUT ${GROUP_URL}`,
    (enabled) => api.put<ContactsGroupStatus>(GROUP_URL, { enabled }),
    (mutate) => revalidateIntegrations(mutate),
  );
}
