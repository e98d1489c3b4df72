// After any change to clients, the app refreshes the reads under /api/clients (the list, each
// client's milestones) and the current user.
import type { ScopedMutator } from 'swr';
import { USER_KEY } from './auth';
import { CLIENTS_KEY } from './clients';

export function revalidateClientReads(mutate: ScopedMutator): Promise<unknown> {
  return mutate((key) => key === USER_KEY || (typeof key === 'string' && (key === CLIENTS_KEY || key.startsWith(`${CLIENTS_KEY}/`))));
}
