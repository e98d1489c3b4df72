// Clears a fixed-window counter, so a test file's many requests from 127.0.0.1 do not trip a
// per-IP limit that another test checks on its own.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../data/db';
import { throttleKey } from '../data/keys/counters';

export async function resetLimit(scope: string, id: string, windowSeconds: number, nowMs = Date.now()): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(nowMs / windowMs) * windowMs;
  await db().send(new DeleteCommand({ TableName: table(), Key: throttleKey(scope, id, start) }));
}

/** The address test requests come from (the local server sees 127.0.0.1). */
export const LOCAL_IP = '127.0.0.1';
