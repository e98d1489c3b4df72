// GET /r/{token}: the tracked link of a review request. The opening goes on the client's record, and the browser goes
// on (302) to the location's write-a-review page (the Places one when the agent has not connected Google).
import { definePublicHandler } from '../../http/handler';
import { notFound } from '../../http/errors';
import { openReviewLink } from '../../services/review-links';

export const handler = definePublicHandler('reviews/get-review-link', {}, async ({ params }) => {
  const token = params.token ?? '';
  const target = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await openReviewLink(token) : null;
  if (!target) throw notFound('This review link is not valid.');
  return { status: 302, headers: { location: target, 'referrer-policy': 'no-referrer' } };
});
