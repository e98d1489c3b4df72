// POST /api/client-invitations/{id}/resend: mails the client of one of the agent's open invitations
// a fresh link (new token and expiry, the same e-mail as the first time); the old link stops
// working. Counts as an invitation sent (the daily limits apply). 404 for an id that is not one of
// this agent's open invitations.
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { INVITATION_NOT_FOUND, INVITE_ANSWERS } from '../../http/send-refusals';
import { resendInvitation } from '../../services/invitations';

const REFUSALS = refusalAnswers<RefusalOf<typeof resendInvitation>>({
  ...INVITE_ANSWERS,
  'not-found': () => notFound(INVITATION_NOT_FOUND),
});

export const handler = defineHandler(
  'client-invitations/post-client-invitation-resend',
  { refusals: REFUSALS },
  async ({ user, params, log }) => {
    const invitation = await resendInvitation(user, params.id ?? '', log);
    if (isRefusal(invitation)) return invitation;
    log.info('invitation resent', { agentId: user.id });
    return { body: invitation };
  },
);
