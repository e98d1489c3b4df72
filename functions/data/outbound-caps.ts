// The per-agent daily caps on what we send to clients for an agent (e-mail and SMS counted apart).
// Every sending path reserves a slot before it sends: one conditional ADD that refuses past the
// cap, so parallel requests cannot overshoot it. The day is the UTC day: an agent can change their
// own time zone, and a local day would let them start a fresh day by moving east.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '@shared/dates';
import { config } from '../config';
import { db, table, updateIf, writeIf } from './db';
import { sendCountKey } from './keys';

export type SendChannel = 'email' | 'sms';
/** A reserved send, to give back (releaseSend) when the message could not be sent. */
export type SendSlot = { agentId: string; channel: SendChannel; day: string };
export type SendReservation = { granted: true; slot: SendSlot } | { granted: false; limit: number; resetsAt: Date };

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

type CounterKey = { pk: string; sk: string };
/** A per-agent count for one UTC day: its item, refusing past `limit`, gone a day after the day ends. */
export type DailyCounter = { key: CounterKey; limit: number; type: string; resetsAt: Date };

export function dailyCounter(key: (day: string) => CounterKey, limit: number, type: string, now: Date): DailyCounter {
  const day = utcDay(now);
  return { key: key(day), limit, type, resetsAt: new Date(`${addDays(day, 1)}T00:00:00.000Z`) };
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
        ':ttl': Math.floor(counter.resetsAt.getTime() / 1000) + 86_400,
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

/** Counts one message of `channel` against today's cap; refused, counting nothing, when the cap is reached. */
export async function reserveSend(agentId: string, channel: SendChannel, now = new Date()): Promise<SendReservation> {
  const counter = dailyCounter(
    (day) => sendCountKey(agentId, channel, day),
    config().dailySendLimits[channel],
    'send-count',
    now,
  );
  const day = utcDay(now);
  return (await countOne(counter)) !== null
    ? { granted: true, slot: { agentId, channel, day } }
    : { granted: false, limit: counter.limit, resetsAt: counter.resetsAt };
}

/** Gives a slot back: the message it was reserved for never left (the provider refused it). Never below zero. */
export async function releaseSend(slot: SendSlot): Promise<void> {
  await uncountOne(sendCountKey(slot.agentId, slot.channel, slot.day));
}
