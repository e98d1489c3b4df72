// Opt-outs kept as a keyed hash of the address or number (functions/domain/opt-out-marks.ts), never in clear:
// - an agent's marks: when a client who unsubscribed or texted STOP is erased, the opt-out is kept under the agent,
//   so the same address added again is still not sent to. Closing the account deletes them with its partitions.
// - the platform's: a number that texted STOP (SMSOPTOUT#) and an address SES bounced or complained of
//   (MAILSUPPRESS#), which no agent may send to. They outlive every client, so they hold no number or address.
//   Records written before the hash held the number or address itself: those are still honoured on read (an
//   opt-out must survive the deploy), and only the hashed form is ever written.
// A mark is written under the current signing root's key and looked up under every key it may have been written with
// (functions/data/mark-keys.ts: the roots of the secret, the current one first, then the replaced ones carried).
import { DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { MessageChannel } from '@shared/messages';
import { normalisedDestination, optOutMark } from '../domain/opt-out-marks';
import type { ClientItem, NewClientFields } from './clients';
import { batchGet, db, putItem, queryAll, table } from './db';
import { carryMarkKeys, currentMarkKeys, markKeys } from './mark-keys';
import {
  mailSuppressionKey,
  optOutMarkIndexKeys,
  optOutMarkIndexPartition,
  optOutMarkItemKey,
  smsOptOutKey,
} from './keys/messages';
import { GSI1 } from './keys/table';

/** The mark a new record is written under: the current root's. */
async function markOf(channel: MessageChannel, value: string | null | undefined): Promise<string | undefined> {
  return optOutMark((await currentMarkKeys()).optOut, channel, value);
}

/**
 * Every mark the address or number may have been recorded under, the current root's first (none when unreadable), each
 * once: a batch read refuses a key named twice.
 */
async function marksOf(channel: MessageChannel, value: string | null | undefined): Promise<string[]> {
  const marks = (await markKeys()).map(({ optOut }) => optOutMark(optOut, channel, value));
  return [...new Set(marks.filter((mark): mark is string => mark !== undefined))];
}

/** The keyed hash an address's opt-out is kept under (a tombstone keeps it for a client's unsubscribe links). */
export function emailOptOutMark(email: string | null | undefined): Promise<string | undefined> {
  return markOf('email', email);
}

export async function rememberOptOut(
  agentId: string,
  channel: MessageChannel,
  value: string | null | undefined,
  now = new Date(),
): Promise<void> {
  const mark = await markOf(channel, value);
  if (mark) await rememberOptOutMark(agentId, channel, mark, now);
}

/**
 * Keeps an opt-out by its mark alone (the address is gone: an unsubscribe link of a deleted client, whose tombstone
 * kept the mark). A mark made under a root since replaced is still found through that root's carried keys.
 */
export async function rememberOptOutMark(
  agentId: string,
  channel: MessageChannel,
  mark: string,
  now = new Date(),
): Promise<void> {
  await putItem({
    ...optOutMarkItemKey(agentId, channel, mark),
    ...optOutMarkIndexKeys(channel, mark, agentId),
    type: 'opt-out-mark',
    at: now.toISOString(),
  });
}

/**
 * Keeps the opt-outs of a client who goes (erased, or merged into another), each as of when the client opted out: a
 * client added again at the address or number starts opted out since then (carriedClientFields).
 */
export async function rememberClientOptOuts(
  client: Pick<
    ClientItem,
    'agentId' | 'email' | 'phone' | 'emailOptedOut' | 'emailOptedOutAt' | 'smsOptedOut' | 'smsOptedOutAt'
  >,
  now = new Date(),
): Promise<void> {
  const since = (at: string | null | undefined) => (at ? new Date(at) : now);
  if (client.emailOptedOut) await rememberOptOut(client.agentId, 'email', client.email, since(client.emailOptedOutAt));
  if (client.smsOptedOut) await rememberOptOut(client.agentId, 'sms', client.phone, since(client.smsOptedOutAt));
}

/**
 * What stops sending to an address or number: this agent's mark of an erased client's opt-out, and the platform's
 * record (a number that texted STOP, an address SES bounced or complained of; the current root's hash first, then the
 * older roots', then one from before the hash). One BatchGet of every key either may be under.
 */
export async function destinationStops(
  agentId: string,
  channel: MessageChannel,
  value: string | null | undefined,
): Promise<{ agentMark: boolean; platform?: Record<string, unknown> }> {
  const marks = await marksOf(channel, value);
  if (marks.length === 0) return { agentMark: false };
  const agentKeys = marks.map((mark) => optOutMarkItemKey(agentId, channel, mark));
  const platformKeys = platformKeysOf(channel, value, marks);
  const found = await batchGet<ItemKey>([...agentKeys, ...platformKeys]);
  return { agentMark: firstFound(found, agentKeys) !== undefined, platform: firstFound(found, platformKeys) };
}

/** When the address or number was stopped: the mark's time, or undefined when it was not. */
export type CarriedOptOuts = { email?: string; sms?: string };

/**
 * The opt-outs a new client of this agent starts with: an address an erased client unsubscribed, a number an erased
 * client (or anyone, to the platform's number) stopped texts from. One BatchGet of the hashed records.
 */
export async function carriedOptOuts(
  agentId: string,
  { email, phone }: { email?: string | null; phone?: string | null },
): Promise<CarriedOptOuts> {
  const [emailMarks, smsMarks] = await Promise.all([marksOf('email', email), marksOf('sms', phone)]);
  const keys = [
    ...emailMarks.map((mark) => optOutMarkItemKey(agentId, 'email', mark)),
    ...smsMarks.flatMap((mark) => [optOutMarkItemKey(agentId, 'sms', mark), smsOptOutKey(mark)]),
  ];
  if (keys.length === 0) return {};
  const found = await batchGet<{ pk: string; sk: string; at?: string; optedOutAt?: string }>(keys);
  const emailKeys = new Set(emailMarks.map((mark) => `email#${mark}`));
  const carried: CarriedOptOuts = {};
  for (const item of found) {
    const at = item.at ?? item.optedOutAt ?? new Date().toISOString();
    if (emailKeys.has(item.sk)) carried.email ??= at;
    else carried.sms ??= at;
  }
  return carried;
}

/**
 * What a new client of this agent starts with at an address or number that was stopped: opted out, their consent to
 * texts revoked (the opt-out outlives the client it was made for).
 */
export async function carriedClientFields(
  agentId: string,
  destinations: { email?: string | null; phone?: string | null },
): Promise<Partial<NewClientFields>> {
  const carried = await carriedOptOuts(agentId, destinations);
  const fields: Partial<NewClientFields> = {};
  if (carried.email) Object.assign(fields, { emailOptedOut: true, emailOptedOutAt: carried.email });
  if (carried.sms) {
    Object.assign(fields, { smsOptedOut: true, smsOptedOutAt: carried.sms });
    fields.smsConsent = { status: 'revoked', source: 'keyword', at: carried.sms };
  }
  return fields;
}

export async function markPhoneOptedOut(e164: string, source: 'twilio' | 'sns', now = new Date()): Promise<void> {
  await writePlatformRecord('sms', e164, { type: 'sms-opt-out', source, optedOutAt: now.toISOString() });
}

/** Whether this number texted STOP: no text goes to it from any agent. */
export async function isPhoneOptedOut(e164: string): Promise<boolean> {
  return (await readPlatformRecord('sms', e164)) !== undefined;
}

/**
 * The number texted START: the platform's record of its STOP goes (the hashed ones, under every key, and one from
 * before the hash), and so do the agents' marks for it (found through their index; a mark written before the index is
 * not found).
 */
export async function clearPhoneOptOut(e164: string): Promise<{ agents: number }> {
  const marks = await marksOf('sms', e164);
  const normalised = normalisedDestination('sms', e164);
  if (marks.length === 0 || !normalised) return { agents: 0 };
  for (const key of [...marks.map(smsOptOutKey), smsOptOutKey(normalised)])
    await db().send(new DeleteCommand({ TableName: table(), Key: key }));
  let agents = 0;
  for (const mark of marks) {
    const kept = await queryAll<{ pk: string; sk: string }>({
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': optOutMarkIndexPartition('sms', mark) },
    });
    for (const key of kept) await db().send(new DeleteCommand({ TableName: table(), Key: { pk: key.pk, sk: key.sk } }));
    agents += kept.length;
  }
  return { agents };
}

export type SuppressionReason = 'bounce' | 'complaint';

export async function suppressEmail(email: string, reason: SuppressionReason, now = new Date()): Promise<void> {
  await writePlatformRecord('email', email, { type: 'mail-suppression', reason, suppressedAt: now.toISOString() });
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

type ItemKey = { pk: string; sk: string };

/**
 * Where the platform's record of an address or number may be: under its hash by the current root's key first, then by
 * the older ones', else from before the hash under the normalised number or address itself.
 */
function platformKeysOf(channel: MessageChannel, value: string | null | undefined, marks: string[]): ItemKey[] {
  const normalised = normalisedDestination(channel, value);
  return marks.length > 0 && normalised ? [...marks, normalised].map(platformKey[channel]) : [];
}

/** The item of the first of `keys`, in their order, that `found` holds. */
const firstFound = (found: readonly ItemKey[], keys: readonly ItemKey[]): Record<string, unknown> | undefined =>
  keys.map((key) => found.find(({ pk, sk }) => pk === key.pk && sk === key.sk)).find((item) => item !== undefined);

/** The platform's record of the address or number, if there is one: one BatchGet of every key it may be under. */
async function readPlatformRecord(
  channel: MessageChannel,
  value: string,
): Promise<Record<string, unknown> | undefined> {
  const keys = platformKeysOf(channel, value, await marksOf(channel, value));
  return keys.length > 0 ? firstFound(await batchGet<ItemKey>(keys), keys) : undefined;
}

/**
 * `npm run optouts:rehash`: brings every kind of mark to the current signing root, so that once the older roots leave
 * the secret every opt-out, suppression and reply address still holds. Platform records from before the hash are
 * rewritten under the current root's hash (their number or address is in them); marks already hashed under an older
 * root cannot be (the hash hides what it was made from), so that root's keys are carried to the current root instead
 * (functions/data/mark-keys.ts). Run it after replacing the root, while the secret still holds the old one beside the
 * new; safe to run again.
 */
export async function rehashMarks(): Promise<{ rehashed: number; carriedKeys: string[] }> {
  const { rehashed } = await rehashLegacyPlatformRecords();
  const { carried } = await carryMarkKeys();
  return { rehashed, carriedKeys: carried };
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
