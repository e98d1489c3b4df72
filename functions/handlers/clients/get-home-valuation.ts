// GET /api/home-valuation/{token}: the "Ask me for a free home valuation" link of a monthly home update. The click goes
// on the client's record, timeline and the agent's inbox (functions/services/home-updates.ts), and the browser goes on
// (302) to the page that says the agent will be in touch. A link not ours, or lapsed: 404.
import type { InvalidLink } from '../../domain/refusals';
import { definePublicHandler } from '../../http/handler';
import { notFound, refusalAnswers } from '../../http/errors';
import { openHomeValuationLink } from '../../services/home-updates';

const REFUSALS = refusalAnswers<InvalidLink>({
  'invalid-link': () => notFound('This link is not valid any more. Please reply to the e-mail instead.'),
});

export const handler = definePublicHandler('clients/get-home-valuation', { refusals: REFUSALS }, async ({ params }) => {
  const token = params.token ?? '';
  const target = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await openHomeValuationLink(token) : null;
  if (!target) return { kind: 'invalid-link' };
  return { status: 302, headers: { location: target, 'referrer-policy': 'no-referrer' } };
});
