// Asking a client for a review: status requested and reviewRequestedAt, at most once per interval,
// decided by one conditional write so two clicks at once send one request.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientItem } from './clients';
import { db, sendIf, table, writeIf } from './db';
import { clientKey } from './keys';

export type ReviewRequestMark =
  | { outcome: 'marked'; before: ClientItem; after: ClientItem }
  | { outcome: 'too-soon'; lastRequestedAt: string }
  | { outcome: 'already-submitted' }
  | { outcome: 'no-such-client' };

export async function markReviewRequested(
  agentId: string,
  clientId: string,
  minIntervalMs: number,
  now = new Date(),
): Promise<ReviewRequestMark> {
  const stamp = now.toISOString();
  const cutoff = new Date(now.getTime() - minIntervalMs).toISOString();
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: clientKey(agentId, clientId),
      UpdateExpression: 'SET reviewStatus = :requested, reviewRequestedAt = :now, updatedAt = :now',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(reviewStatus) OR reviewStatus <> :submitted) AND (attribute_not_exists(reviewRequestedAt) OR attribute_type(reviewRequestedAt, :null) OR reviewRequestedAt <= :cutoff)',
      ExpressionAttributeValues: {
        ':requested': 'requested',
        ':submitted': 'submitted',
        ':now': stamp,
        ':cutoff': cutoff,
        ':null': 'NULL',
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (out) {
    const before = out.Attributes as ClientItem;
    return {
      outcome: 'marked',
      before,
      after: { ...before, reviewStatus: 'requested', reviewRequestedAt: stamp, updatedAt: stamp },
    };
  }
  const current = (
    await db().send(new GetCommand({ TableName: table(), Key: clientKey(agentId, clientId), ConsistentRead: true }))
  ).Item as ClientItem | undefined;
  if (!current) return { outcome: 'no-such-client' };
  if (current.reviewStatus === 'submitted') return { outcome: 'already-submitted' };
  return { outcome: 'too-soon', lastRequestedAt: String(current.reviewRequestedAt) };
}

/** Puts back what a request changed when it could not be sent (only if nothing changed since). */
export async function undoReviewRequest(before: ClientItem, stamp: string): Promise<void> {
  const restore = before.reviewRequestedAt
    ? 'SET reviewStatus = :status, reviewRequestedAt = :old'
    : 'SET reviewStatus = :status REMOVE reviewRequestedAt';
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: clientKey(before.agentId, before.id),
      UpdateExpression: restore,
      ConditionExpression: 'reviewRequestedAt = :stamp AND reviewStatus = :requested',
      ExpressionAttributeValues: {
        ':status': before.reviewStatus ?? 'pending',
        ':stamp': stamp,
        ':requested': 'requested',
        ...(before.reviewRequestedAt ? { ':old': before.reviewRequestedAt } : {}),
      },
    }),
  );
}
