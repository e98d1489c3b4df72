// Fixed-window counters for throttling (failed logins per account and per IP, reset e-mails).
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './db';
import { throttleKey } from './keys';

export type Limit = { scope: string; id: string; max: number; windowSeconds: number };
export type LimitState = { limited: boolean; count: number; retryAfterSeconds: number };

function windowOf(limit: Limit, nowMs: number) {
  const windowMs = limit.windowSeconds * 1000;
  const start = Math.floor(nowMs / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

export async function readLimit(limit: Limit, nowMs = Date.now()): Promise<LimitState> {
  const { start, end } = windowOf(limit, nowMs);
  const out = await db().send(new GetCommand({ TableName: table(), Key: throttleKey(limit.scope, limit.id, start), ConsistentRead: true }));
  const count = Number(out.Item?.count ?? 0);
  return { limited: count >= limit.max, count, retryAfterSeconds: Math.ceil((end - nowMs) / 1000) };
}

/** Counts one more event in the current window and says whether the limit is now exceeded. */
export async function hitLimit(limit: Limit, nowMs = Date.now()): Promise<LimitState> {
  const { start, end } = windowOf(limit, nowMs);
  const out = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: throttleKey(limit.scope, limit.id, start),
      UpdateExpression: 'ADD #count :one SET #ttl = :ttl, #type = :type',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl', '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': Math.floor(end / 1000) + 60, ':type': 'throttle' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const count = Number(out.Attributes?.count ?? 1);
  return { limited: count > limit.max, count, retryAfterSeconds: Math.ceil((end - nowMs) / 1000) };
}
