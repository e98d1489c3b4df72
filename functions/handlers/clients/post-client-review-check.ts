// POST /api/clients/{id}/check-review: looks for the client's review among those Google shows for the agent's Place
// ID (functions/services/review-check.ts); a review found marks the client submitted and awards the milestone.
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers, tooManyRequests } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { REVIEW_PROVIDER_ERRORS } from '../../http/provider-errors';
import { checkClientReview } from '../../services/review-check';

const REFUSALS = refusalAnswers<RefusalOf<typeof checkClientReview>>({
  'not-found': () => notFound('Client not found'),
  'rate-limited': ({ max, retryAfterSeconds }) =>
    tooManyRequests(`You have checked reviews ${max} times this hour. Please try again later.`, retryAfterSeconds),
});

export const handler = defineHandler(
  'clients/post-client-review-check',
  { errors: REVIEW_PROVIDER_ERRORS, refusals: REFUSALS },
  async ({ user, params }) => {
    const check = await checkClientReview(user, params.id ?? '');
    return isRefusal(check) ? check : { body: check };
  },
);
