// DELETE /api/reviews/{id}/match: the agent dismisses the suggested (or confirmed) client for this review.
import { defineHandler } from '../../http/handler';
import { dismissMatch } from '../../services/google-reviews';
import { MATCH_REFUSALS } from '../../http/review-refusals';

export const handler = defineHandler(
  'reviews/delete-review-match',
  { refusals: MATCH_REFUSALS },
  async ({ user, params }) => {
    const review = await dismissMatch(user.id, params.id ?? '');
    return 'kind' in review ? review : { body: review };
  },
);
