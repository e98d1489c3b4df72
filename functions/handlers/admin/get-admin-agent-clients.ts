// GET /api/admin/clients/{agentId}: one agent's clients, a page at a time (?limit=&cursor=).
import { isRefusal, type InvalidAgentId, type NotFound } from '../../domain/refusals';
import { parseAgentId } from '../../services/acting-agent';
import { agentClientsPage } from '../../services/admin-clients';
import { INVALID_AGENT_ID_ANSWERS } from '../../http/acting-agent-refusals';
import { adminPageQuery, CURSOR_ERRORS, pageOptions } from '../../http/admin-pages';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler(
  'admin/get-admin-agent-clients',
  {
    query: adminPageQuery,
    errors: CURSOR_ERRORS,
    refusals: refusalAnswers<InvalidAgentId | NotFound<'agent'>>({
      ...INVALID_AGENT_ID_ANSWERS,
      'not-found': () => notFound('Agent not found'),
    }),
  },
  async ({ params, query }) => {
    const agentId = parseAgentId(params.agentId);
    if (isRefusal(agentId)) return agentId;
    const page = await agentClientsPage(agentId, pageOptions(query));
    return isRefusal(page) ? page : { body: page };
  },
);
