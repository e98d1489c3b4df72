// Broadcasts (POST /api/broadcasts): one personal draft for each client of an audience (a saved segment or a client
// filter), written by the draft engine per client as the automatic messages are, and queued: waiting for the agent's
// approval on Today, or (a Pro agent's `auto`) scheduled. The rules of automatic messages apply to each one, by the
// same code (automations.ts: who is skipped and why, when a draft may go without approval, the daily caps); what the
// caps hold back takes a slot of a later day and is scheduled for it, for Pro only (others approve it another day).
//
// The drafting is a background task (functions/services/broadcast-job.ts); this module is what the routes
// reach (it never drafts, so they need no model).
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ApproveAllResult, Broadcast, BroadcastChannel, BroadcastRequest, ClientFilter } from '@shared/api-types';
import { addDays } from '@shared/dates';
import { listBroadcasts, listRecipients, putBroadcast, type BroadcastItem } from '../data/broadcasts';
import type { ClientItem } from '../data/clients';
import { batchGet, db, table } from '../data/db';
import { segmentKey } from '../data/keys/clients';
import { activityKey } from '../data/keys/messages';
import { changeMessageStatus, listOutgoing, type MessageItem } from '../data/messages';
import { releaseSend, type SendSlot } from '../data/outbound-caps';
import type { SegmentItem } from '../data/segments';
import type { UserItem } from '../data/users';
import { automaticSendAt } from '../domain/client-message';
import { booksLaterDays } from '../domain/send-trust';
import { isRefusal, type SendCapRefusal } from '../domain/refusals';
import { randomId } from '../domain/signed-tokens';
import { enqueueTask } from '../integrations/task-queue';
import { UNLIMITED, type RemainingMs } from '../lib/time-budget';
import { createLogger } from '../observability/logger';
import { approveOutgoing } from './outgoing';
import { reserveDailySend } from './send-limits';

/** A held-back message looks this many days ahead for a day under the caps; past that it waits for approval. */
export const HOLD_BACK_DAYS_MAX = 30;
/** Broadcast messages go at this time of the client's day (a text: within its quiet hours' window). */
const SEND_MINUTE = 10 * 60;
const RECENT = 20;
const log = createLogger({ module: 'broadcasts' });

export const broadcastMessageId = (broadcastId: string, clientId: string): string =>
  createHash('sha256').update(`broadcast|${broadcastId}|${clientId}`).digest('base64url').slice(0, 22);

export type BroadcastStart =
  { outcome: 'started'; id: string } | { outcome: 'no-such-segment' } | { outcome: 'pro-required' };

/** Saves the broadcast and queues its drafting: its id, or why not. */
export async function startBroadcast(
  agent: UserItem,
  request: BroadcastRequest,
  now = new Date(),
): Promise<BroadcastStart> {
  if (request.mode === 'auto' && !agent.isPro) return { outcome: 'pro-required' };
  let filter: ClientFilter;
  if (request.segmentId !== undefined) {
    const out = await db().send(new GetCommand({ TableName: table(), Key: segmentKey(agent.id, request.segmentId) }));
    const segment = out.Item as SegmentItem | undefined;
    if (!segment) return { outcome: 'no-such-segment' };
    filter = segment.filter;
  } else filter = request.filter!;
  const id = randomId(12);
  await putBroadcast({
    id,
    agentId: agent.id,
    filter,
    channel: request.channel,
    occasion: request.occasion,
    ...(request.instructions ? { instructions: request.instructions } : {}),
    mode: request.mode,
    status: 'queued',
    createdAt: now.toISOString(),
  });
  await enqueueTask({ kind: 'broadcast', agentId: agent.id, broadcastId: id });
  return { outcome: 'started', id };
}

/**
 * Reserves daily-cap slots from a day on: today's first, then (the caps reached) the next days', remembering the
 * first day with room so each message does not ask the full days again. Only Pro books later days: anyone else gets
 * today's slot or today's refusal.
 */
export class SlotFinder {
  private offset: number;
  constructor(
    private readonly agent: UserItem,
    private readonly channel: BroadcastChannel,
    private readonly now: Date,
    firstOffset = 0,
  ) {
    this.offset = firstOffset;
  }

  async reserve(): Promise<SendSlot | SendCapRefusal> {
    let refusal: SendCapRefusal | undefined;
    const last = booksLaterDays(this.agent) ? HOLD_BACK_DAYS_MAX : 0;
    // Recipients reserve at once: each starts at the first day none found full, and moves that past a full one.
    for (let offset = Math.min(this.offset, last); offset <= last; offset += 1) {
      const at =
        offset === 0 ? this.now : new Date(`${addDays(this.now.toISOString().slice(0, 10), offset)}T12:00:00.000Z`);
      const reserved = await reserveDailySend(this.agent, this.channel, at);
      if (!isRefusal(reserved)) return reserved;
      refusal = reserved;
      if (reserved.kind === 'sending-paused') return reserved;
      this.offset = Math.max(this.offset, offset + 1);
    }
    return refusal!;
  }
}

/** When a message holding `slot` goes: the broadcast's time on the slot's day in the client's zone (not before now). */
export function sendAtFor(slot: SendSlot, client: ClientItem | undefined, agent: UserItem, now: Date): string {
  return automaticSendAt(slot.day, SEND_MINUTE, client?.timeZone ?? agent.timeZone, slot.channel, now).toISOString();
}

