// GET /api/admin/clients: every agent's clients, newest first, a page at a time (?limit=&cursor=).
import type { AdminClientPage } from '@shared/api-types';
import { pageAllClients, withAgentUsernames } from '../../data/admin-clients';
import { adminPageQuery, CURSOR_ERRORS, pageOptions } from '../../http/admin-pages';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler(
  'admin/get-admin-clients',
  { query: adminPageQuery, errors: CURSOR_ERRORS },
  async ({ query }) => {
    const page = await pageAllClients(pageOptions(query));
    const body: AdminClientPage = { clients: await withAgentUsernames(page.items), nextCursor: page.nextCursor };
    return { body };
  },
);
