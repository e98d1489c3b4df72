// GET /r/{token}: the tracked link of a review request. The opening goes on the client's record, and the browser goes
// on (302) to the location's write-a-review page (the Places one when the agent has not connected Google).
import type { InvalidLink } from '../../domain/refusals';
import { definePublicHandler } from '../../http/handler';
import { notFound, refusalAnswers } from '../../http/errors';
import { openReviewLink } from '../../services/review-links';

const REFUSALS = refusalAnswers<InvalidLink>({ 'invalid-link': () => notFound('This review link is not valid.') });

export const handler = definePublicHandler('reviews/get-review-link', { refusals: REFUSALS }, async ({ params }) => {
  const token = params.token ?? '';
  const target = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await openReviewLink(token) : null;
  if (!target) return { kind: 'invalid-link' };
  return { status: 302, headers: { location: target, 'referrer-policy': 'no-referrer' } };
});
