// A review's writes: confirm or dismiss its match (POST/DELETE /api/reviews/{id}/match), draft a reply
// (POST …/reply-draft: nothing is posted) and post it (PUT …/reply). The review lists are read again after each
// write, and a confirmed match changes a client, so the client lists are too.
import type { BusinessReview, ReviewReplyDraft } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { revalidateClientReads } from '@/lib/revalidate-clients';
import { revalidateReviews } from './get-reviews';

const reviewPath = (id: string) => `/api/reviews/${encodeURIComponent(id)}`;

export function useConfirmMatch() {
  return useApiMutation(
    'POST /api/reviews/{id}/match',
    ({ id, clientId }: { id: string; clientId: string }) =>
      api.post<BusinessReview>(`${reviewPath(id)}/match`, { clientId }),
    (mutate) => Promise.all([revalidateReviews(mutate), revalidateClientReads(mutate)]),
  );
}

export function useDismissMatch() {
  return useApiMutation(
    'DELETE /api/reviews/{id}/match',
    (id: string) => api.delete<BusinessReview>(`${reviewPath(id)}/match`),
    (mutate) => revalidateReviews(mutate),
  );
}

export function useDraftReply() {
  return useApiMutation(
    'POST /api/reviews/{id}/reply-draft',
    ({ id, variant }: { id: string; variant: number }) =>
      api.post<ReviewReplyDraft>(`${reviewPath(id)}/reply-draft`, { variant }),
    async () => undefined,
  );
}

export function usePostReply() {
  return useApiMutation(
    'PUT /api/reviews/{id}/reply',
    ({ id, comment }: { id: string; comment: string }) =>
      api.put<BusinessReview>(`${reviewPath(id)}/reply`, { comment }),
    (mutate) => revalidateReviews(mutate),
  );
}
