// POST /api/reviews/{id}/match { clientId }: the agent confirms who wrote the review; the client becomes submitted.
import { reviewMatchSchema } from '@shared/reviews';
import { defineRecordHandler } from '../../http/record-handler';
import { confirmMatch } from '../../services/google-reviews';
import { MATCH_REFUSALS } from '../../http/review-refusals';

export const handler = defineRecordHandler(
  'reviews/post-review-match',
  { body: reviewMatchSchema, refusals: MATCH_REFUSALS },
  (user, reviewId, body) => confirmMatch(user, reviewId, body.clientId),
);
