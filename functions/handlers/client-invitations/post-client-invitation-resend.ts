// POST /api/client-invitations/{id}/resend: mails the client of one of the agent's open invitations
// a fresh link (new token and expiry, the same e-mail as the first time); the old link stops
// working. Counts as an invitation sent (the daily limits apply). 404 for an id that is not one of
// this agent's open invitations.
import { defineHandler } from '../../http/handler';
import { resendInvitation } from '../../services/invitations';

export const handler = defineHandler(
  'client-invitations/post-client-invitation-resend',
  {},
  async ({ user, params, log }) => {
    const invitation = await resendInvitation(user, params.id ?? '', log);
    log.info('invitation resent', { agentId: user.id });
    return { body: invitation };
  },
);
