// Broadcasts (POST /api/broadcasts): one personal draft for each client of an audience (a saved segment or a client
// filter), written by the draft engine per client as the automatic messages are, and queued: waiting for the agent's
// approval on Today, or (a Pro agent's `auto`) scheduled. The rules of automatic messages apply to each one, by the
// same code (automations.ts: who is skipped and why, when a draft may go without approval, the daily caps); what the
// caps hold back takes a slot of a later day and is scheduled for it.
//
// The drafting is a job on the imports queue (jobs/imports-worker). A recipient is done once: its message's id is
// made from the broadcast and the client and written with a condition, and a recipient item records it after; a run
// cut anywhere is continued by the next, which passes over the recipients done and never drafts anyone twice.
import { createHash } from 'node:crypto';
import type { SQSRecord } from 'aws-lambda';
import type {
  ApproveAllResult,
  Broadcast,
  BroadcastChannel,
  BroadcastRequest,
  BroadcastSkipReason,
  ClientFilter,
} from '@shared/api-types';
import { addDays } from '@shared/dates';
import {
  getBroadcast,
  getRecipient,
  listBroadcasts,
  listRecipients,
  putBroadcast,
  putRecipient,
  setBroadcastStatus,
  type BroadcastItem,
} from '../data/broadcasts';
import type { ClientItem } from '../data/clients';
import { batchGet, db, table } from '../data/db';
import { activityKey, segmentKey } from '../data/keys';
import {
  changeMessageStatus,
  getMessage,
  listOutgoing,
  putMessageOnce,
  type MessageItem,
  type NewMessage,
} from '../data/messages';
import { releaseSend, type SendSlot } from '../data/outbound-caps';
import type { SegmentItem } from '../data/segments';
import { getUserById, type UserItem } from '../data/users';
import { automaticSendAt } from '../domain/client-message';
import { textDestination } from '../domain/phone-numbers';
import { isRefusal, type SendCapRefusal } from '../domain/refusals';
import { randomId } from '../domain/signed-tokens';
import { config } from '../config';
import { enqueueImport, type BroadcastJobMessage } from '../integrations/import-queue';
import { forEachLimited } from '../lib/concurrency';
import type { Logger } from '../observability/logger';
import { automaticSendNote, capNote, skipReason } from './automations';
import { countFilteredClients, filteredClientPages } from './client-filter';
import { writeDraft } from './drafts';
import { STOP_BEFORE_TIMEOUT_MS } from './import-jobs';
import { approveOutgoing } from './outgoing';
import { reserveDailySend } from './send-limits';
import { GetCommand } from '@aws-sdk/lib-dynamodb';

/** A held-back message looks this many days ahead for a day under the caps; past that it waits for approval. */
export const HOLD_BACK_DAYS_MAX = 30;
/** Broadcast messages go at this time of the client's day (a text: within its quiet hours' window). */
const SEND_MINUTE = 10 * 60;
const AT_ONCE = 4;
const RECENT = 20;

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
  await enqueueImport({ kind: 'broadcast', agentId: agent.id, broadcastId: id });
  return { outcome: 'started', id };
}

export function parseBroadcastMessage(record: Pick<SQSRecord, 'body'>): BroadcastJobMessage | null {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    return null;
  }
  const { kind, agentId, broadcastId } = (body ?? {}) as Record<string, unknown>;
  const id = /^[A-Za-z0-9_-]{1,64}$/;
  return kind === 'broadcast' &&
    typeof agentId === 'string' &&
    id.test(agentId) &&
    typeof broadcastId === 'string' &&
    id.test(broadcastId)
    ? { kind, agentId, broadcastId }
    : null;
}

/**
 * Reserves daily-cap slots from a day on: today's first, then (the caps reached) the next days', remembering the
 * first day with room so each message does not ask the full days again.
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
    // Recipients reserve at once: each starts at the first day none found full, and moves that past a full one.
    for (let offset = this.offset; offset <= HOLD_BACK_DAYS_MAX; offset += 1) {
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
function sendAtFor(slot: SendSlot, client: ClientItem | undefined, agent: UserItem, now: Date): string {
  return automaticSendAt(slot.day, SEND_MINUTE, client?.timeZone ?? agent.timeZone, slot.channel, now).toISOString();
}

export type BroadcastRunOutcome = 'done' | 'continued' | 'gone';

/** One run of a broadcast's drafting: every recipient not done yet, then done. */
export async function runBroadcastJob(
  message: BroadcastJobMessage,
  { remainingMs, log }: { remainingMs: () => number; log: Logger },
  now = new Date(),
): Promise<BroadcastRunOutcome> {
  const broadcast = await getBroadcast(message.agentId, message.broadcastId);
  const agent = broadcast && (await getUserById(message.agentId, true));
  if (!broadcast || !agent) return 'gone';
  if (broadcast.status === 'done') return 'done';
  if (broadcast.total === undefined || broadcast.status === 'queued') {
    const total = await countFilteredClients(agent.id, broadcast.filter, { timeZone: agent.timeZone, now });
    await setBroadcastStatus(agent.id, broadcast.id, 'drafting', total);
  }
  const slots = new SlotFinder(agent, broadcast.channel, now);
  for await (const clients of filteredClientPages(agent.id, broadcast.filter, { timeZone: agent.timeZone, now })) {
    if (remainingMs() < STOP_BEFORE_TIMEOUT_MS) {
      await enqueueImport(message);
      return 'continued';
    }
    await forEachLimited(clients, AT_ONCE, (client) => draftFor(agent, broadcast, client, slots, log, now));
  }
  await setBroadcastStatus(agent.id, broadcast.id, 'done');
  return 'done';
}

