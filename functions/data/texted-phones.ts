// The numbers an agent texted a client at (one entry per number, agent and client, under the number's partition): a
// STOP, START or reply from a number finds the clients it concerns without a scan, and the first text to a number
// carries the STOP notice. A text refused for the number's opt-out leaves an entry without a text. The text asking a
// number to confirm the consent ticked on the directory form marks its entry (`optInAskedAt`) until a later text to
// that entry writes it again or the YES answers it: a YES from the number confirms only while that text is the last.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { textDestination } from '../domain/phone-numbers';
import type { ClientItem } from './clients';
import { db, putItem, queryAll, table, writeIf } from './db';
import { smsPhoneKey, smsPhonePartition } from './keys/messages';
import { ownerIndexKeys } from './keys/table';

/**
 * Remembers that this agent texted this client at this number, so a STOP from it finds them (an index entry, not a
 * scan).
 */
export async function rememberTextedPhone(
  e164: string,
  agentId: string,
  clientId: string,
  now = new Date(),
): Promise<void> {
  await putTextedPhone(e164, agentId, clientId, now, {});
}

/**
 * Remembers that we texted this number for this agent's client asking it to confirm its consent by YES (an entry as
 * rememberTextedPhone's, marked with the time it asked).
 */
export async function rememberOptInRequest(
  e164: string,
  agentId: string,
  clientId: string,
  now = new Date(),
): Promise<void> {
  await putTextedPhone(e164, agentId, clientId, now, { optInAskedAt: now.toISOString() });
}

async function putTextedPhone(
  e164: string,
  agentId: string,
  clientId: string,
  now: Date,
  fields: { optInAskedAt?: string },
): Promise<void> {
  await putItem({
    ...smsPhoneKey(e164, agentId, clientId),
    ...ownerIndexKeys(agentId, smsPhoneKey(e164, agentId, clientId), clientId),
    type: 'sms-phone',
    agentId,
    clientId,
    // Each text writes the entry again: this is the latest text (entries written before lastTextAt carry it here).
    firstTextAt: now.toISOString(),
    lastTextAt: now.toISOString(),
    ...fields,
  });
}

/** The request for an opt-in that the last text to this number was, if it was one. */
export type OptInRequest = { agentId: string; clientId: string; askedAt: string };

/** When the last text we sent to this number asked it to confirm a consent by YES: for which agent and client. */
export async function lastTextAskedOptIn(e164: string): Promise<OptInRequest | undefined> {
  const entries = await queryAll<{
    agentId: string;
    clientId: string;
    lastTextAt?: string;
    firstTextAt?: string;
    optInAskedAt?: string;
  }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': smsPhonePartition(e164) },
    ProjectionExpression: 'agentId, clientId, lastTextAt, firstTextAt, optInAskedAt',
  });
  let last: (typeof entries)[number] | undefined;
  let lastAt = '';
  for (const entry of entries) {
    const at = entry.lastTextAt ?? entry.firstTextAt ?? '';
    if (at > lastAt) [last, lastAt] = [entry, at];
  }
  if (!last?.optInAskedAt || last.optInAskedAt !== lastAt) return undefined;
  return { agentId: last.agentId, clientId: last.clientId, askedAt: last.optInAskedAt };
}

/** The request was answered (once: false when it was already, or a later text replaced it). */
export async function answerOptInRequest(e164: string, request: OptInRequest): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: smsPhoneKey(e164, request.agentId, request.clientId),
      UpdateExpression: 'REMOVE optInAskedAt',
      ConditionExpression: 'optInAskedAt = :at',
      ExpressionAttributeValues: { ':at': request.askedAt },
    }),
  );
}

/**
 * A client created at a number that was stopped starts opted out (carriedClientFields in data/opt-out-marks.ts): noted
 * at the number as a refused text is, so the number's own START finds this client too and lifts it.
 */
export async function rememberStoppedNumber(client: ClientItem, allowedCountries: readonly string[]): Promise<void> {
  if (!client.smsOptedOut) return;
  const destination = textDestination(client.phone, allowedCountries);
  if (destination.ok) await rememberRefusedPhone(destination.to, client.agentId, client.id, new Date(client.createdAt));
}

/**
 * Remembers that a text to this client at this number was refused for the number's opt-out (the client is marked
 * opted out): the number's START then finds the client too. The entry is the texted-phone entry's, without a text.
 */
export async function rememberRefusedPhone(
  e164: string,
  agentId: string,
  clientId: string,
  now = new Date(),
): Promise<void> {
  const key = smsPhoneKey(e164, agentId, clientId);
  const owner = ownerIndexKeys(agentId, key, clientId);
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression:
        'SET #type = :type, agentId = :agent, clientId = :client, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk, refusedAt = :at',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'sms-phone',
        ':agent': agentId,
        ':client': clientId,
        ':gsi2pk': owner.gsi2pk,
        ':gsi2sk': owner.gsi2sk,
        ':at': now.toISOString(),
      },
    }),
  );
}

/** Whether this agent has texted this client at this number before (the first text carries the STOP notice). */
export async function hasTextedPhone(e164: string, agentId: string, clientId: string): Promise<boolean> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: smsPhoneKey(e164, agentId, clientId), ConsistentRead: true }),
  );
  // An entry of a refused text only (rememberRefusedPhone) is no text.
  return out.Item?.firstTextAt !== undefined;
}

/** Every agent and client texted at this number. */
export function clientsTextedAt(e164: string): Promise<Array<{ agentId: string; clientId: string }>> {
  return queryAll<{ agentId: string; clientId: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': smsPhonePartition(e164) },
    ProjectionExpression: 'agentId, clientId',
  });
}

/** An agent who texted a number, the client they last texted at it, and when. */
export type Texter = { agentId: string; clientId: string; at: string };

/**
 * Every agent who texted this number at or after `since`, each with the client they texted there last, the most
 * recent first: whose conversation a text from the number may join.
 */
export async function textersSince(e164: string, since: Date): Promise<Texter[]> {
  const entries = await queryAll<{ agentId: string; clientId: string; lastTextAt?: string; firstTextAt?: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': smsPhonePartition(e164) },
    ProjectionExpression: 'agentId, clientId, lastTextAt, firstTextAt',
  });
  const latest = new Map<string, Texter>();
  for (const entry of entries) {
    const at = entry.lastTextAt ?? entry.firstTextAt ?? '';
    const known = latest.get(entry.agentId);
    if (Date.parse(at) >= since.getTime() && (!known || at > known.at))
      latest.set(entry.agentId, { agentId: entry.agentId, clientId: entry.clientId, at });
  }
  return [...latest.values()].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
