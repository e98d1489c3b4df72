// POST /api/clients/{id}/check-review: looks for the client's review on the agent's listing; a
// found review marks the client submitted.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ReviewCheck } from '../../../../../shared/api-types';
import { api } from '../../../lib/api-client';
import { CLIENTS_KEY } from '../../../lib/clients';
import { revalidateClientReads } from '../../../lib/revalidate-clients';

export const checkClientReviewUrl = (clientId: string) => `${CLIENTS_KEY}/${encodeURIComponent(clientId)}/check-review`;

export function checkClientReview(clientId: string): Promise<ReviewCheck> {
  return api.post<ReviewCheck>(checkClientReviewUrl(clientId));
}

export function useCheckClientReview() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<ReviewCheck, Error, string, string>(`CHECK ${CLIENTS_KEY}/check-review`, async (_key, { arg: clientId }) => {
    const check = await checkClientReview(clientId);
    await revalidateClientReads(mutate);
    return check;
  });
}
