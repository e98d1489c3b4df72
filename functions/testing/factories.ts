// Small factories for test data.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../data/db';
import { userKey } from '../data/keys';

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
  await db().send(new UpdateCommand({ TableName: table(), Key: userKey(userId), UpdateExpression: 'SET isPro = :p', ExpressionAttributeValues: { ':p': isPro } }));
}
