// A merge's record, kept for its undo: both clients as the merge found them (AGENT#<agentId> / MERGE#<id>), and each
// item of the merged client's history as it was with where it went (MERGED#<id>, in order). Moving an item writes it
// under the kept client, records it, then deletes the original: an undo puts every original back and deletes what
// was written in its place. Records expire a day after the merge (TTL): the undo only needs ten minutes.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { forEachLimited } from '../lib/concurrency';
import type { ClientItem } from './clients';
import { addUnread, markConversationRead } from './conversations';
import { batchDelete, batchWrite, db, putItem, queryAll, table, updateIf, writeIf, type WriteRequest } from './db';
import {
  clientMergeKey,
  mergedItemKey,
  mergedItemsPartition,
  mergingLockKey,
  milestonePartition,
} from './keys/clients';
import { CONVERSATION_SK } from './keys/messages';
import { GSI2, ownerClientPrefix, ownerPartition } from './keys/table';
import { claimUniqueLock, releaseUniqueLock, type UniqueLock } from './unique-locks';

type Key = { pk: string; sk: string };
type Item = Key & Record<string, unknown>;

export type MergeState = 'moving' | 'merged' | 'undoing' | 'undone';

export type ClientMergeItem = Key & {
  type: 'client-merge';
  id: string;
  agentId: string;
  keepId: string;
  mergeId: string;
  /** Both clients as the merge read them, before it changed anything. */
  kept: ClientItem;
  merged: ClientItem;
  state: MergeState;
  createdAt: string;
  /** Until when the merge can be undone (ISO). */
  undoUntil: string;
  ttl: number;
};

/** One moved item: as it was, and the key it was written under (null: the kept client had one, it was dropped). */
type MovedRecord = Key & { original: Item; to: Key | null; index: number };

const RECORD_DAYS = 1;
const CONCURRENCY = 8;
/** Attributes naming an object in the uploads bucket: the object stays where it is, so they are not rewritten. */
const OBJECT_KEYS = new Set(['key', 'rawKey']);

export async function putClientMerge(item: Omit<ClientMergeItem, 'pk' | 'sk' | 'type' | 'ttl'>): Promise<void> {
  const ttl = Math.floor(Date.parse(item.createdAt) / 1000) + RECORD_DAYS * 86_400;
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...clientMergeKey(item.agentId, item.id), type: 'client-merge', ...item, ttl },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The agent's merge by id (another agent's is not under their key). */
export async function getClientMerge(agentId: string, mergeId: string): Promise<ClientMergeItem | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: clientMergeKey(agentId, mergeId), ConsistentRead: true }),
  );
  return out.Item as ClientMergeItem | undefined;
}

/** Moves the merge from one state to the next; false when it was not in `from` (another request moved it). */
export async function setMergeState(
  agentId: string,
  mergeId: string,
  from: MergeState,
  to: MergeState,
  fields: Record<string, string> = {},
): Promise<boolean> {
  const names = Object.keys(fields);
  const updated = await updateIf(
    new UpdateCommand({
      TableName: table(),
      Key: clientMergeKey(agentId, mergeId),
      UpdateExpression: `SET #state = :to${names.map((name, i) => `, #f${i} = :f${i}`).join('')}`,
      ConditionExpression: '#state = :from',
      ExpressionAttributeNames: { '#state': 'state', ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])) },
      ExpressionAttributeValues: {
        ':from': from,
        ':to': to,
        ...Object.fromEntries(names.map((name, i) => [`:f${i}`, fields[name]])),
      },
    }),
  );
  return updated !== null;
}

/**
 * The lock on a client while a merge (or its undo) works on it. A merge ends well within the lock's grace minute
 * (the route's timeout is 29 s), so a lock older than that was left by a crash and is taken over.
 */
const mergingLock = (agentId: string, clientId: string): UniqueLock => ({
  key: mergingLockKey(agentId, clientId),
  type: 'merging-lock',
  ownerAttribute: 'mergeId',
  ownerExists: async () => false,
});

/**
 * Locks both clients for the merge `mergeId` (in id order, so two merges of the same pair cannot each hold one);
 * false, holding nothing, when another merge holds either.
 */
