// POST /api/reviews/{id}/match { clientId }: the agent confirms who wrote the review; the client becomes submitted.
import { reviewMatchSchema } from '@shared/reviews';
import { defineHandler } from '../../http/handler';
import { confirmMatch } from '../../services/google-reviews';
import { MATCH_REFUSALS } from '../../http/review-refusals';

export const handler = defineHandler(
  'reviews/post-review-match',
  { body: reviewMatchSchema, refusals: MATCH_REFUSALS },
  async ({ user, params, body }) => {
    const review = await confirmMatch(user, params.id ?? '', body.clientId);
    return 'kind' in review ? review : { body: review };
  },
);
