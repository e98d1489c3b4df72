// GET /api/today/next-best?limit=10 (1–60): whom to contact today, why and how, for the agent's own date in their
// time zone (functions/services/next-best.ts). A free account sees the top FREE_NEXT_BEST and no drafts.
import * as yup from 'yup';
import { NEXT_BEST_LIMIT } from '@shared/next-best';
import { NEXT_BEST_MESSAGES } from '@shared/next-best-requests';
import { defineHandler } from '../../http/handler';
import { wholeNumberParam } from '../../http/query-numbers';
import { nextBestList } from '../../services/next-best';

const query = yup.object({ limit: wholeNumberParam(NEXT_BEST_LIMIT, 2, NEXT_BEST_MESSAGES.limit) });

export const handler = defineHandler('today/get-next-best', { query }, async ({ user, query }) => {
  const limit = query.limit === undefined ? NEXT_BEST_LIMIT.default : Number(query.limit);
  return { body: await nextBestList(user, limit) };
});
