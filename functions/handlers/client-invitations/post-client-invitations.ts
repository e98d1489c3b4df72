// POST /api/client-invitations: e-mails a client a single-use link (7 days) to complete their
// profile. Re-inviting the same e-mail replaces the older invitation; 50 a day per agent.
import { invitationSchema } from '@shared/client-registration';
import { isRefusal } from '../../domain/refusals';
import { refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { INVITE_ANSWERS } from '../../http/send-refusals';
import { inviteClient, type InviteRefusal } from '../../services/invitations';

const REFUSALS = refusalAnswers<InviteRefusal>(INVITE_ANSWERS);

export const handler = defineHandler(
  'client-invitations/post-client-invitations',
  { body: invitationSchema, refusals: REFUSALS },
  async ({ user, body, log }) => {
    const invitation = await inviteClient(user, body, log);
    if (isRefusal(invitation)) return invitation;
    log.info('invitation sent', { agentId: user.id, replaced: invitation.replaced });
    return { status: 201, body: { name: body.name, email: body.email, expiresAt: invitation.expiresAt } };
  },
);
