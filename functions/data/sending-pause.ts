// An agent's client sends paused for their e-mails' bounces or complaints (the sending review,
// functions/services/send-limits.ts): kept on the agent's PROFILE item, which every request and job
// reads, so the pause is checked with no extra read. An SES event is counted once however often
// EventBridge delivers it (a conditional Put per message and kind).
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PauseReason, SendingRecord } from '../domain/send-trust';
import { table, updateIf, writeIf } from './db';
import { sesEventKey } from './keys/counters';
import { userKey } from './keys/users';

/** The record that paused the agent (a pause from before complainants were counted has no `complainants`). */
export type SendingPause = Omit<SendingRecord, 'complainants'> &
  Partial<Pick<SendingRecord, 'complainants'>> & { reason: PauseReason; pausedAt: string };

/** Pauses the agent's client sends; false when already paused or when there is no such agent. */
export async function pauseSending(agentId: string, pause: SendingPause): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(agentId),
      UpdateExpression: 'SET sendingPause = :pause',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(sendingPause)',
      ExpressionAttributeValues: { ':pause': pause },
    }),
  );
}

/**
 * Lifts the pause (an administrator); the review then counts from `reviewFrom` (a UTC date) on, so what paused
 * the agent does not pause them again. The agent as it is now, or null when there is no such agent.
 */
export async function liftSendingPause(agentId: string, reviewFrom: string): Promise<Record<string, unknown> | null> {
  return updateIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(agentId),
      UpdateExpression: 'REMOVE sendingPause SET sendingReviewFrom = :from',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':from': reviewFrom },
      ReturnValues: 'ALL_NEW',
    }),
  );
}

/** True the first time this SES message's bounce or complaint is seen (kept `keepDays`). */
export async function firstSightOfSesEvent(
  sesMessageId: string,
  reason: 'bounce' | 'complaint',
  now: Date,
  keepDays: number,
): Promise<boolean> {
  return writeIf(
    new PutCommand({
      TableName: table(),
      Item: {
        ...sesEventKey(sesMessageId, reason),
        type: 'ses-event',
        ttl: Math.floor(now.getTime() / 1000) + keepDays * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}
