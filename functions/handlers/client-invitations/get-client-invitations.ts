// GET /api/client-invitations: the agent's open invitations (not used by a registration yet),
// newest first, expired ones included, so the agent can resend or cancel them.
import { defineHandler } from '../../http/handler';
import { openInvitations } from '../../services/invitations';

export const handler = defineHandler('client-invitations/get-client-invitations', {}, async ({ user }) => ({
  body: await openInvitations(user.id),
}));
