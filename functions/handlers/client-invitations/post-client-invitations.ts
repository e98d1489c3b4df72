// POST /api/client-invitations: e-mails a client a single-use link (7 days) to complete their
// profile. Re-inviting the same e-mail replaces the older invitation; 50 a day per agent.
import { INVITATION_TTL_DAYS, INVITATIONS_PER_AGENT_PER_DAY, invitationSchema } from '../../../shared/client-registration';
import { createInvitation, withdrawInvitation } from '../../data/invitations';
import { releaseSend } from '../../data/outbound-caps';
import { hitLimit } from '../../data/throttle';
import { requireVerifiedSender } from '../../services/email-verification';
import { HttpError, tooManyRequests } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { reserveDailySend } from '../../services/send-limits';
import { sendInvitationEmail } from '../../integrations/client-emails';

export const handler = defineHandler('client-invitations/post-client-invitations', { body: invitationSchema }, async ({ user, body, log }) => {
  requireVerifiedSender(user);
  const limit = await hitLimit({ scope: 'invite-agent', id: user.id, max: INVITATIONS_PER_AGENT_PER_DAY, windowSeconds: 24 * 3600 });
  if (limit.limited) {
    throw tooManyRequests(`You can send up to ${INVITATIONS_PER_AGENT_PER_DAY} invitations a day. Please try again later.`, limit.retryAfterSeconds);
  }
  const slot = await reserveDailySend(user, 'email');
  const invitation = await createInvitation({ agentId: user.id, name: body.name, email: body.email, ttlDays: INVITATION_TTL_DAYS });
  try {
    await sendInvitationEmail(body, user, invitation.token);
  } catch (error) {
    await withdrawInvitation(invitation.tokenHash, user.id, body.email);
    await releaseSend(slot);
    log.error('invitation e-mail failed', { error });
    throw new HttpError(502, 'The invitation e-mail could not be sent. Please try again in a moment.', { code: 'MAIL_FAILED' });
  }
  log.info('invitation sent', { agentId: user.id, replaced: invitation.replaced });
  return { status: 201, body: { name: body.name, email: body.email, expiresAt: invitation.expiresAt } };
});
