// POST /api/clients/{id}/request-review: e-mails (and texts) the client the agent's Google review
// link and marks the review requested; at most once a week per client.
import type { ReviewRequestResult } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export const requestReviewUrl = (clientId: string) => `${CLIENTS_KEY}/${encodeURIComponent(clientId)}/request-review`;

export function requestReview(clientId: string): Promise<ReviewRequestResult> {
  return api.post<ReviewRequestResult>(requestReviewUrl(clientId));
}

export function useRequestReview() {
  return useApiMutation(`POST ${CLIENTS_KEY}/request-review`, requestReview, revalidateClientReads);
}
