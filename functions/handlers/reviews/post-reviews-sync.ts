// POST /api/reviews/sync: reads the location's reviews from Google down to the last sync (as the hourly job does). It
// stops before the function's timeout and keeps where it got to: the next sync (or the hourly job) goes on from there.
import { conflict, refusalAnswers } from '../../http/errors';
import { GOOGLE_ERRORS } from '../../http/google-errors';
import { defineHandler } from '../../http/handler';
import { syncReviews, type SyncRefusal } from '../../services/google-reviews';

export const SYNC_REFUSALS = refusalAnswers<SyncRefusal>({
  'google-not-connected': () => conflict('Connect your Google Business Profile first.'),
  'google-no-location': () => conflict('Choose which of your locations to follow first.'),
});

export const handler = defineHandler(
  'reviews/post-reviews-sync',
  { errors: GOOGLE_ERRORS, refusals: SYNC_REFUSALS },
  async ({ user, remainingMs }) => {
    const result = await syncReviews(user, new Date(), { remainingMs });
    if ('kind' in result) return result;
    const { added, updated, total } = result;
    return { body: { added, updated, total } };
  },
);