export async function lockClients(agentId: string, clientIds: readonly string[], mergeId: string, now: Date) {
  const held: string[] = [];
  for (const clientId of [...clientIds].sort()) {
    const claim = await claimUniqueLock(mergingLock(agentId, clientId), mergeId, now.toISOString());
    if (!claim.granted) {
      await unlockClients(agentId, held, mergeId);
      return false;
    }
    held.push(clientId);
  }
  return true;
}

export async function unlockClients(agentId: string, clientIds: readonly string[], mergeId: string): Promise<void> {
  for (const clientId of clientIds) await releaseUniqueLock(mergingLock(agentId, clientId), mergeId);
}

/** The value with every mention of one client id turned into another's (keys, index keys and attributes). */
function repointed(value: unknown, from: string, to: string, attribute?: string): unknown {
  if (typeof value === 'string') return attribute && OBJECT_KEYS.has(attribute) ? value : value.split(from).join(to);
  if (Array.isArray(value)) return value.map((entry) => repointed(entry, from, to));
  if (value instanceof Set) return new Set([...value].map((entry) => repointed(entry, from, to)));
  if (ArrayBuffer.isView(value)) return value;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, repointed(entry, from, to, name)]));
  }
  return value;
}

/**
 * Everything of the client's history: its own partition (activity, milestones, testimonial records, conversation,
 * reply notice) and its items elsewhere that name it (the owner index: texted numbers, handled occasions, review
 * links, SES references, registrations).
 */
async function historyOf(agentId: string, clientId: string): Promise<Item[]> {
  const own = await queryAll<Item>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': milestonePartition(clientId) },
  });
  const owned = await queryAll<Item>({
    IndexName: GSI2,
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
    ExpressionAttributeValues: { ':pk': ownerPartition(agentId), ':prefix': ownerClientPrefix(clientId) },
  });
  return [...own, ...owned];
}

const sameKey = (a: Key, b: Key) => a.pk === b.pk && a.sk === b.sk;

/**
 * Moves the merged client's history to the kept client, recording each item for the undo. An item the kept client
 * already has under the same key (a milestone of the same kind, a conversation, a handled occasion) stays the kept
 * one's; the merged one's is recorded and left for the merged client's delete. An unread conversation dropped so is
 * first set read, so the unread count stays right. Answers how many items moved.
 */
export async function moveHistory(
  agentId: string,
  mergeId: string,
  from: string,
  to: string,
  now: Date,
): Promise<number> {
  const items = await historyOf(agentId, from);
  let moved = 0;
  await forEachLimited([...items.keys()], CONCURRENCY, async (index) => {
    const original = items[index]!;
    const target = repointed(original, from, to) as Item;
    const inPlace = sameKey(original, target);
    const written = await writeIf(
      new PutCommand({
        TableName: table(),
        Item: target,
        ...(inPlace ? {} : { ConditionExpression: 'attribute_not_exists(pk)' }),
      }),
    );
    if (!written && original.sk === CONVERSATION_SK) await markConversationRead(agentId, from);
    await putItem({
      ...mergedItemKey(mergeId, index),
      type: 'merged-item',
      index,
      original,
      to: written ? { pk: target.pk, sk: target.sk } : null,
      ttl: Math.floor(now.getTime() / 1000) + RECORD_DAYS * 86_400,
    });
    if (written) {
      moved += 1;
      if (!inPlace) {
        await db().send(new DeleteCommand({ TableName: table(), Key: { pk: original.pk, sk: original.sk } }));
      }
    }
  });
  return moved;
}

/**
 * Puts the merged client's history back as it was: what the merge wrote in its place is deleted, each original
 * written again (a conversation it had set read counts as unread again).
 */
export async function restoreHistory(agentId: string, mergeId: string): Promise<void> {
  const records = await queryAll<MovedRecord>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': mergedItemsPartition(mergeId) },
  });
  const written = records.flatMap(({ original, to }) => (to && !sameKey(original, to) ? [to] : []));
  await batchDelete(written);
  await batchWrite(records.map(({ original }): WriteRequest => ({ PutRequest: { Item: original } })));
  const reunread = records.filter(({ original, to }) => original.sk === CONVERSATION_SK && !to && original.unread);
  if (reunread.length > 0) await addUnread(agentId, reunread.length);
}

/** Deletes the records of what a merge moved (after its undo: nothing is left to put back). */
export async function deleteMovedRecords(mergeId: string): Promise<void> {
  const records = await queryAll<Key>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': mergedItemsPartition(mergeId) },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete(records);
}
