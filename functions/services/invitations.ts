// Inviting a client: a verified agent, within the daily invitation limit and e-mail cap, gets a
// single-use invitation (replacing an older one for the same e-mail) mailed to the client. If the
// mail fails the invitation is withdrawn and the send given back, so nothing is left half-done.
// The agent's open invitations (not used yet) can be resent (a new link, the old one refused) or
// cancelled (the link refused), by the id the list shows. A link's preview greets the client before they register.
import type { InvitationPreview, OpenInvitation } from '@shared/api-types';
import {
  INVITATION_TOKEN_PATTERN,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_AGENT_PER_DAY,
  REGISTRATION_MESSAGES,
} from '@shared/client-registration';
import { isId } from '@shared/schemas';
import {
  createInvitation,
  findOpenInvitation,
  getInvitationByToken,
  isLiveInvitation,
  listOpenInvitations,
  withdrawInvitation,
  type OpenInvitationRecord,
} from '../data/invitations';
import { countInsights } from '../data/insights';
import { countSentEmail, releaseSend } from '../data/outbound-caps';
import { getUserById, type UserItem } from '../data/users';
import {
  isRefusal,
  type EmailUnverified,
  type SendCapRefusal,
  type NotFound,
  type RateLimited,
  type SendFailed,
} from '../domain/refusals';
import { sendInvitationEmail } from '../integrations/client-emails';
import { unverifiedSender } from './email-verification';
import { reserveDailySend } from './send-limits';
import { overLimit } from './rate-limits';

/** Why an invitation is not sent. */
export type InviteRefusal = EmailUnverified | RateLimited<'invitations'> | SendCapRefusal | SendFailed<'email'>;
type NoSuchInvitation = NotFound<'invitation'>;

type ErrorLog = { error(message: string, fields?: Record<string, unknown>): void };
type SentInvitationRecord = { id: string; sentAt: string; expiresAt: string; replaced: boolean };

export async function inviteClient(
  agent: UserItem,
  client: { name: string; email: string },
  log: ErrorLog,
): Promise<SentInvitationRecord | InviteRefusal> {
  const unverified = unverifiedSender(agent);
  if (unverified) return unverified;
  const limited = await overLimit('invitations', {
    scope: 'invite-agent',
    id: agent.id,
    max: INVITATIONS_PER_AGENT_PER_DAY,
    windowSeconds: 24 * 3600,
  });
  if (limited) return limited;
  const slot = await reserveDailySend(agent, 'email');
  if (isRefusal(slot)) return slot;
  const invitation = await createInvitation({
    agentId: agent.id,
    name: client.name,
    email: client.email,
    ttlDays: INVITATION_TTL_DAYS,
  });
  try {
    await sendInvitationEmail(client, agent, invitation.token);
  } catch (error) {
    await withdrawInvitation(invitation.tokenHash, agent.id, client.email);
    await releaseSend(slot);
    log.error('invitation e-mail failed', { error });
    return { kind: 'send-failed', channel: 'email' };
  }
  await countSentEmail(agent.id);
  // A new link for an invitation still open (resend, or the e-mail invited again) is the same invitation.
  if (!invitation.replaced)
    await countInsights(agent.id, { invitationsSent: 1 }, new Date(invitation.createdAt), agent.timeZone);
  return {
    id: invitation.invitationId,
    sentAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
    replaced: invitation.replaced,
  };
}

function toOpenInvitation(
  record: Pick<OpenInvitationRecord, 'id' | 'name' | 'email' | 'createdAt' | 'expiresAt'>,
  now: Date,
): OpenInvitation {
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    sentAt: record.createdAt,
    expiresAt: record.expiresAt,
    expired: record.expiresAt <= now.toISOString(),
  };
}

/** The agent's open invitations, newest first. */
export async function openInvitations(agentId: string, now = new Date()): Promise<OpenInvitation[]> {
  return (await listOpenInvitations(agentId, now)).map((record) => toOpenInvitation(record, now));
}

async function openInvitation(agentId: string, id: string): Promise<OpenInvitationRecord | NoSuchInvitation> {
  const open = isId(id) ? await findOpenInvitation(agentId, id) : undefined;
  return open ?? { kind: 'not-found', what: 'invitation' };
}

/**
 * Mails the same client a new link (new token and expiry, same name and e-mail) through inviteClient, which refuses the
 * old one.
 */
export async function resendInvitation(
  agent: UserItem,
  id: string,
  log: ErrorLog,
): Promise<OpenInvitation | NoSuchInvitation | InviteRefusal> {
  const open = await openInvitation(agent.id, id);
  if (isRefusal(open)) return open;
  const sent = await inviteClient(agent, { name: open.name, email: open.email }, log);
  if (isRefusal(sent)) return sent;
  return toOpenInvitation(
    { id: sent.id, name: open.name, email: open.email, createdAt: sent.sentAt, expiresAt: sent.expiresAt },
    new Date(),
  );
}

/** Cancels one of the agent's open invitations: its link is refused from now on. */
export async function cancelInvitation(agentId: string, id: string): Promise<NoSuchInvitation | undefined> {
  const open = await openInvitation(agentId, id);
  if (isRefusal(open)) return open;
  // False only when the client used it a moment ago: it is no longer open either.
  if (!(await withdrawInvitation(open.tokenHash, agentId, open.email)))
    return { kind: 'not-found', what: 'invitation' };
  return undefined;
}

const INVALID_INVITATION: InvitationPreview = { valid: false, message: REGISTRATION_MESSAGES.invitationInvalid };

/**
 * Whether an invitation link is good, with the invited name and the agent's business to greet the client. Unknown,
 * used and expired links (and a link whose agent is gone) get one answer.
 */
export async function previewInvitation(token: string, now = new Date()): Promise<InvitationPreview> {
  if (!INVITATION_TOKEN_PATTERN.test(token)) return INVALID_INVITATION;
  const invitation = await getInvitationByToken(token);
  if (!invitation || !isLiveInvitation(invitation, now)) return INVALID_INVITATION;
  const agent = await getUserById(invitation.agentId);
  if (!agent) return INVALID_INVITATION;
  return {
    valid: true,
    name: invitation.name,
    email: invitation.email,
    agentName: agent.fullName,
    businessName: agent.businessName ?? null,
    expiresAt: invitation.expiresAt,
  };
}
