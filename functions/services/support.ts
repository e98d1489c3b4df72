// Priority support. An agent's request is written with their plan at that moment (Pro requests are
// answered first), within an hourly limit, and confirmed by e-mail; administrators list the open
// requests in the order they answer them, reply (kept on the request and e-mailed to the agent) and
// close. Closing again answers the request as it is; a reply to a closed request is refused (a
// refusal value, as is the hourly limit).
import type { SupportQueue, SupportStatus, SupportTicket, SupportTicketUpdate } from '@shared/api-types';
import {
  SUPPORT_HISTORY_LIMIT,
  SUPPORT_QUEUE_LIMIT,
  SUPPORT_REPLIES_MAX,
  type SupportActionInput,
  type SupportRequestInput,
} from '@shared/support';
import { config } from '../config';
import {
  changeOpenTicket,
  findTicketKey,
  getSupportTicket,
  listAgentTickets,
  listTicketsByStatus,
  putSupportTicket,
  toSupportTicket,
  type SupportTicketItem,
  type TicketKey,
} from '../data/support-tickets';
import { takeLimit } from '../data/throttle';
import type { UserItem } from '../data/users';
import {
  isRefusal,
  type ChangedMeanwhile,
  type NotFound,
  type RateLimited,
  type RepliesFull,
  type RequestClosed,
} from '../domain/refusals';
import { randomId } from '../domain/signed-tokens';
import { sendSupportConfirmation, sendSupportReply } from '../integrations/support-emails';
import type { Logger } from '../observability/logger';

/** Why an administrator's reply or close changes nothing. */
export type SupportActionRefusal = NotFound<'support-request'> | RequestClosed | RepliesFull | ChangedMeanwhile;

/**
 * POST /api/support: the agent's new request, open, with the confirmation e-mailed to a verified address; or the
 * hourly limit.
 */
export async function openSupportRequest(
  agent: UserItem,
  input: SupportRequestInput,
  log: Logger,
  now = new Date(),
): Promise<SupportTicket | RateLimited<'support-requests'>> {
  const max = config().supportRequestsPerHour;
  const reservation = await takeLimit(
    { scope: 'support-request', id: agent.id, max, windowSeconds: 3600 },
    now.getTime(),
  );
  if (!reservation.granted)
    return { kind: 'rate-limited', what: 'support-requests', max, retryAfterSeconds: reservation.retryAfterSeconds };
  let item: SupportTicketItem;
  try {
    item = await putSupportTicket({
      id: randomId(),
      agentId: agent.id,
      agentName: agent.fullName,
      agentEmail: agent.username,
      priority: agent.isPro ? 'pro' : 'standard',
      subject: input.subject,
      message: input.message,
      createdAt: now.toISOString(),
    });
  } catch (error) {
    await reservation.slot.cancel();
    throw error;
  }
  // The confirmation quotes what was typed: only to an address the agent has shown is theirs. The
  // request stands either way (a failed confirmation is no reason to write it again).
  if (agent.emailVerifiedAt) {
    await sendSupportConfirmation(item).catch((error: unknown) =>
      log.error('support confirmation e-mail failed', { error, ticketId: item.id }),
    );
  }
  return toSupportTicket(item);
}

/** GET /api/support: the agent's own most recent requests, newest first, with their replies. */
export async function agentSupportRequests(agent: UserItem): Promise<SupportTicket[]> {
  return (await listAgentTickets(agent.id, SUPPORT_HISTORY_LIMIT)).map(toSupportTicket);
}

/**
 * GET /api/admin/support: open requests as they are answered (Pro first, then oldest first), or the recently closed
 * ones.
 */
export async function supportQueue(status: SupportStatus): Promise<SupportQueue> {
  const { items, more } = await listTicketsByStatus(status, SUPPORT_QUEUE_LIMIT);
  return { status, tickets: items.map(toSupportTicket), more };
}

/**
 * POST /api/admin/support/{id}: the reply appended (and e-mailed to the agent) and/or the request
 * closed, as one conditional write. Closing a closed request answers it as it is.
 */
export async function actOnSupportRequest(
  admin: UserItem,
  ticketId: string,
  action: SupportActionInput,
  log: Logger,
  now = new Date(),
): Promise<SupportTicketUpdate | SupportActionRefusal> {
  const key = await findTicketKey(ticketId);
  if (!key) return { kind: 'not-found', what: 'support-request' };
  const reply =
    action.reply === undefined
      ? undefined
      : {
          id: randomId(),
          authorId: admin.id,
          authorName: admin.fullName,
          text: action.reply,
          createdAt: now.toISOString(),
        };
  const changed = await changeOpenTicket(key, ticketId, {
    reply,
    close: action.close === true,
    now: now.toISOString(),
  });
  if (!changed) {
    const current = await refusedChange(key, reply !== undefined);
    return isRefusal(current) ? current : { ticket: toSupportTicket(current), mail: 'none' };
  }
  if (!reply) return { ticket: toSupportTicket(changed), mail: 'none' };
  try {
    await sendSupportReply(changed, { author: reply.authorName, text: reply.text }, changed.status === 'closed');
    return { ticket: toSupportTicket(changed), mail: 'sent' };
  } catch (error) {
    // The reply is kept and shows on the agent's Help page; the administrator is told the e-mail did not go.
    log.error('support reply e-mail failed', { error, ticketId });
    return { ticket: toSupportTicket(changed), mail: 'failed' };
  }
}

/**
 * Why the conditional write was refused, read afresh: closing a closed request is done already (the request as it is);
 * a reply is refused.
 */
async function refusedChange(key: TicketKey, replying: boolean): Promise<SupportTicketItem | SupportActionRefusal> {
  const current = await getSupportTicket(key);
  if (!current) return { kind: 'not-found', what: 'support-request' };
  if (current.status === 'closed') return replying ? { kind: 'request-closed' } : current;
  if (replying && current.replies.length >= SUPPORT_REPLIES_MAX)
    return { kind: 'replies-full', max: SUPPORT_REPLIES_MAX };
  // Open with room: the request changed between the write and this read (another administrator's reply): try again.
  return { kind: 'changed-meanwhile' };
}
