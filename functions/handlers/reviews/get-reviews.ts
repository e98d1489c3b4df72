// GET /api/reviews?filter=all|unreplied|unmatched&cursor=: the agent's Google reviews, newest first, a page at a time,
// with the location's rating and count.
import { reviewInboxQuerySchema, type ReviewFilter } from '@shared/reviews';
import { CURSOR_ERRORS } from '../../http/admin-pages';
import { defineHandler } from '../../http/handler';
import { reviewInbox } from '../../services/google-reviews';

export const handler = defineHandler(
  'reviews/get-reviews',
  { query: reviewInboxQuerySchema, errors: CURSOR_ERRORS },
  async ({ user, query }) => ({
    body: await reviewInbox(user.id, query.filter as ReviewFilter, query.cursor || undefined),
  }),
);
