// After any change to clients, the app refreshes the reads under /api/clients (the whole book, the
// pages of the clients page, each client's milestones and relationship), the current user, the insights (a
// message or a touch changes the month's counts and who has not heard from the agent lately, a referrer the
// referrals) and Today's next best touches (a touch, a rhythm or a key date changes whom to contact).
import type { ScopedMutator } from 'swr';
import { USER_KEY } from './auth';
import { CLIENT_PAGES_KEY_PREFIX, CLIENTS_KEY } from './clients';
import { DASHBOARD_KEY } from './dashboard';

/** GET /api/insights?months=N: every period's read starts with it (and GET /api/insights/referrals). */
export const INSIGHTS_KEY_PREFIX = '/api/insights';

/** GET /api/today/next-best?limit=N: Today's list of whom to contact. */
export const NEXT_BEST_KEY_PREFIX = '/api/today/next-best';

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
          key.startsWith(`${INSIGHTS_KEY_PREFIX}/`) ||
          key.startsWith(NEXT_BEST_KEY_PREFIX) ||
          key.startsWith(CONVERSATIONS_KEY_PREFIX))),
  );
}
