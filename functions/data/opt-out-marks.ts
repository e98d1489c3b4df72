// Opt-outs kept as a keyed hash of the address or number (functions/domain/opt-out-marks.ts), never in clear:
// - an agent's marks: when a client who unsubscribed or texted STOP is erased, the opt-out is kept under the agent,
//   so the same address added again is still not sent to. Closing the account deletes them with its partitions.
// - the platform's: a number that texted STOP (SMSOPTOUT#) and an address SES bounced or complained of
//   (MAILSUPPRESS#), which no agent may send to. They outlive every client, so they hold no number or address.
//   Records written before the hash held the number or address itself: those are still honoured on read (an
//   opt-out must survive the deploy), and only the hashed form is ever written.
import { DeleteCommand, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { MessageChannel } from '@shared/messages';
import { signingKeys } from '../config';
import { normalisedDestination, optOutMark, optOutMarkKey } from '../domain/opt-out-marks';
import { db, queryAll, table } from './db';
import {
  GSI1,
  mailSuppressionKey,
  optOutMarkIndexKeys,
  optOutMarkIndexPartition,
  optOutMarkItemKey,
  smsOptOutKey,
} from './keys';

async function markOf(channel: MessageChannel, value: string | null | undefined): Promise<string | undefined> {
  const { key } = (await signingKeys()).signingKey('unsubscribe');
  return optOutMark(optOutMarkKey(key), channel, value);
}

export async function rememberOptOut(
  agentId: string,
  channel: MessageChannel,
  value: string | null | undefined,
  now = new Date(),
): Promise<void> {
  const mark = await markOf(channel, value);
  if (!mark) return;
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...optOutMarkItemKey(agentId, channel, mark),
        ...optOutMarkIndexKeys(channel, mark, agentId),
        type: 'opt-out-mark',
        at: now.toISOString(),
      },
    }),
  );
}

/** Whether an erased client of this agent opted out at this address or number. */
export async function hasOptOutMark(
  agentId: string,
  channel: MessageChannel,
  value: string | null | undefined,
): Promise<boolean> {
  const mark = await markOf(channel, value);
  if (!mark) return false;
  const out = await db().send(new GetCommand({ TableName: table(), Key: optOutMarkItemKey(agentId, channel, mark) }));
  return out.Item !== undefined;
}

export async function markPhoneOptedOut(e164: string, source: 'twilio' | 'sns', now = new Date()): Promise<void> {
  await writePlatformRecord('sms', e164, { type: 'sms-opt-out', source, optedOutAt: now.toISOString() });
}

/** Whether this number texted STOP: no text goes to it from any agent. */
export async function isPhoneOptedOut(e164: string): Promise<boolean> {
  return (await readPlatformRecord('sms', e164)) !== undefined;
}

/**
 * The number texted START: the platform's record of its STOP goes (the hashed one and one from before the hash), and
 * so do the agents' marks for it (found through their index; a mark written before the index is not found).
 */
export async function clearPhoneOptOut(e164: string): Promise<{ agents: number }> {
  const mark = await markOf('sms', e164);
  const normalised = normalisedDestination('sms', e164);
  if (!mark || !normalised) return { agents: 0 };
  for (const key of [smsOptOutKey(mark), smsOptOutKey(normalised)])
    await db().send(new DeleteCommand({ TableName: table(), Key: key }));
  const marks = await queryAll<{ pk: string; sk: string }>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': optOutMarkIndexPartition('sms', mark) },
  });
  for (const key of marks) await db().send(new DeleteCommand({ TableName: table(), Key: { pk: key.pk, sk: key.sk } }));
  return { agents: marks.length };
}

export type SuppressionReason = 'bounce' | 'complaint';

export async function suppressEmail(email: string, reason: SuppressionReason, now = new Date()): Promise<void> {
  await writePlatformRecord('email', email, { type: 'mail-suppression', reason, suppressedAt: now.toISOString() });
}

/** Why SES stopped e-mail to this address (a bounce or a complaint), if it did. */
export async function emailSuppression(email: string): Promise<SuppressionReason | undefined> {
  return (await readPlatformRecord('email', email))?.reason as SuppressionReason | undefined;
}

const platformKey = { sms: smsOptOutKey, email: mailSuppressionKey } as const;

async function writePlatformRecord(
  channel: MessageChannel,
  value: string,
  fields: Record<string, string>,
): Promise<void> {
  const mark = await markOf(channel, value);
  if (!mark) return;
  await db().send(new PutCommand({ TableName: table(), Item: { ...platformKey[channel](mark), ...fields } }));
}

/** The hashed record, else one written before the hash under the normalised number or address itself. */
async function readPlatformRecord(
  channel: MessageChannel,
  value: string,
): Promise<Record<string, unknown> | undefined> {
  const mark = await markOf(channel, value);
  const normalised = normalisedDestination(channel, value);
  if (!mark || !normalised) return undefined;
  for (const key of [platformKey[channel](mark), platformKey[channel](normalised)]) {
    const out = await db().send(new GetCommand({ TableName: table(), Key: key }));
    if (out.Item) return out.Item;
  }
  return undefined;
}

const LEGACY_PREFIXES = { sms: 'SMSOPTOUT#+', email: 'MAILSUPPRESS#' } as const;

/**
 * Rewrites the platform records written before the hash (the number or address in the key) under their keyed hash and
 * deletes the clear ones: `npm run optouts:rehash`, once after the deploy that brought the hash. A scan, so an
 * operator's job, never a request's. Safe to run again: a hashed record already there is kept as it is.
 */
export async function rehashLegacyPlatformRecords(): Promise<{ rehashed: number }> {
  let rehashed = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: table(),
        FilterExpression: 'begins_with(pk, :sms) OR (begins_with(pk, :mail) AND contains(pk, :at))',
        ExpressionAttributeValues: { ':sms': LEGACY_PREFIXES.sms, ':mail': LEGACY_PREFIXES.email, ':at': '@' },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      const channel: MessageChannel = pk.startsWith(LEGACY_PREFIXES.sms) ? 'sms' : 'email';
      const value = pk.slice(pk.indexOf('#') + 1);
      const mark = await markOf(channel, value);
      if (!mark) continue;
      const { pk: _pk, sk: _sk, ...fields } = item;
      try {
        await db().send(
          new PutCommand({
            TableName: table(),
            Item: { ...platformKey[channel](mark), ...fields },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
      }
      await db().send(new DeleteCommand({ TableName: table(), Key: { pk: item.pk, sk: item.sk } }));
      rehashed += 1;
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { rehashed };
}
