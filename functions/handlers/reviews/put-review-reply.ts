// PUT /api/reviews/{id}/reply { comment }: posts the agent's reply to Google (at most 4,096 characters).
import { reviewReplySchema } from '@shared/reviews';
import { conflict, notFound, refusalAnswers } from '../../http/errors';
import { GOOGLE_ERRORS } from '../../http/google-errors';
import { defineRecordHandler } from '../../http/record-handler';
import type { GoogleNotConnected, NotFound } from '../../domain/refusals';
import { postReviewReply } from '../../services/google-reviews';

export const handler = defineRecordHandler(
  'reviews/put-review-reply',
  {
    body: reviewReplySchema,
    errors: GOOGLE_ERRORS,
    refusals: refusalAnswers<NotFound<'review'> | GoogleNotConnected>({
      'not-found': () => notFound('Review not found'),
      'google-not-connected': () => conflict('Connect your Google Business Profile first.'),
    }),
  },
  (user, reviewId, body) => postReviewReply(user.id, reviewId, body.comment),
);
