// The daily caps on what we send to clients (e-mail and SMS counted apart): the agent's own and the
// platform's circuit breaker. Every sending path reserves a slot before it sends: one conditional
// ADD on the agent's counter, then one on the platform's, each refusing past its cap, so parallel
// requests cannot overshoot either (a refusal by the platform gives the agent's back). The day is
// the UTC day: an agent can change their own time zone, and a local day would let them start a
// fresh day by moving east. The counters belong to the agent and the day, not to a client, so
// deleting a client and adding it again gives nothing back.
//
// The platform's counter is one item per channel and day (PLATFORMSENDS#<channel>#<day>), not
// sharded: one partition takes 1,000 writes a second, and the breaker's defaults (40,000 e-mails a
// day) average under one a second, the morning's automatic sends included. Shards would make the
// cap approximate (each shard its share) or need every shard read before a write, which is not
// atomic. A new partition each day spreads the days. Revisit near a few hundred sends a second.
//
// Free accounts and new senders also draw on a share of the platform's limit (PLATFORMSENDS#<channel>#<day> / FREE),
// counted after the platform's (a full platform is told as such). The agent's counter item counts those slots in
// `shared` too, so a slot given back from a held message (which keeps only its agent, channel and day) gives a share
// slot back while the agent holds one: the share's count stays the sum of what the agents hold.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '@shared/dates';
import { config } from '../config';
import { optOutMark } from '../domain/opt-out-marks';
import type { SendingRecord } from '../domain/send-trust';
import { db, queryAll, table, updateIf, writeIf } from './db';
import {
  complainantMarkKey,
  platformFreeShareKey,
  platformSendCountKey,
  sendCountKey,
  sendCountPartition,
} from './keys/counters';
import { currentMarkKeys } from './mark-keys';

export type SendChannel = 'email' | 'sms';
/** A reserved send, to give back (releaseSend) when the message could not be sent. */
export type SendSlot = { agentId: string; channel: SendChannel; day: string };
export type SendReservation =
  | { granted: true; slot: SendSlot; platformCount: number }
  | { granted: false; by: 'agent' | 'free-share' | 'platform'; limit: number; resetsAt: Date };

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

type CounterKey = { pk: string; sk: string };
/** A count for one UTC day: its item, refusing past `limit`, gone `keepDays` after the day ends. */

export type DailyCounter = {
  key: CounterKey;
  limit: number;
  type: string;
  resetsAt: Date;
  /** Days the item is kept after its day ends (1 unless something reads it later). */
  keepDays?: number;
};

export function dailyCounter(
  key: (day: string) => CounterKey,
  limit: number,
  type: string,
  now: Date,
  keepDays = 1,
): DailyCounter {
  const day = utcDay(now);
  return { key: key(day), limit, type, resetsAt: new Date(`${addDays(day, 1)}T00:00:00.000Z`), keepDays };
}

/**
 * Adds one to the counter with one conditional ADD: the new count, or null (nothing counted) when it is at its limit.
 * `alsoCount` names a second count of the same item that takes one too.
 */
export async function countOne(counter: DailyCounter, alsoCount?: string): Promise<number | null> {
  // A limit of 0 allows nothing (the condition below would let a first one through).
  if (counter.limit <= 0) return null;
  const attributes = await updateIf(
    new UpdateCommand({
      TableName: table(),
      Key: counter.key,
      UpdateExpression: `ADD #count :one${alsoCount ? ', #also :one' : ''} SET #ttl = :ttl, #type = :type`,
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: {
        '#count': 'count',
        '#ttl': 'ttl',
        '#type': 'type',
        ...(alsoCount ? { '#also': alsoCount } : {}),
      },
      ExpressionAttributeValues: {
        ':one': 1,
        ':limit': counter.limit,
        ':ttl': Math.floor(counter.resetsAt.getTime() / 1000) + 86_400 * (counter.keepDays ?? 1),
        ':type': counter.type,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return attributes && Number(attributes.count);
}

/**
 * Takes one back (what it was counted for never happened), and one of `alsoCount` with it: false, taking nothing, when
 * either is at zero.
 */
export async function uncountOne(key: CounterKey, alsoCount?: string): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: `ADD #count :minus${alsoCount ? ', #also :minus' : ''}`,
      ConditionExpression: `#count > :zero${alsoCount ? ' AND #also > :zero' : ''}`,
      ExpressionAttributeNames: { '#count': 'count', ...(alsoCount ? { '#also': alsoCount } : {}) },
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    }),
  );
}

/** The agent's counter item's count of the slots it holds of the free share. */
const SHARED = 'shared';

/** The counter's count so far (0 before the first). */
export async function countSoFar(key: CounterKey): Promise<number> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return Number(out.Item?.count ?? 0);
}

/**
 * Counts one message of `channel` against the agent's cap for the day (`limit`, their tier's), the platform's, and the
 * free share when the agent draws on it (`freeShare`, its size); refused, counting nothing, when any is reached.
 */
