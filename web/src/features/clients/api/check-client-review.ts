// POST /api/clients/{id}/check-review: looks for the client's review on the agent's listing; a
// found review marks the client submitted.
import type { ReviewCheck } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export const checkClientReviewUrl = (clientId: string) => `${CLIENTS_KEY}/${encodeURIComponent(clientId)}/check-review`;

export function checkClientReview(clientId: string): Promise<ReviewCheck> {
  return api.post<ReviewCheck>(checkClientReviewUrl(clientId));
}

export function useCheckClientReview() {
  return useApiMutation(`CHECK ${CLIENTS_KEY}/check-review`, checkClientReview, revalidateClientReads);
}
