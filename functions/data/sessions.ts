// Server-side sessions: the cookie names one of these items, so logout and a password reset can
// really end a session.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite, db, queryAll, table } from './db';
import { SESSION_PREFIX, sessionKey, userPartition } from './keys';

export type SessionItem = { pk: string; sk: string; type: 'session'; userId: string; sessionId: string; createdAt: string; expiresAt: string; ttl: number };

export async function createSession(userId: string, sessionId: string, ttlSeconds: number, now = new Date()): Promise<SessionItem> {
  const expires = new Date(now.getTime() + ttlSeconds * 1000);
  const item: SessionItem = {
    ...sessionKey(userId, sessionId),
    type: 'session',
    userId,
    sessionId,
    createdAt: now.toISOString(),
    expiresAt: expires.toISOString(),
    ttl: Math.floor(expires.getTime() / 1000),
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  return item;
}

export async function deleteSession(userId: string, sessionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: sessionKey(userId, sessionId) }));
}

/** Ends every session of a user (after a password reset). */
export async function deleteAllSessions(userId: string): Promise<number> {
  const keys = await queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPartition(userId), ':prefix': SESSION_PREFIX },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete(keys);
  return keys.length;
}

export async function batchDelete(keys: Array<{ pk: string; sk: string }>): Promise<void> {
  await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
}
