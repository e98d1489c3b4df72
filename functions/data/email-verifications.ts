// E-mail verification links: one record per link, stored under a hash of the link's id (so the
// table alone never holds a usable link), used once by a conditional write, and time-limited. The
// token's signature proves we issued it; the record decides whether it is still good.
import { createHash } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, expiryFields, table, writeIf } from './db';
import { ownerIndexKeys } from './keys/table';
import { emailVerificationKey } from './keys/users';

const keyOf = (jti: string) => emailVerificationKey(createHash('sha256').update(jti, 'utf8').digest('hex'));

export async function createEmailVerificationRecord(
  jti: string,
  userId: string,
  ttlSeconds: number,
  now = new Date(),
): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keyOf(jti),
        ...ownerIndexKeys(userId, keyOf(jti)),
        type: 'verify-token',
        userId,
        createdAt: now.toISOString(),
        ...expiryFields(now, ttlSeconds, 24 * 3600),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Marks the link used; false when it is unknown, already used, expired or names another user. */
export async function consumeEmailVerificationRecord(jti: string, userId: string, now = new Date()): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: keyOf(jti),
      UpdateExpression: 'SET usedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAt > :now AND userId = :u',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':u': userId },
    }),
  );
}
