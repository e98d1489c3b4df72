// A visitor looking for their realtor in the directory (functions/data/agent-directory.ts): found by words of their
// name or business name (or their whole e-mail). Never the whole directory: at least AGENT_SEARCH_MIN_CHARS characters,
// at most AGENT_SEARCH_MAX_RESULTS answers, and AGENT_SEARCH_LIMIT searches per address.
import type { PublicAgentSearch } from '@shared/api-types';
import { AGENT_SEARCH_MAX_RESULTS, AGENT_SEARCH_MIN_CHARS, REGISTRATION_MESSAGES } from '@shared/client-registration';
import { anyListedAgent, searchAgentDirectory } from '../data/agent-directory';
import type { RateLimited } from '../domain/refusals';
import { overLimit } from './rate-limits';

export const AGENT_SEARCH_LIMIT = { max: 60, windowSeconds: 10 * 60 } as const;

/** The agents matching `q`, and whether the directory lists anyone at all (so the page can say none is there yet). */
export async function searchAgents(q: string, ip: string): Promise<PublicAgentSearch | RateLimited<'agent-searches'>> {
  const limited = await overLimit('agent-searches', { scope: 'agent-search-ip', id: ip, ...AGENT_SEARCH_LIMIT });
  if (limited) return limited;
  if (q.length < AGENT_SEARCH_MIN_CHARS)
    return { agents: [], available: await anyListedAgent(), message: REGISTRATION_MESSAGES.searchTooShort };
  const { agents } = await searchAgentDirectory(q, AGENT_SEARCH_MAX_RESULTS);
  return { agents, available: agents.length > 0 || (await anyListedAgent()) };
}
