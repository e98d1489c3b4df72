// Closing an account, the table's part (functions/services/account-closure.ts runs it): the mark that starts it,
// the items that keep the agent able to sign in or be found, the scattered items of the owner index, the agent's
// partitions, and the profile last. Every step deletes what is still there, so a run cut anywhere is run again from
// the start and finishes the work; the profile goes last, and with it the account.
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { digitsOnly } from '@shared/schemas';
import { removeCalendarFeed } from './calendar-feeds';
import { agentListPartitions, tagPartitions } from './client-lists';
import { everyTagKey } from './tags';
import { batchDelete, db, queryAll, sendIf, table } from './db';
import { removeDirectoryEntries } from './directory-index';
import {
  tagCountPartition,
  CLIENT_PREFIX,
  insightsPartition,
  MERGE_PREFIX,
  mergedItemsPartition,
  occasionsPartition,
} from './keys/clients';
import { sendsPartition, throttlePartition } from './keys/counters';
import { BULK_PREFIX, bulkIdsPartition, bulkUndoPartition, IMPORT_PREFIX, importIssuesPartition } from './keys/jobs';
import { optOutMarkPartition } from './keys/messages';
import { agentPartition, GSI2, ownerClientPrefix, ownerPartition } from './keys/table';
import { idempotencyPartition, resetLinksKey, stripeCustomerKey, userKey, userPartition } from './keys/users';
import { deleteAllSessions } from './sessions';
import { addToStats } from './stats';
import { releaseUserLocks, type UserItem } from './users';

type Key = { pk: string; sk: string };

/**
 * Marks the account closing (the first time only) and answers the user as it is now; undefined when it is gone. The
 * mark alone changes nothing the agent sees: it allows the erasure job to run.
 */
export async function markAccountClosing(userId: string, now: Date): Promise<UserItem | undefined> {
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression: 'SET closingAt = if_not_exists(closingAt, :now)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out?.Attributes as UserItem | undefined;
}

/**
 * Takes away what lets anyone reach a closing account: the username and phone locks (the login answers 401, and the
 * address may register again), every session, the agents index (admin lists, digests), the realtor search's entries
 * and the calendar feed. Safe to repeat.
 */
export async function endAccountAccess(user: UserItem): Promise<void> {
  await releaseUserLocks({ id: user.id, username: user.username, phoneDigits: digitsOnly(user.phone ?? '') });
  await deleteAllSessions(user.id);
  await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(user.id),
      UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(closingAt)',
    }),
  );
  await removeDirectoryEntries(user);
  await removeCalendarFeed(user);
}

/** Up to `limit` of the agent's client ids (the job deletes them one by one through the client record). */
export async function clientIdsPage(agentId: string, limit: number): Promise<string[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': CLIENT_PREFIX },
      ProjectionExpression: 'sk',
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((item) => String(item.sk).slice(CLIENT_PREFIX.length));
}

/**
 * The throttles (functions/data/throttle.ts) whose id is an agent's, their login's or a client's: their windows are
 * deleted with them. A throttle keyed by an address (and an agent: directory registrations) lapses within the hour.
 */
const THROTTLES_BY_AGENT = [
  'support-request',
  'invite-agent',
  'import',
  'verify-resend',
  'plan-full-notice',
  'review-check',
];
const THROTTLES_BY_USERNAME = ['login-account', 'reset-account'];
const THROTTLES_BY_CLIENT = ['video-upload-client', 'registration-confirm-mail'];

async function deleteThrottles(scopes: readonly string[], id: string): Promise<void> {
  for (const scope of scopes) await batchDelete(await partitionKeys(throttlePartition(scope, id)));
}

/** An item of the owner index: its keys, and what the caller needs to erase beyond the table. */
export type OwnedItem = Key & { type?: string; agentId?: string; id?: string };

/**
 * Deletes the agent's scattered items (keys/table.ts `ownerIndexKeys`), or only those of one client, and answers them
 * (a registration submission has videos to delete too).
 */