/** Drafts and queues the client's message (or records why none), unless an earlier run did. Exported for tests. */
export async function draftFor(
  agent: UserItem,
  broadcast: BroadcastItem,
  client: ClientItem,
  slots: SlotFinder,
  log: Logger,
  now = new Date(),
): Promise<void> {
  if (await getRecipient(agent.id, broadcast.id, client.id)) return;
  const id = broadcastMessageId(broadcast.id, client.id);
  const done = (skipped?: BroadcastSkipReason) =>
    putRecipient(agent.id, broadcast.id, { clientId: client.id, messageId: id, ...(skipped ? { skipped } : {}) });
  // Cut after the message and before its record: the message stands, only the record is missing.
  if (await getMessage(client.id, id)) return done();
  const channel = broadcast.channel;
  const skip = skipReason(client, channel, now);
  if (skip) return done(skip.reason);

  const request = {
    occasion: broadcast.occasion === 'check-in' ? 'check-in' : 'custom',
    channel,
    tone: 'warm',
    instructions: draftInstructions(broadcast),
  } as const;
  let drafted = await writeDraft(agent, client.id, request, now);
  // The day's AI drafts are spent: Hearthside's own composer writes this one.
  if (drafted.outcome === 'quota') drafted = await writeDraft(agent, client.id, { ...request, localOnly: true }, now);
  if (drafted.outcome !== 'draft') {
    log.info('broadcast recipient gone', { broadcastId: broadcast.id, clientId: client.id });
    return; // deleted meanwhile: not a recipient
  }
  const { draft } = drafted;
  const destination = textDestination(client.phone, config().smsAllowedCountries);
  const base: NewMessage = {
    id,
    agentId: agent.id,
    clientId: client.id,
    channel,
    occasion: request.occasion,
    automatic: true,
    broadcastId: broadcast.id,
    body: draft.body,
    ...(channel === 'email' && draft.subject ? { subject: draft.subject } : {}),
    engine: draft.engine,
    to: (channel === 'email' ? client.email : destination.ok ? destination.to : client.phone) ?? '',
    status: 'awaiting-approval',
    slotDay: now.toISOString().slice(0, 10),
    createdAt: now.toISOString(),
  };
  let note: string | undefined;
  let slot: SendSlot | undefined;
  if (broadcast.mode === 'auto') {
    note = automaticSendNote(agent, client, draft);
    if (!note) {
      const reserved = await slots.reserve();
      if (isRefusal(reserved)) note = capNote(reserved, channel);
      else slot = reserved;
    }
  }
  if (!slot) {
    await putMessageOnce({ ...base, ...(note ? { note } : {}) });
    return done();
  }
  const written = await putMessageOnce({
    ...base,
    status: 'scheduled',
    sendAt: sendAtFor(slot, client, agent, now),
    slotDay: slot.day,
  });
  if (!written) await releaseSend(slot);
  return done();
}

function draftInstructions(broadcast: BroadcastItem): string | undefined {
  if (broadcast.occasion !== 'holiday') return broadcast.instructions;
  const greeting = 'A warm holiday greeting for the season.';
  return broadcast.instructions ? `${greeting} ${broadcast.instructions}` : greeting;
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
 * POST /api/outgoing/approve-all: approves every message waiting (of one broadcast when named) as each approve does;
 * one the daily caps refuse is scheduled for the first later day with room.
 */
export async function approveAll(
  agent: UserItem,
  broadcastId: string | undefined,
  now = new Date(),
): Promise<ApproveAllResult> {
  const waiting = (await listOutgoing(agent.id)).filter(
    (m) => m.status === 'awaiting-approval' && (broadcastId === undefined || m.broadcastId === broadcastId),
  );
  const result: ApproveAllResult = { sent: 0, scheduled: 0, heldBack: 0, failed: 0, lastSendDate: null };
  const later = { email: new SlotFinder(agent, 'email', now, 1), sms: new SlotFinder(agent, 'sms', now, 1) };
  for (const item of waiting) {
    const approved = await approveOutgoing(agent, item.id, {}, now);
    if (!isRefusal(approved)) {
      if (approved.status === 'sent') result.sent += 1;
      else if (approved.status === 'scheduled') result.scheduled += 1;
      continue;
    }
    if (approved.kind !== 'daily-limit' && approved.kind !== 'platform-limit') {
      result.failed += 1;
      continue;
    }
    const slot = await later[item.channel as BroadcastChannel].reserve();
    if (isRefusal(slot)) {
      result.failed += 1;
      continue;
    }
    const moved = await changeMessageStatus(item.clientId, item.id, {
      from: 'awaiting-approval',
      to: 'scheduled',
      set: { sendAt: sendAtFor(slot, undefined, agent, now), slotDay: slot.day },
    });
    if (!moved) {
      await releaseSend(slot);
      continue;
    }
    result.heldBack += 1;
    if (!result.lastSendDate || slot.day > result.lastSendDate) result.lastSendDate = slot.day;
  }
  return result;
}
