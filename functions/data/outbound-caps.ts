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
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '@shared/dates';
import { config } from '../config';
import { db, queryAll, table, updateIf, writeIf } from './db';
import { platformSendCountKey, sendCountKey, sendCountPartition } from './keys';

export type SendChannel = 'email' | 'sms';
/** A reserved send, to give back (releaseSend) when the message could not be sent. */
export type SendSlot = { agentId: string; channel: SendChannel; day: string };
export type SendReservation =
  | { granted: true; slot: SendSlot; platformCount: number }
  | { granted: false; by: 'agent' | 'platform'; limit: number; resetsAt: Date };

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
 */
export async function countOne(counter: DailyCounter): Promise<number | null> {
  // A limit of 0 allows nothing (the condition below would let a first one through).
  if (counter.limit <= 0) return null;
  const attributes = await updateIf(
    new UpdateCommand({
      TableName: table(),
      Key: counter.key,
      UpdateExpression: 'ADD #count :one SET #ttl = :ttl, #type = :type',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl', '#type': 'type' },
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

/** Takes one back (what it was counted for never happened). Never below zero. */
export async function uncountOne(key: CounterKey): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: 'ADD #count :minus',
      ConditionExpression: '#count > :zero',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    }),
  );
}

/** The counter's count so far (0 before the first). */
export async function countSoFar(key: CounterKey): Promise<number> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return Number(out.Item?.count ?? 0);
}

/**
 * Counts one message of `channel` against the agent's cap for the day (`limit`, their tier's) and then the platform's;
 * refused, counting nothing, when either is reached. E-mail counts are kept for the sending review's window.
 */
export async function reserveSend(
  agentId: string,
  channel: SendChannel,
  limit: number,
  now = new Date(),
): Promise<SendReservation> {
  const { platformDailyLimits, sendingReview } = config();
  const keepDays = channel === 'email' ? sendingReview.days + 1 : 1;
  const agent = dailyCounter((day) => sendCountKey(agentId, channel, day), limit, 'send-count', now, keepDays);
  if ((await countOne(agent)) === null) return { granted: false, by: 'agent', limit, resetsAt: agent.resetsAt };
  const platform = dailyCounter(
    (day) => platformSendCountKey(channel, day),
    platformDailyLimits[channel],
    'platform-send-count',
    now,
  );
  const platformCount = await countOne(platform);
  if (platformCount === null) {
    await uncountOne(agent.key);
    return { granted: false, by: 'platform', limit: platform.limit, resetsAt: platform.resetsAt };
  }
  return { granted: true, slot: { agentId, channel, day: utcDay(now) }, platformCount };
}

/** Gives a slot back, to the agent and the platform: the message it was reserved for never left. Never below zero. */
export async function releaseSend(slot: SendSlot): Promise<void> {
  await uncountOne(sendCountKey(slot.agentId, slot.channel, slot.day));
  await uncountOne(platformSendCountKey(slot.channel, slot.day));
}

/** What the agent's client e-mails met over the UTC days from `from` (inclusive): sent, bounced, complained. */
export async function sendingRecordSince(
  agentId: string,
  from: string,
): Promise<{ emails: number; bounces: number; complaints: number }> {
  const items = await queryAll<{ sk: string; count?: number }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': sendCountPartition(agentId) },
    ProjectionExpression: 'sk, #count',
    ExpressionAttributeNames: { '#count': 'count' },
    ConsistentRead: true,
  });
  const record = { emails: 0, bounces: 0, complaints: 0 };
  const field = { email: 'emails', bounce: 'bounces', complaint: 'complaints' } as const;
  for (const item of items) {
    const [kind, day] = item.sk.split('#');
    if (!day || day < from || !(kind! in field)) continue;
    record[field[kind as keyof typeof field]] += Number(item.count ?? 0);
  }
  return record;
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
