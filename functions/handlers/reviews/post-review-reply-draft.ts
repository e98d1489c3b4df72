// POST /api/reviews/{id}/reply-draft: a reply for the agent to edit (the model for Pro, else the composer); nothing is
// posted.
import { reviewReplyDraftSchema } from '@shared/reviews';
import { defineHandler } from '../../http/handler';
import { draftReviewReply } from '../../services/review-replies';
import { MATCH_REFUSALS } from '../../http/review-refusals';

export const handler = defineHandler(
  'reviews/post-review-reply-draft',
  { body: reviewReplyDraftSchema, refusals: MATCH_REFUSALS },
  async ({ user, params, body }) => {
    const draft = await draftReviewReply(user, params.id ?? '', body.variant);
    return 'kind' in draft ? draft : { body: draft };
  },
);