export async function deleteOwnedItems(agentId: string, clientId?: string): Promise<OwnedItem[]> {
  const items = await queryAll<OwnedItem>({
    IndexName: GSI2,
    KeyConditionExpression: clientId ? 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)' : 'gsi2pk = :pk',
    ExpressionAttributeValues: {
      ':pk': ownerPartition(agentId),
      ...(clientId ? { ':prefix': ownerClientPrefix(clientId) } : {}),
    },
    ProjectionExpression: 'pk, sk, #type, agentId, id',
    ExpressionAttributeNames: { '#type': 'type' },
  });
  await batchDelete(items.map(({ pk, sk }) => ({ pk, sk })));
  if (clientId) await deleteThrottles(THROTTLES_BY_CLIENT, clientId);
  else await deleteThrottles(THROTTLES_BY_AGENT, agentId);
  return items;
}

/** The keys of a whole partition (or of its items whose sort key starts with `prefix`). */
function partitionKeys(pk: string, prefix?: string): Promise<Key[]> {
  return queryAll<Key>({
    KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':prefix': prefix } : {}) },
    ProjectionExpression: 'pk, sk',
  });
}

/**
 * Deletes the agent's partitions once the clients are gone: the rest of `AGENT#<id>` (invitation pointers, imports
 * and their report lines, support requests, locks a crash left, segments, bulk actions with their ids and undo
 * snapshots, merges with the items each moved as they were, the tombstones of clients who went), the list, search, tag
 * and occasion entries, the tag counters, insights, daily send counters, the answers kept for repeated writes, reset
 * links and the Stripe customer's lookup. Client items are the client record's: false, and nothing deleted, while one
 * is left.
 */
export async function deleteAgentPartitions(user: UserItem): Promise<boolean> {
  const agentItems = await partitionKeys(agentPartition(user.id));
  if (agentItems.some(({ sk }) => sk.startsWith(CLIENT_PREFIX))) return false;
  const imports = agentItems
    .filter(({ sk }) => sk.startsWith(IMPORT_PREFIX))
    .map(({ sk }) => sk.slice(IMPORT_PREFIX.length));
  const bulkJobs = agentItems
    .filter(({ sk }) => sk.startsWith(BULK_PREFIX))
    .map(({ sk }) => sk.slice(BULK_PREFIX.length));
  const merges = agentItems
    .filter(({ sk }) => sk.startsWith(MERGE_PREFIX))
    .map(({ sk }) => sk.slice(MERGE_PREFIX.length));
  const partitions = [
    ...imports.map(importIssuesPartition),
    ...merges.map(mergedItemsPartition),
    ...bulkJobs.flatMap((id) => [bulkIdsPartition(id), bulkUndoPartition(id)]),
    ...(await everyTagKey(user.id)).flatMap((tag) => tagPartitions(user.id, tag)),
    tagCountPartition(user.id),
    ...agentListPartitions(user.id),
    occasionsPartition(user.id),
    optOutMarkPartition(user.id),
    insightsPartition(user.id),
    sendsPartition(user.id),
    idempotencyPartition(user.id),
  ];
  for (const pk of partitions) await batchDelete(await partitionKeys(pk));
  const single: Key[] = [resetLinksKey(user.id)];
  if (user.stripeCustomerId) single.push(stripeCustomerKey(user.stripeCustomerId));
  await batchDelete(single);
  await deleteThrottles(THROTTLES_BY_USERNAME, user.username.toLowerCase());
  await batchDelete(agentItems);
  return true;
}

/**
 * Deletes the profile of a closing account, last: the rest of its partition (sessions) first. Takes the agent out of
 * the platform counters once, as the delete that removed the profile is the only one that answers it (a crash between
 * the two leaves a drift `npm run stats:recompute` heals).
 */
export async function deleteClosedUser(userId: string): Promise<UserItem | undefined> {
  const rest = (await partitionKeys(userPartition(userId))).filter(({ sk }) => sk !== userKey(userId).sk);
  await batchDelete(rest);
  const out = await sendIf(
    new DeleteCommand({
      TableName: table(),
      Key: userKey(userId),
      ConditionExpression: 'attribute_exists(closingAt)',
      ReturnValues: 'ALL_OLD',
    }),
  );
  const gone = out?.Attributes as UserItem | undefined;
  if (gone) {
    // The signup counted in its month; Pro ended when the account closed (closeAccount), or counts out now.
    await addToStats({ agents: -1 }, new Date(gone.signupDate));
    if (gone.isPro) await addToStats({ proAgents: -1 });
  }
  return gone;
}