export async function reserveSend(
  agentId: string,
  channel: SendChannel,
  limit: number,
  now = new Date(),
  freeShare?: number,
): Promise<SendReservation> {
  const shared = freeShare === undefined ? undefined : SHARED;
  const agent = dailyCounter((day) => sendCountKey(agentId, channel, day), limit, 'send-count', now);
  if ((await countOne(agent, shared)) === null) return { granted: false, by: 'agent', limit, resetsAt: agent.resetsAt };
  const platform = dailyCounter(
    (day) => platformSendCountKey(channel, day),
    config().platformDailyLimits[channel],
    'platform-send-count',
    now,
  );
  const platformCount = await countOne(platform);
  if (platformCount === null) {
    await uncountOne(agent.key, shared);
    return { granted: false, by: 'platform', limit: platform.limit, resetsAt: platform.resetsAt };
  }
  if (freeShare !== undefined) {
    const share = dailyCounter((day) => platformFreeShareKey(channel, day), freeShare, 'platform-send-count', now);
    if ((await countOne(share)) === null) {
      await uncountOne(agent.key, shared);
      await uncountOne(platform.key);
      return { granted: false, by: 'free-share', limit: share.limit, resetsAt: share.resetsAt };
    }
  }
  return { granted: true, slot: { agentId, channel, day: utcDay(now) }, platformCount };
}

/**
 * Gives a slot back, to the agent, the free share while the agent holds slots of it, and the platform: the message it
 * was reserved for never left. Never below zero.
 */
export async function releaseSend(slot: SendSlot): Promise<void> {
  const agent = sendCountKey(slot.agentId, slot.channel, slot.day);
  if (await uncountOne(agent, SHARED)) await uncountOne(platformFreeShareKey(slot.channel, slot.day));
  else await uncountOne(agent);
  await uncountOne(platformSendCountKey(slot.channel, slot.day));
}

/** Counts a client e-mail of the agent that left (the provider took it): what the sending review judges. */
export async function countSentEmail(agentId: string, now = new Date()): Promise<void> {
  const counter = dailyCounter(
    (day) => sendCountKey(agentId, 'sent', day),
    Number.MAX_SAFE_INTEGER,
    'sent-count',
    now,
    config().sendingReview.days + 1,
  );
  await countOne(counter);
}

/**
 * What the agent's client e-mails met over the UTC days from `from` through `through` (inclusive): the e-mails that
 * left, their bounces and complaints, the distinct complainants. Slots reserved for messages not sent yet count
 * nothing; only the days before the agent's first counted send (kept from before that count existed) count their
 * reserved slots instead, so a deploy does not judge the window's bounces against none of its e-mails.
 */
export async function sendingRecordSince(
  agentId: string,
  from: string,
  through = '9999-12-31',
): Promise<SendingRecord> {
  const items = await queryAll<{ sk: string; count?: number }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': sendCountPartition(agentId) },
    ProjectionExpression: 'sk, #count',
    ExpressionAttributeNames: { '#count': 'count' },
    ConsistentRead: true,
  });
  const record: SendingRecord = { emails: 0, bounces: 0, complaints: 0, complainants: 0 };
  const field = { sent: 'emails', bounce: 'bounces', complaint: 'complaints', complainant: 'complainants' } as const;
  const counted = items.map((item) => {
    const [kind = '', day = ''] = item.sk.split('#');
    return { kind, day, count: Number(item.count ?? 0) };
  });
  const firstSent = counted
    .filter((item) => item.kind === 'sent')
    .reduce((first, item) => (item.day < first ? item.day : first), '9999-12-31');
  for (const { kind, day, count } of counted) {
    if (!day || day < from || day > through) continue;
    if (kind in field) record[field[kind as keyof typeof field]] += count;
    else if (kind === 'email' && day < firstSent) record.emails += count;
  }
  return record;
}

/**
 * Counts `address` among the agent's complainants on the day of `now`, once while that day is in the review's window:
 * a conditional Put of the address's mark (a keyed hash, never the address), then one ADD on the day's count, so
 * parallel deliveries of the same person's complaints count one. True when it was counted.
 */
export async function countComplainant(agentId: string, address: string, now: Date): Promise<boolean> {
  const mark = optOutMark((await currentMarkKeys()).optOut, 'email', address);
  if (!mark) return false;
  const { days } = config().sendingReview;
  // The mark lasts until its day leaves the window; TTL deletes late, so the condition reads the time as well.
  const until = Date.parse(`${addDays(utcDay(now), days)}T00:00:00.000Z`) / 1000;
  const first = await writeIf(
    new PutCommand({
      TableName: table(),
      Item: { ...complainantMarkKey(agentId, mark), type: 'complainant-mark', ttl: until },
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
    }),
  );
  if (!first) return false;
  await countOne(
    dailyCounter(
      (day) => sendCountKey(agentId, 'complainant', day),
      Number.MAX_SAFE_INTEGER,
      'sending-event-count',
      now,
      days + 1,
    ),
  );
  return true;
}

/** Counts a bounce or complaint of the agent's client e-mail, on the day it came, kept for the review's window. */
export async function countSendingEvent(agentId: string, reason: 'bounce' | 'complaint', now: Date): Promise<void> {
  const counter = dailyCounter(
    (day) => sendCountKey(agentId, reason, day),
    Number.MAX_SAFE_INTEGER,
    'sending-event-count',
    now,
    config().sendingReview.days + 1,
  );
  await countOne(counter);
}
