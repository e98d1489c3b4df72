// An agent's opt-out marks: when a client who unsubscribed or texted STOP is erased, the opt-out is kept as a keyed
// hash of the address (functions/domain/opt-out-marks.ts) under the agent, so the same address added again is still
// not sent to. Closing the account deletes them with the agent's other partitions.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { MessageChannel } from '@shared/messages';
import { signingKeys } from '../config';
import { optOutMark, optOutMarkKey } from '../domain/opt-out-marks';
import { db, table } from './db';
import { optOutMarkItemKey } from './keys';

async function markOf(channel: MessageChannel, value: string | null | undefined): Promise<string | undefined> {
  const { key } = (await signingKeys()).signingKey('unsubscribe');
  return optOutMark(optOutMarkKey(key), channel, value);
}

export async function rememberOptOut(
  agentId: string,
  channel: MessageChannel,
  value: string | null | undefined,
  now = new Date(),
): Promise<void> {
  const mark = await markOf(channel, value);
  if (!mark) return;
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...optOutMarkItemKey(agentId, channel, mark), type: 'opt-out-mark', at: now.toISOString() },
    }),
  );
}

/** Whether an erased client of this agent opted out at this address or number. */
export async function hasOptOutMark(
  agentId: string,
  channel: MessageChannel,
  value: string | null | undefined,
): Promise<boolean> {
  const mark = await markOf(channel, value);
  if (!mark) return false;
  const out = await db().send(new GetCommand({ TableName: table(), Key: optOutMarkItemKey(agentId, channel, mark) }));
  return out.Item !== undefined;
}
