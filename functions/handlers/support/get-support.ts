// GET /api/support: the agent's own support requests, newest first, with the replies to them.
import { agentSupportRequests } from '../../services/support';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('support/get-support', {}, async ({ user }) => ({
  body: { tickets: await agentSupportRequests(user) },
}));
