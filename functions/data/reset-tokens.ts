// Single-use link records behind signed tokens (password reset, e-mail verification): usedAt set
// once by a conditional write, and time-limited. The token's signature proves we issued it; the
// record decides whether it is still good.
import { createHash } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table, writeIf } from './db';
import { emailVerificationKey, resetTokenKey } from './keys';

export type LinkKind = 'reset' | 'verify-email';

const RECORDS: Record<LinkKind, { type: string; key: (jti: string) => { pk: string; sk: string } }> = {
  reset: { type: 'reset-token', key: resetTokenKey },
  // Stored under a hash of the link's id, so the table alone never holds a usable link.
  'verify-email': { type: 'verify-token', key: (jti) => emailVerificationKey(createHash('sha256').update(jti, 'utf8').digest('hex')) },
};

export async function createLinkRecord(kind: LinkKind, jti: string, userId: string, ttlSeconds: number, now = new Date()): Promise<void> {
  const expires = new Date(now.getTime() + ttlSeconds * 1000);
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...RECORDS[kind].key(jti),
        type: RECORDS[kind].type,
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
export async function consumeLinkRecord(kind: LinkKind, jti: string, userId: string, now = new Date()): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: RECORDS[kind].key(jti),
      UpdateExpression: 'SET usedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAt > :now AND userId = :u',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':u': userId },
    }),
  );
}

export const createResetRecord = (jti: string, userId: string, ttlSeconds: number, now = new Date()): Promise<void> => createLinkRecord('reset', jti, userId, ttlSeconds, now);
export const consumeResetRecord = (jti: string, userId: string, now = new Date()): Promise<boolean> => consumeLinkRecord('reset', jti, userId, now);
