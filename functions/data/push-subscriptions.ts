// The devices an agent turned notifications on for: one item per push subscription under the agent's USER#
// partition, its id a hash of the endpoint, so the same browser subscribing again finds its own item.
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, sendIf, table } from './db';
import { PUSH_SUBSCRIPTION_PREFIX, pushSubscriptionKey, userPartition } from './keys';

export type PushSubscriptionItem = {
  pk: string;
  sk: string;
  type: 'push-subscription';
  id: string;
  agentId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: string;
  updatedAt: string;
};

export type NewPushSubscription = { endpoint: string; p256dh: string; auth: string };

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
  const out = await db().send(new GetCommand({ TableName: table(), Key: pushSubscriptionKey(agentId, id) }));
  return out.Item as PushSubscriptionItem | undefined;
}

/**
 * Writes the subscription (or renews the keys of an existing one, keeping its creation time) and answers its id. The
 * caller checks the agent's limit first.
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
