// Server-side sessions: the cookie names one of these items, so logout and a password reset can
// really end a session. A session's end takes with it the push subscriptions it made.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchDelete, batchGet, db, expiryFields, queryAll, table } from './db';
import { SESSION_PREFIX, sessionKey, userKey, userPartition } from './keys/users';
import { deleteAllPushSubscriptions, deleteSessionPushSubscriptions } from './push-subscriptions';
import type { UserItem } from './users';

export type SessionItem = {
  pk: string;
  sk: string;
  type: 'session';
  userId: string;
  sessionId: string;
  createdAt: string;
  expiresAt: string;
  ttl: number;
};

export async function createSession(
  userId: string,
  sessionId: string,
  ttlSeconds: number,
  now = new Date(),
): Promise<SessionItem> {
  const item: SessionItem = {
    ...sessionKey(userId, sessionId),
    type: 'session',
    userId,
    sessionId,
    createdAt: now.toISOString(),
    ...expiryFields(now, ttlSeconds),
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  return item;
}

/** Ends the session (logout) and the push subscriptions it made: the device stops getting the agent's notifications. */
export async function deleteSession(userId: string, sessionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: sessionKey(userId, sessionId) }));
  await deleteSessionPushSubscriptions(userId, sessionId);
}

/** Ends every session of a user and every push subscription (after a password reset, when the account closes). */
export async function deleteAllSessions(userId: string): Promise<number> {
  const keys = await queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPartition(userId), ':prefix': SESSION_PREFIX },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete(keys);
  await deleteAllPushSubscriptions(userId);
  return keys.length;
}

/**
 * The session and its user in one BatchGet (each request's only read to authenticate); undefined unless both exist and
 * the session is live.
 */
export async function getLiveSession(
  userId: string,
  sessionId: string,
  now = Date.now(),
): Promise<{ session: SessionItem; user: UserItem } | undefined> {
  const items = await batchGet<SessionItem | UserItem>([sessionKey(userId, sessionId), userKey(userId)], {
    ConsistentRead: true,
  });
  const session = items.find((i): i is SessionItem => i.type === 'session');
  const user = items.find((i): i is UserItem => i.type === 'user');
  if (!session || !user || Date.parse(String(session.expiresAt)) <= now) return undefined;
  return { session, user };
}