/** The broadcast as GET answers it: its recipients' records and their messages' statuses, read now. */
export async function broadcastView(item: BroadcastItem): Promise<Broadcast> {
  const recipients = await listRecipients(item.agentId, item.id);
  const skipped: Broadcast['skipped'] = {};
  const drafted = recipients.filter((r) => {
    if (r.skipped) skipped[r.skipped] = (skipped[r.skipped] ?? 0) + 1;
    return !r.skipped;
  });
  const messages = drafted.length
    ? await batchGet<Pick<MessageItem, 'status' | 'slotDay'>>(
        drafted.map((r) => activityKey(r.clientId, r.messageId)),
        { ProjectionExpression: '#status, slotDay', ExpressionAttributeNames: { '#status': 'status' } },
      )
    : [];
  const count = (...statuses: string[]) => messages.filter((m) => statuses.includes(m.status)).length;
  const scheduledDays = messages.filter((m) => m.status === 'scheduled').map((m) => m.slotDay);
  return {
    id: item.id,
    status: item.status,
    channel: item.channel,
    occasion: item.occasion,
    mode: item.mode,
    createdAt: item.createdAt,
    total: item.total ?? 0,
    handled: recipients.length,
    drafted: drafted.length,
    awaiting: count('awaiting-approval'),
    scheduled: scheduledDays.length,
    sent: count('sent', 'sending'),
    skipped,
    lastSendDate: scheduledDays.length ? scheduledDays.sort().at(-1)! : null,
  };
}

export async function recentBroadcasts(agentId: string): Promise<Broadcast[]> {
  return Promise.all((await listBroadcasts(agentId, RECENT)).map(broadcastView));
}

/**
 * What one approval may take (the single approve route's timeout): "Approve all" starts the next message only while
 * more than this is left before the function's timeout, so it never runs past API Gateway's 29 s and never stops in the
 * middle of a send.
 */
export const APPROVAL_TIME_MS = 15_000;

export type ApproveAllOptions = {
  /** Only the waiting messages after this one (the `continueAfter` of the previous answer). */
  after?: string;
  /** The time the function has left (Lambda's); unlimited when not given. */
  remainingMs?: RemainingMs;
};

/**
 * POST /api/outgoing/approve-all: approves every message waiting (of one broadcast when named), in the order of their
 * ids, as each approve does; one the daily caps refuse is scheduled for the first later day with room. It stops when
 * the function's time runs short (after one message at least, so each request moves on), and answers how many it did
 * not reach and where to continue.
 */
export async function approveAll(
  agent: UserItem,
  broadcastId: string | undefined,
  now = new Date(),
  { after, remainingMs = UNLIMITED }: ApproveAllOptions = {},
): Promise<ApproveAllResult> {
  const waiting = (await listOutgoing(agent.id))
    .filter(
      (m) =>
        m.status === 'awaiting-approval' &&
        (broadcastId === undefined || m.broadcastId === broadcastId) &&
        (after === undefined || m.id > after),
    )
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const result: ApproveAllResult = {
    sent: 0,
    scheduled: 0,
    heldBack: 0,
    failed: 0,
    lastSendDate: null,
    remaining: 0,
    continueAfter: null,
  };
  const later = { email: new SlotFinder(agent, 'email', now, 1), sms: new SlotFinder(agent, 'sms', now, 1) };
  const stopBefore = (index: number) => {
    result.remaining = waiting.length - index;
    result.continueAfter = waiting[index - 1]!.id;
  };
  for (const [index, item] of waiting.entries()) {
    if (index > 0 && remainingMs() < APPROVAL_TIME_MS) {
      stopBefore(index);
      break;
    }
    try {
      await approveOne(agent, item, now, later, result);
    } catch (error) {
      // The first message's error is the request's; after it, the answer says what was done, and the next request
      // begins with this message (an approval that stops on an error leaves it waiting, never `sending`).
      if (index === 0) throw error;
      log.warn('approve all stopped on an error', { agentId: agent.id, messageId: item.id, error });
      stopBefore(index);
      break;
    }
  }
  return result;
}

/** One waiting message of "Approve all", its outcome counted in `result`. */
async function approveOne(
  agent: UserItem,
  item: MessageItem,
  now: Date,
  later: Record<BroadcastChannel, SlotFinder>,
  result: ApproveAllResult,
): Promise<void> {
  const approved = await approveOutgoing(agent, item.id, {}, now);
  if (!isRefusal(approved)) {
    if (approved.status === 'sent') result.sent += 1;
    else if (approved.status === 'scheduled') result.scheduled += 1;
    return;
  }
  if (approved.kind !== 'daily-limit' && approved.kind !== 'platform-limit') {
    result.failed += 1;
    return;
  }
  const slot = await later[item.channel as BroadcastChannel].reserve();
  if (isRefusal(slot)) {
    result.failed += 1;
    return;
  }
  const moved = await changeMessageStatus(item.clientId, item.id, {
    from: 'awaiting-approval',
    to: 'scheduled',
    set: { sendAt: sendAtFor(slot, undefined, agent, now), slotDay: slot.day },
  });
  if (!moved) {
    await releaseSend(slot);
    return;
  }
  result.heldBack += 1;
  if (!result.lastSendDate || slot.day > result.lastSendDate) result.lastSendDate = slot.day;
}
