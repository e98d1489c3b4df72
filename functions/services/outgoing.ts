// The agent's queue of messages (GET /api/outgoing): automatic messages awaiting approval and
// messages scheduled. Approve (with edits) sends or schedules like a message written by hand would
// go (verified sender, opt-outs, daily caps); skip drops it. Both are idempotent, and find a message
// only in the agent's own queue (a repeated call answers what became of it); what they refuse, they
// return as a refusal value.
import { ValidationError } from 'yup';
import type { MessageActivity, OutgoingAction, OutgoingMessage, OutgoingSnooze } from '@shared/api-types';
import { SKIP_REASONS, type ApproveInput } from '@shared/automations';
import { messageSchema, type MessageInput } from '@shared/messages';
import { isId } from '@shared/schemas';
import { actorOf, clientFor } from '../data/client-access';
import { changeClient } from '../client-record/record';
import { batchGet } from '../data/db';
import { clientKey } from '../data/keys/clients';
import {
  changeMessageStatus,
  findOutgoing,
  getMessage,
  listOutgoing,
  toMessageActivity,
  type MessageItem,
} from '../data/messages';
import { releaseSend, type SendSlot } from '../data/outbound-caps';
import type { UserItem } from '../data/users';
import { textDeliveryTime } from '../domain/client-message';
import { isSnoozed, snoozedUntil } from '../domain/snooze';
import {
  isRefusal,
  type EmailDestinationRefusal,
  type EmailUnverified,
  type SendCapRefusal,
  type InvalidContent,
  type NotAwaiting,
  type NotFound,
  type SendFailed,
  type TextDestinationRefusal,
} from '../domain/refusals';
import { unverifiedSender } from './email-verification';
import { emailDestination, sendApproved, textDestinationOf } from './messages';
import { reserveDailySend } from './send-limits';

/** Why an approval does not send or schedule the message. */
export type ApproveRefusal =
  | NotFound<'message' | 'client'>
  | NotAwaiting
  | EmailUnverified
  | InvalidContent
  | EmailDestinationRefusal
  | TextDestinationRefusal
  | SendCapRefusal
  | SendFailed;

/** GET /api/outgoing: the queue, soonest first (a waiting message by when it was made). */
export async function outgoingQueue(
  agent: UserItem,
  now: Date = new Date(),
): Promise<{ messages: OutgoingMessage[]; awaiting: number }> {
  // A snoozed message is back on the agent's next morning.
  const items = (await listOutgoing(agent.id)).filter((item) => !isSnoozed(item.snoozedUntil, now));
  // The clients' names and contacts in one BatchGet (per 100), not a GetItem each.
  const clientIds = [...new Set(items.map((i) => i.clientId))];
  const clients = clientIds.length
    ? await batchGet<{ id: string; name: string; phone?: string; email?: string }>(
        clientIds.map((id) => clientKey(agent.id, id)),
        { ProjectionExpression: 'id, #name, phone, email', ExpressionAttributeNames: { '#name': 'name' } },
      )
    : [];
  const byId = new Map(clients.map((c) => [c.id, c]));
  const messages = items
    .filter(
      (item): item is MessageItem & { status: 'awaiting-approval' | 'scheduled' } =>
        item.status === 'awaiting-approval' || item.status === 'scheduled',
    )
    .filter((item) => byId.has(item.clientId))
    .map((item) => {
      const client = byId.get(item.clientId)!;
      return {
        ...toMessageActivity(item),
        status: item.status,
        clientId: item.clientId,
        clientName: client.name,
        clientPhone: client.phone || null,
        clientEmail: client.email || null,
      };
    })
    .sort((a, b) => (a.sendAt ?? a.createdAt).localeCompare(b.sendAt ?? b.createdAt) || a.id.localeCompare(b.id));
  return { messages, awaiting: messages.filter((m) => m.status === 'awaiting-approval').length };
}

const actionOf = (item: MessageItem): OutgoingAction | undefined => {
  const message: MessageActivity = toMessageActivity(item);
  if (item.status === 'sent' || item.status === 'sending') return { status: 'sent', message };
  if (item.status === 'scheduled') return { status: 'scheduled', message };
  if (item.status === 'skipped') return { status: 'skipped', message };
  return undefined;
};

/** A message that is or was in the agent's queue (a repeated approve or skip answers the same), or not found. */
async function queuedMessage(agent: UserItem, messageId: string): Promise<MessageItem | NotFound<'message'>> {
  const item = isId(messageId) ? await findOutgoing(agent.id, messageId) : undefined;
  return item ?? { kind: 'not-found', what: 'message' };
}

const notAwaiting = (action: NotAwaiting['action']): NotAwaiting => ({ kind: 'not-awaiting', action });

export type ApproveEdits = ApproveInput;

/** The approved text, checked as a message the agent writes by hand is, or the first rule it breaks. */
function approvedContent(item: MessageItem, edits: ApproveEdits): MessageInput | InvalidContent {
  const candidate = {
    channel: item.channel,
    subject: item.channel === 'email' ? (edits.subject ?? item.subject) : undefined,
    body: edits.body ?? item.body,
    occasion: item.occasion,
  };
  try {
    return messageSchema.validateSync(candidate, { abortEarly: true });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { kind: 'invalid-content', problem: error.message, ...(error.path ? { field: error.path } : {}) };
  }
}

