// POST /api/clients/{id}/review-status: the agent marks a client's review by hand (without a Places
// key nothing else ever marks it submitted); the client reads are refreshed after.
import type { Client, ReviewStatus } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { CLIENTS_KEY } from '@/lib/clients';
import { revalidateClientReads } from '@/lib/revalidate-clients';

export type MarkReviewArgs = { clientId: string; status: ReviewStatus };

export function markReview({ clientId, status }: MarkReviewArgs): Promise<Client> {
  return api.post<Client>(`${CLIENTS_KEY}/${encodeURIComponent(clientId)}/review-status`, { status });
}

export function useMarkReview() {
  return useApiMutation(`POST ${CLIENTS_KEY}/review-status`, markReview, revalidateClientReads);
}
