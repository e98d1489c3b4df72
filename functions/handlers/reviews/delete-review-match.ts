// DELETE /api/reviews/{id}/match: the agent dismisses the suggested (or confirmed) client for this review.
import { defineRecordHandler } from '../../http/record-handler';
import { dismissMatch } from '../../services/google-reviews';
import { MATCH_REFUSALS } from '../../http/review-refusals';

export const handler = defineRecordHandler(
  'reviews/delete-review-match',
  { refusals: MATCH_REFUSALS },
  (user, reviewId) => dismissMatch(user.id, reviewId),
);
