// GET /api/public/agents?q=: realtors a visitor can choose, found by words of their name or business
// name (or their whole e-mail). Never the whole directory: at least 3 characters, at most 20
// answers, a per-IP rate limit; each answer id, full name, business name and location only.
import { agentSearchSchema } from '@shared/client-registration';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { refusalAnswers, tooManyRequests } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { searchAgents } from '../../services/agent-search';

const REFUSALS = refusalAnswers<RefusalOf<typeof searchAgents>>({
  'rate-limited': ({ retryAfterSeconds }) =>
    tooManyRequests('Too many searches. Please wait a few minutes and try again.', retryAfterSeconds),
});

export const handler = definePublicHandler(
  'public/get-public-agents',
  { query: agentSearchSchema, refusals: REFUSALS },
  async ({ query, ip }) => {
    const found = await searchAgents(query.q ?? '', ip);
    return isRefusal(found) ? found : { body: found };
  },
);
