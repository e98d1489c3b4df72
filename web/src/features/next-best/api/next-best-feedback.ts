// What the agent did with a suggestion of Today's list: POST /api/today/next-best/{clientId}/done,
// POST /api/today/next-best/{clientId}/snooze { days } or POST /api/today/next-best/{clientId}/dismiss { reason }.
// Done (and "contacted elsewhere") logs a touch, so the client reads, the insights and the list are read again.
import type { DismissReason, NextBestFeedback } from '@shared/next-best';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { NEXT_BEST_KEY_PREFIX, revalidateClientReads } from '@/lib/revalidate-clients';

/** One decision on one client of the list. */
export type NextBestDecision =
  | { clientId: string; action: 'done' }
  | { clientId: string; action: 'snooze'; days: number }
  | { clientId: string; action: 'dismiss'; reason: DismissReason };

const feedbackUrl = (clientId: string, action: NextBestDecision['action']) =>
  `${NEXT_BEST_KEY_PREFIX}/${encodeURIComponent(clientId)}/${action}`;

export function sendNextBestFeedback(decision: NextBestDecision): Promise<NextBestFeedback> {
  const url = feedbackUrl(decision.clientId, decision.action);
  if (decision.action === 'snooze') return api.post<NextBestFeedback>(url, { days: decision.days });
  if (decision.action === 'dismiss') return api.post<NextBestFeedback>(url, { reason: decision.reason });
  return api.post<NextBestFeedback>(url);
}

export function useNextBestFeedback() {
  return useApiMutation(`POST ${NEXT_BEST_KEY_PREFIX}/feedback`, sendNextBestFeedback, revalidateClientReads);
}
