// After any change to clients, the app refreshes the reads under /api/clients (the whole book, the
// pages of the clients page, each client's milestones), the current user and the insights (a
// message or a touch changes the month's counts and who has not heard from the agent lately).
import type { ScopedMutator } from 'swr';
import { USER_KEY } from './auth';
import { CLIENT_PAGES_KEY_PREFIX, CLIENTS_KEY } from './clients';
import { DASHBOARD_KEY } from './dashboard';

/** GET /api/insights?months=N: every period's read starts with it. */
export const INSIGHTS_KEY_PREFIX = '/api/insights';

/** GET /api/conversations (the Inbox and its badge): a message sent or logged moves its conversation. */
export const CONVERSATIONS_KEY_PREFIX = '/api/conversations';

export function revalidateClientReads(mutate: ScopedMutator): Promise<unknown> {
  return mutate(
    (key) =>
      key === USER_KEY ||
      key === DASHBOARD_KEY ||
      (typeof key === 'string' &&
        (key === CLIENTS_KEY ||
          key.startsWith(CLIENT_PAGES_KEY_PREFIX) ||
          key.startsWith(`${CLIENTS_KEY}/`) ||
          key.startsWith(`${INSIGHTS_KEY_PREFIX}?`) ||
          key.startsWith(CONVERSATIONS_KEY_PREFIX))),
  );
}
