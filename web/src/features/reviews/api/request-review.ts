// POST /api/clients/{id}/request-review: e-mails (and texts) the client the agent's Google review
// link and marks the review requested; at most once a week per client.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ReviewRequestResult } from '../../../../../shared/api-types';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from '../../../lib/clients';
import { revalidateClientReads } from '../../../lib/revalidate-clients';

export const requestReviewUrl = (clientId: string) => `${CLIENTS_KEY}/${encodeURIComponent(clientId)}/request-review`;

export function requestReview(clientId: string): Promise<ReviewRequestResult> {
  return api.post<ReviewRequestResult>(requestReviewUrl(clientId));
}

export function useRequestReview() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<ReviewRequestResult, Error, string, string>(`POST ${CLIENTS_KEY}/request-review`, async (_key, { arg: clientId }) => {
    const result = await requestReview(clientId);
    await revalidateClientReads(mutate);
    return result;
  });
}
