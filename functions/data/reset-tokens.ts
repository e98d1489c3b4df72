// Password reset records: single-use (usedAt set once by a conditional write) and time-limited.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table, writeIf } from './db';
import { resetTokenKey } from './keys';

export async function createResetRecord(jti: string, userId: string, ttlSeconds: number, now = new Date()): Promise<void> {
  const expires = new Date(now.getTime() + ttlSeconds * 1000);
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...resetTokenKey(jti),
        type: 'reset-token',
        userId,
        createdAt: now.toISOString(),
        expiresAt: expires.toISOString(),
        ttl: Math.floor(expires.getTime() / 1000) + 24 * 3600,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Marks the record used; false when it is unknown, already used, expired or names another user. */
export async function consumeResetRecord(jti: string, userId: string, now = new Date()): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: resetTokenKey(jti),
      UpdateExpression: 'SET usedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAt > :now AND userId = :u',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':u': userId },
    }),
  );
}
