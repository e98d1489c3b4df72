// GET /api/insights/referrals (Pro): the top referrers, the referred clients by month (the last 12) and how many of
// the suggested touches were acted on each week (the last 8), from counters: the cost does not follow the book. Free
// agents get 403 PRO_REQUIRED, as GET /api/insights.
import type { ProRequired } from '../../domain/refusals';
import { forbidden, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { referralInsights } from '../../services/next-best';
import { INSIGHTS_MESSAGES } from './get-insights';

const REFUSALS = refusalAnswers<ProRequired>({
  'pro-required': () => forbidden(INSIGHTS_MESSAGES.proRequired, 'PRO_REQUIRED'),
});

export const handler = defineHandler('insights/get-insights-referrals', { refusals: REFUSALS }, async ({ user }) =>
  user.isPro ? { body: await referralInsights(user) } : { kind: 'pro-required' },
);
