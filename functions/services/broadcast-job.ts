// The drafting of a broadcast (functions/services/broadcasts.ts), a background task (jobs/background-tasks.ts):
// each client of its audience gets a personal draft by the same composer and rules as the automatic messages
// (automations.ts: who is skipped and why, when a draft may go without approval, the daily caps). A recipient is done
// once: its message's id is made from the broadcast and the client and written with a condition, and a recipient item
// records it after; a run cut anywhere is continued by the next, which passes over the recipients done and never
// drafts anyone twice.
import type { SQSRecord } from 'aws-lambda';
import type { BroadcastSkipReason } from '@shared/api-types';
import { getBroadcast, getRecipient, putRecipient, setBroadcastStatus, type BroadcastItem } from '../data/broadcasts';
import type { ClientItem } from '../data/clients';
import { getMessage, putMessageOnce, type NewMessage } from '../data/messages';
import { releaseSend, type SendSlot } from '../data/outbound-caps';
import { getUserById, type UserItem } from '../data/users';
import { textDestination } from '../domain/phone-numbers';
import { isRefusal } from '../domain/refusals';
import { config } from '../config';
import { enqueueTask, parseTaskMessage, type BroadcastJobMessage } from '../integrations/task-queue';
import { forEachLimited } from '../lib/concurrency';
import type { Logger } from '../observability/logger';
import { automaticSendNote, capNote, skipReason } from './automations';
import { broadcastMessageId, sendAtFor, SlotFinder } from './broadcasts';
import { countFilteredClients, filteredClientPages } from './client-filter';
import { writeDraft } from './drafts';
import { STOP_BEFORE_TIMEOUT_MS } from './import-jobs';

/** Recipients drafted at once. */
const AT_ONCE = 4;

export function parseBroadcastMessage(record: Pick<SQSRecord, 'body'>): BroadcastJobMessage | null {
  return parseTaskMessage<BroadcastJobMessage>(record.body, 'broadcast', ['agentId', 'broadcastId']);
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
      await enqueueTask(message);
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
