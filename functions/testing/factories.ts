// Small factories for test data.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../data/db';
import { userKey } from '../data/keys';
import { markEmailVerified } from '../data/users';

let n = 0;
export function clientInput(overrides: Record<string, unknown> = {}) {
  n += 1;
  const digits = String(5550000000 + n).slice(-10);
  return {
    name: `Client ${n}`,
    email: `client${n}-${Date.now() % 100000}@example.com`,
    phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    ...overrides,
  };
}

/** Makes a user Pro directly in the table (the Stripe webhook does this in the product). */
export async function makePro(userId: string, isPro = true): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression: 'SET isPro = :p',
      ExpressionAttributeValues: { ':p': isPro },
    }),
  );
}

/** Marks the user's e-mail verified (`emailVerifiedAt`, as following the mailed link does), or takes that back. */
export async function setEmailVerified(userId: string, verified = true): Promise<void> {
  if (verified) {
    await markEmailVerified(userId, new Date().toISOString());
    return;
  }
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression: 'REMOVE emailVerifiedAt SET isAdmin = :no',
      ExpressionAttributeValues: { ':no': false },
    }),
  );
}
