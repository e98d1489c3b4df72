// GET /api/admin/clients/{agentId}: one agent's clients, a page at a time (?limit=&cursor=).
import type { AdminClientPage } from '@shared/api-types';
import { pageAgentClients } from '../../data/admin-clients';
import { toClient } from '../../data/clients';
import { getUserById } from '../../data/users';
import { parseAgentId } from '../../services/acting-agent';
import { adminPageQuery, CURSOR_ERRORS, pageOptions } from '../../http/admin-pages';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler(
  'admin/get-admin-agent-clients',
  { query: adminPageQuery, errors: CURSOR_ERRORS },
  async ({ params, query }) => {
    const agentId = parseAgentId(params.agentId);
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
