// The answers to admin mode's refusals on the client routes (functions/services/acting-agent.ts): an
// `agentId` that cannot be one, a caller who is no administrator naming another agent, an agent
// that does not exist.
import type { InvalidAgentId, NotAdmin, NotFound } from '../domain/refusals';
import { AGENT_ID_MESSAGE } from '../services/acting-agent';
import { badRequest, forbidden, notFound, type RefusalTable } from './errors';

export const NOT_ADMIN_MESSAGE = 'Only administrators can manage clients for another agent.';

export const INVALID_AGENT_ID_ANSWERS: RefusalTable<InvalidAgentId> = {
  'invalid-agent-id': () => badRequest(AGENT_ID_MESSAGE, { agentId: AGENT_ID_MESSAGE }),
};

export const ACTING_AGENT_ANSWERS: RefusalTable<NotAdmin | NotFound<'agent'>> = {
  'not-admin': () => forbidden(NOT_ADMIN_MESSAGE, 'NOT_ADMIN'),
  'not-found': () => notFound('Agent not found'),
};
