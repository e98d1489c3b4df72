// GET /api/insights?months=N (Pro): the agent's insights over N months ending with the current one
// (1 to 24, 12 unless given), months in the agent's time zone. Free agents get 403 PRO_REQUIRED: the
// page shows them a sample instead.
import * as yup from 'yup';
import { INSIGHTS_MONTHS } from '../../domain/insights';
import type { ProRequired } from '../../domain/refusals';
import { forbidden, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { wholeNumberParam } from '../../http/query-numbers';
import { readInsights } from '../../services/insights';

export const INSIGHTS_MESSAGES = {
  months: `Months must be a whole number from 1 to ${INSIGHTS_MONTHS.max}`,
  proRequired: 'Insights are part of Pro. Upgrade to see your figures.',
} as const;

const query = yup.object({
  months: wholeNumberParam({ min: 1, max: INSIGHTS_MONTHS.max }, 2, INSIGHTS_MESSAGES.months),
});

const REFUSALS = refusalAnswers<ProRequired>({
  'pro-required': () => forbidden(INSIGHTS_MESSAGES.proRequired, 'PRO_REQUIRED'),
});

export const handler = defineHandler(
  'insights/get-insights',
  { query, refusals: REFUSALS },
  async ({ user, query }) => {
    if (!user.isPro) return { kind: 'pro-required' };
    const months = query.months === undefined ? INSIGHTS_MONTHS.default : Number(query.months);
    return { body: await readInsights(user, months) };
  },
);
