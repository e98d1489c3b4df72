// Inviting a client: a verified agent, within the daily invitation limit and e-mail cap, gets a
// single-use invitation (replacing an older one for the same e-mail) mailed to the client. If the
// mail fails the invitation is withdrawn and the send given back, so nothing is left half-done.
import { INVITATION_TTL_DAYS, INVITATIONS_PER_AGENT_PER_DAY } from '../../shared/client-registration';
import { createInvitation, withdrawInvitation } from '../data/invitations';
import { releaseSend } from '../data/outbound-caps';
import { hitLimit } from '../data/throttle';
import type { UserItem } from '../data/users';
import { HttpError, tooManyRequests } from '../http/errors';
import { sendInvitationEmail } from '../integrations/client-emails';
import { requireVerifiedSender } from './email-verification';
import { reserveDailySend } from './send-limits';

export async function inviteClient(agent: UserItem, client: { name: string; email: string }, log: { error(message: string, fields?: Record<string, unknown>): void }): Promise<{ expiresAt: string; replaced: boolean }> {
  requireVerifiedSender(agent);
  const limit = await hitLimit({ scope: 'invite-agent', id: agent.id, max: INVITATIONS_PER_AGENT_PER_DAY, windowSeconds: 24 * 3600 });
  if (limit.limited) {
    throw tooManyRequests(`You can send up to ${INVITATIONS_PER_AGENT_PER_DAY} invitations a day. Please try again later.`, limit.retryAfterSeconds);
  }
  const slot = await reserveDailySend(agent, 'email');
  const invitation = await createInvitation({ agentId: agent.id, name: client.name, email: client.email, ttlDays: INVITATION_TTL_DAYS });
  try {
    await sendInvitationEmail(client, agent, invitation.token);
  } catch (error) {
    await withdrawInvitation(invitation.tokenHash, agent.id, client.email);
    await releaseSend(slot);
    log.error('invitation e-mail failed', { error });
    throw new HttpError(502, 'The invitation e-mail could not be sent. Please try again in a moment.', { code: 'MAIL_FAILED' });
  }
  return { expiresAt: invitation.expiresAt, replaced: invitation.replaced };
}
