// POST /api/reviews/{id}/reply-draft: a reply for the agent to edit (the model for Pro, else the composer); nothing is
// posted.
import { reviewReplyDraftSchema } from '@shared/reviews';
import { defineRecordHandler } from '../../http/record-handler';
import { draftReviewReply } from '../../services/review-replies';
import { MATCH_REFUSALS } from '../../http/review-refusals';

export const handler = defineRecordHandler(
  'reviews/post-review-reply-draft',
  { body: reviewReplyDraftSchema, refusals: MATCH_REFUSALS },
  (user, reviewId, body) => draftReviewReply(user, reviewId, body.variant),
);
