// GET /api/public/agents?q=: realtors a visitor can choose, found by words of their name or business
// name (or their whole e-mail). Never the whole directory: at least 3 characters, at most 20
// answers, a per-IP rate limit; each answer id, full name, business name and location only.
import type { PublicAgentSearch } from '@shared/api-types';
import {
  AGENT_SEARCH_MAX_RESULTS,
  AGENT_SEARCH_MIN_CHARS,
  agentSearchSchema,
  REGISTRATION_MESSAGES,
} from '@shared/client-registration';
import { anyListedAgent, searchAgentDirectory } from '../../data/agent-directory';
import { hitLimit } from '../../data/throttle';
import { tooManyRequests } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';

export const AGENT_SEARCH_LIMIT = { max: 60, windowSeconds: 10 * 60 } as const;

export const handler = definePublicHandler(
  'public/get-public-agents',
  { query: agentSearchSchema },
  async ({ query, ip }) => {
    const limit = await hitLimit({ scope: 'agent-search-ip', id: ip, ...AGENT_SEARCH_LIMIT });
    if (limit.limited)
      throw tooManyRequests('Too many searches. Please wait a few minutes and try again.', limit.retryAfterSeconds);
    const q = query.q ?? '';
    if (q.length < AGENT_SEARCH_MIN_CHARS) {
      const answer: PublicAgentSearch = {
        agents: [],
        available: await anyListedAgent(),
        message: REGISTRATION_MESSAGES.searchTooShort,
      };
      return { body: answer };
    }
    const { agents } = await searchAgentDirectory(q, AGENT_SEARCH_MAX_RESULTS);
    const answer: PublicAgentSearch = { agents, available: agents.length > 0 || (await anyListedAgent()) };
    return { body: answer };
  },
);