/**
 * POST /api/outgoing/{id}/approve: sends the message now (or schedules a text for the client's 8:00); again on a
 * handled message, its outcome.
 */
export async function approveOutgoing(
  agent: UserItem,
  messageId: string,
  edits: ApproveEdits,
  now = new Date(),
): Promise<OutgoingAction | ApproveRefusal> {
  const item = await queuedMessage(agent, messageId);
  if (isRefusal(item)) return item;
  if (item.status !== 'awaiting-approval') return actionOf(item) ?? notAwaiting('approve');
  const unverified = unverifiedSender(agent);
  if (unverified) return unverified;
  const checked = approvedContent(item, edits);
  if (isRefusal(checked)) return checked;
  const client = await clientFor(actorOf(agent), item.clientId);
  if (!client) return { kind: 'not-found', what: 'client' };
  const to = item.channel === 'email' ? await emailDestination(client) : await textDestinationOf(agent, client, now);
  if (isRefusal(to)) return to;
  const slot = await reserveDailySend(agent, item.channel, now);
  if (isRefusal(slot)) return slot;
  // The address as it is now: the client's e-mail or phone may have changed since the draft.
  const content = {
    body: checked.body,
    ...(checked.subject ? { subject: checked.subject } : {}),
    slotDay: slot.day,
    to,
  };
  if (item.channel === 'sms') {
    const when = textDeliveryTime(client.timeZone ?? agent.timeZone, now);
    if (!when.now) {
      const scheduled = await changeMessageStatus(item.clientId, item.id, {
        from: 'awaiting-approval',
        to: 'scheduled',
        set: { ...content, sendAt: when.sendAt.toISOString() },
      });
      if (!scheduled) return racedAway(agent, item, slot);
      await noteApproval(agent, item);
      return { status: 'scheduled', message: toMessageActivity(scheduled) };
    }
  }
  const claimed = await changeMessageStatus(item.clientId, item.id, {
    from: 'awaiting-approval',
    to: 'sending',
    set: content,
  });
  if (!claimed) return racedAway(agent, item, slot);
  const sent = await sendApproved(agent, claimed, slot, now, client);
  if (isRefusal(sent)) return sent;
  await noteApproval(agent, item);
  return { status: 'sent', message: toMessageActivity(sent) };
}

/** An automatic message approved: a client from the directory may now get the next ones without asking. */
async function noteApproval(agent: UserItem, item: MessageItem): Promise<void> {
  if (item.automatic) await changeClient(agent.id, item.clientId, { kind: 'automatic-approved' });
}

/**
 * Another request handled the message between the read and the write: its outcome, and the slot this one took goes
 * back.
 */
async function racedAway(agent: UserItem, item: MessageItem, slot: SendSlot): Promise<OutgoingAction | NotAwaiting> {
  await releaseSend(slot);
  const now = await getMessage(item.clientId, item.id);
  return (now && actionOf(now)) || notAwaiting('approve');
}

/**
 * POST /api/outgoing/{id}/skip: drops a waiting or scheduled message (a scheduled one's cap slot goes back); again, its
 * outcome.
 */
export async function skipOutgoing(
  agent: UserItem,
  messageId: string,
): Promise<OutgoingAction | NotFound<'message'> | NotAwaiting> {
  const queued = await queuedMessage(agent, messageId);
  if (isRefusal(queued)) return queued;
  let item: MessageItem | undefined = queued;
  // Conditioned on the status just read, so the slot is given back exactly when the skipped message held one.
  for (
    let attempt = 0;
    item && (item.status === 'awaiting-approval' || item.status === 'scheduled') && attempt < 3;
    attempt += 1
  ) {
    const skipped = await changeMessageStatus(item.clientId, item.id, {
      from: item.status,
      to: 'skipped',
      set: { problem: SKIP_REASONS.skippedByAgent },
      leaveDueIndex: true,
    });
    if (skipped) {
      if (item.status === 'scheduled')
        await releaseSend({ agentId: agent.id, channel: item.channel, day: item.slotDay });
      return { status: 'skipped', message: toMessageActivity(skipped) };
    }
    item = await getMessage(item.clientId, item.id);
  }
  return (item && actionOf(item)) || notAwaiting('skip');
}

/**
 * POST /api/outgoing/{id}/snooze: a message waiting for approval leaves the queue until 8:00 tomorrow in the agent's
 * zone, still waiting (approving or skipping it meanwhile works as before); a handled one cannot be snoozed.
 */
export async function snoozeOutgoing(
  agent: UserItem,
  messageId: string,
  now: Date = new Date(),
): Promise<OutgoingSnooze | NotFound<'message'> | NotAwaiting> {
  const queued = await queuedMessage(agent, messageId);
  if (isRefusal(queued)) return queued;
  if (queued.status !== 'awaiting-approval') return notAwaiting('snooze');
  const until = snoozedUntil(agent.timeZone, now).toISOString();
  const snoozed = await changeMessageStatus(queued.clientId, queued.id, {
    from: 'awaiting-approval',
    to: 'awaiting-approval',
    set: { snoozedUntil: until },
  });
  if (!snoozed) return notAwaiting('snooze');
  return { status: 'snoozed', until, message: toMessageActivity(snoozed) };
}
