// POST /api/clients/{id}/check-review: looks for the client's review among those Google shows for the agent's Place
// ID (functions/services/review-check.ts); a review found marks the client submitted and awards the milestone.
import type { RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers, tooManyRequests } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { REVIEW_PROVIDER_ERRORS } from '../../http/provider-errors';
import { checkClientReview } from '../../services/review-check';

const REFUSALS = refusalAnswers<RefusalOf<typeof checkClientReview>>({
  'not-found': () => notFound('Client not found'),
  'rate-limited': ({ max, retryAfterSeconds }) =>
    tooManyRequests(`You have checked reviews ${max} times this hour. Please try again later.`, retryAfterSeconds),
});

export const handler = defineRecordHandler(
  'clients/post-client-review-check',
  { errors: REVIEW_PROVIDER_ERRORS, refusals: REFUSALS },
  checkClientReview,
);
