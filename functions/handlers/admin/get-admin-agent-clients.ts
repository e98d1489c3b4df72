// GET /api/admin/clients/{agentId}: one agent's clients, a page at a time (?limit=&cursor=).
import type { AdminClientPage } from '@shared/api-types';
import { pageAgentClients } from '../../data/admin-clients';
import { toClient } from '../../data/clients';
import { getUserById } from '../../data/users';
import { isRefusal, type InvalidAgentId } from '../../domain/refusals';
import { parseAgentId } from '../../services/acting-agent';
import { INVALID_AGENT_ID_ANSWERS } from '../../http/acting-agent-refusals';
import { adminPageQuery, CURSOR_ERRORS, pageOptions } from '../../http/admin-pages';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler(
  'admin/get-admin-agent-clients',
  { query: adminPageQuery, errors: CURSOR_ERRORS, refusals: refusalAnswers<InvalidAgentId>(INVALID_AGENT_ID_ANSWERS) },
  async ({ params, query }) => {
    const agentId = parseAgentId(params.agentId);
    if (isRefusal(agentId)) return agentId;
    const agent = agentId ? await getUserById(agentId) : undefined;
    if (!agent) throw notFound('Agent not found');
    const page = await pageAgentClients(agent.id, pageOptions(query));
    const body: AdminClientPage = {
      clients: page.items.map((c) => ({ ...toClient(c), agentUsername: agent.username })),
      nextCursor: page.nextCursor,
    };
    return { body };
  },
);
