// The per-agent daily caps on what we send to clients for an agent (e-mail and SMS counted apart).
// Every sending path reserves a slot before it sends: one conditional ADD that refuses past the
// cap, so parallel requests cannot overshoot it. The day is the UTC day: an agent can change their
// own time zone, and a local day would let them start a fresh day by moving east.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '../../shared/dates';
import { config } from '../config';
import { table, writeIf } from './db';
import { sendCountKey } from './keys';

export type SendChannel = 'email' | 'sms';
/** A reserved send, to give back (releaseSend) when the message could not be sent. */
export type SendSlot = { agentId: string; channel: SendChannel; day: string };
export type SendReservation = { granted: true; slot: SendSlot } | { granted: false; limit: number; resetsAt: Date };

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** Counts one message of `channel` against today's cap; refused, counting nothing, when the cap is reached. */
export async function reserveSend(agentId: string, channel: SendChannel, now = new Date()): Promise<SendReservation> {
  const limit = config().dailySendLimits[channel];
  const day = utcDay(now);
  const resetsAt = new Date(`${addDays(day, 1)}T00:00:00.000Z`);
  const granted = await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: sendCountKey(agentId, channel, day),
      UpdateExpression: 'ADD #count :one SET #ttl = :ttl, #type = :type',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl', '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': Math.floor(resetsAt.getTime() / 1000) + 86_400, ':type': 'send-count' },
    }),
  );
  return granted ? { granted: true, slot: { agentId, channel, day } } : { granted: false, limit, resetsAt };
}

/** Gives a slot back: the message it was reserved for never left (the provider refused it). Never below zero. */
export async function releaseSend(slot: SendSlot): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: sendCountKey(slot.agentId, slot.channel, slot.day),
      UpdateExpression: 'ADD #count :minus',
      ConditionExpression: '#count > :zero',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    }),
  );
}
