// The devices an agent turned notifications on for: one item per push subscription under the agent's USER#
// partition, its id a hash of the endpoint, so the same browser subscribing again finds its own item. Each names the
// session that subscribed it: the subscription ends with that session (functions/data/sessions.ts).
import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchDelete, db, getItem, queryAll, sendIf, table, writeIf } from './db';
import { PUSH_SUBSCRIPTION_PREFIX, pushSubscriptionKey, userPartition } from './keys/users';

export type PushSubscriptionItem = {
  pk: string;
  sk: string;
  type: 'push-subscription';
  id: string;
  agentId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The session that subscribed it (absent on a subscription made before devices were bound to sessions). */
  sessionId?: string;
  /** The browser and system in plain words (functions/domain/device-label.ts); never the User-Agent itself. */
  deviceLabel?: string;
  createdAt: string;
  updatedAt: string;
  /** When a push service last took a notification for it. */
  lastUsedAt?: string;
};

export type NewPushSubscription = {
  endpoint: string;
  p256dh: string;
  auth: string;
  sessionId: string;
  deviceLabel: string;
};

/** The id of the subscription to this endpoint: the same endpoint always has the same id. */
export const pushSubscriptionId = (endpoint: string): string =>
  createHash('sha256').update(`push|${endpoint}`).digest('base64url').slice(0, 22);

export async function listPushSubscriptions(agentId: string): Promise<PushSubscriptionItem[]> {
  return queryAll<PushSubscriptionItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPartition(agentId), ':prefix': PUSH_SUBSCRIPTION_PREFIX },
  });
}

export async function getPushSubscription(agentId: string, id: string): Promise<PushSubscriptionItem | undefined> {
  return getItem<PushSubscriptionItem>(pushSubscriptionKey(agentId, id));
}

/**
 * Writes the subscription (or renews the keys of an existing one, keeping its creation time, and binds it to the
 * session subscribing it now) and answers its id. The caller checks the agent's limit first.
 */
export async function putPushSubscription(
  agentId: string,
  subscription: NewPushSubscription,
  now: Date,
  existing?: PushSubscriptionItem,
): Promise<string> {
  const id = pushSubscriptionId(subscription.endpoint);
  const item: PushSubscriptionItem = {
    ...pushSubscriptionKey(agentId, id),
    type: 'push-subscription',
    id,
    agentId,
    ...subscription,
    createdAt: existing?.createdAt ?? now.toISOString(),
    updatedAt: now.toISOString(),
    ...(existing?.lastUsedAt ? { lastUsedAt: existing.lastUsedAt } : {}),
  };
  await db().send(new PutCommand({ TableName: table(), Item: item }));
  return id;
}

/** Removes the subscription: true when it was there. */
export async function deletePushSubscription(agentId: string, id: string): Promise<boolean> {
  const out = await sendIf(
    new DeleteCommand({
      TableName: table(),
      Key: pushSubscriptionKey(agentId, id),
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
  return out !== undefined;
}

/** Notes that a push service took a notification for it (nothing when it was removed meanwhile). */
export async function markPushSubscriptionUsed(agentId: string, id: string, now: Date): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: pushSubscriptionKey(agentId, id),
      UpdateExpression: 'SET lastUsedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

/**
 * Removes the subscriptions a session made, when it ends (one Query of the agent's few devices); also those bound to
 * no session, made before devices were bound to sessions.
 */
export async function deleteSessionPushSubscriptions(agentId: string, sessionId: string): Promise<void> {
  await batchDelete(await subscriptionKeys(agentId, sessionId));
}

/** Removes every subscription of the agent, when all their sessions end. */
export async function deleteAllPushSubscriptions(agentId: string): Promise<void> {
  await batchDelete(await subscriptionKeys(agentId));
}

/** The keys of the agent's subscriptions (of one session's only, and those of none, when it is given). */
function subscriptionKeys(agentId: string, sessionId?: string) {
  return queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': userPartition(agentId),
      ':prefix': PUSH_SUBSCRIPTION_PREFIX,
      ...(sessionId === undefined ? {} : { ':session': sessionId }),
    },
    ...(sessionId === undefined ? {} : { FilterExpression: 'sessionId = :session OR attribute_not_exists(sessionId)' }),
    ProjectionExpression: 'pk, sk',
    // A device subscribed a moment before the logout is found too.
    ConsistentRead: true,
  });
}
