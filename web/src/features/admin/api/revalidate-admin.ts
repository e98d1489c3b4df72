// After an administrator changes clients, the admin reads (lists, counts, analytics), the agents'
// own lists and the current user are refreshed.
import type { ScopedMutator } from 'swr';
import { USER_KEY } from '@/lib/auth';
import { CLIENT_PAGES_KEY_PREFIX } from '@/lib/clients';
import { ADMIN_ANALYTICS_KEY } from './get-admin-analytics';
import { ADMIN_CLIENTS_KEY } from './get-admin-clients';
import { AGENTS_KEY } from './get-agents';

export function revalidateAdminReads(mutate: ScopedMutator): Promise<unknown> {
  return mutate(
    (key) =>
      key === USER_KEY ||
      key === AGENTS_KEY ||
      key === ADMIN_ANALYTICS_KEY ||
      (typeof key === 'string' &&
        (key === ADMIN_CLIENTS_KEY ||
          key.startsWith(`${ADMIN_CLIENTS_KEY}/`) ||
          key === '/api/clients' ||
          key.startsWith(CLIENT_PAGES_KEY_PREFIX) ||
          key.startsWith('/api/clients/'))),
  );
}
