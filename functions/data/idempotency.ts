// The answers kept for writes sent again with the same Idempotency-Key (functions/http/idempotency.ts): one item per
// agent and key, claimed before the write runs and holding its answer once it has one; DynamoDB's TTL removes it a
// day later.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, sendIf, table, writeIf } from './db';
import { idempotencyKey } from './keys/users';

const KEEP_SECONDS = 24 * 3600;
/** A claim without an answer this old was left by a run that died (routes time out well before it): taken over. */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;

export type KeptAnswer = { status: number; body?: unknown };

type IdempotencyItem = {
  pk: string;
  sk: string;
  entity: 'idempotency';
  /** What the request was (route, path, body): the same key with another request is refused. */
  fingerprint: string;
  claimedAt: string;
  answer?: KeptAnswer;
  ttl: number;
};

/** What a request finds under its key: free to run (`claimed`, with the claim's time), or what is there already. */
export type KeyClaim =
  | { kind: 'claimed'; claimedAt: string }
  | { kind: 'answered'; answer: KeptAnswer }
  | { kind: 'running' }
  | { kind: 'other-request' };

/**
 * Claims `key` for the request whose fingerprint is given, unless a live item holds it: then says what holds it. A
 * claim of the same request left unanswered for minutes is taken over; an item past its TTL counts as gone.
 */
export async function claimIdempotencyKey(
  agentId: string,
  key: string,
  fingerprint: string,
  now = new Date(),
): Promise<KeyClaim> {
  const claimedAt = now.toISOString();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const item: IdempotencyItem = {
    ...idempotencyKey(agentId, key),
    entity: 'idempotency',
    fingerprint,
    claimedAt,
    ttl: nowSeconds + KEEP_SECONDS,
  };
  // A claim released between the refused Put and the read is claimed again on the next round.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const claimed = await writeIf(
      new PutCommand({
        TableName: table(),
        Item: item,
        ConditionExpression:
          'attribute_not_exists(pk) OR #ttl < :nowSeconds OR ' +
          '(fingerprint = :fingerprint AND attribute_not_exists(answer) AND claimedAt < :abandoned)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':nowSeconds': nowSeconds,
          ':fingerprint': fingerprint,
          ':abandoned': new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString(),
        },
      }),
    );
    if (claimed) return { kind: 'claimed', claimedAt };
    const out = await db().send(
      new GetCommand({ TableName: table(), Key: idempotencyKey(agentId, key), ConsistentRead: true }),
    );
    const held = out.Item as IdempotencyItem | undefined;
    if (!held) continue;
    if (held.fingerprint !== fingerprint) return { kind: 'other-request' };
    return held.answer ? { kind: 'answered', answer: held.answer } : { kind: 'running' };
  }
  return { kind: 'running' };
}

/** Keeps the answer of the request that holds the claim made at `claimedAt`. */
export async function keepIdempotentAnswer(
  agentId: string,
  key: string,
  claimedAt: string,
  answer: KeptAnswer,
): Promise<void> {
  await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: idempotencyKey(agentId, key),
      UpdateExpression: 'SET answer = :answer',
      ConditionExpression: 'claimedAt = :claimedAt',
      ExpressionAttributeValues: { ':answer': answer, ':claimedAt': claimedAt },
    }),
  );
}

/** Gives up the claim made at `claimedAt` when its request failed: the same request sent again runs again. */
export async function releaseIdempotencyKey(agentId: string, key: string, claimedAt: string): Promise<void> {
  await sendIf(
    new DeleteCommand({
      TableName: table(),
      Key: idempotencyKey(agentId, key),
      ConditionExpression: 'claimedAt = :claimedAt AND attribute_not_exists(answer)',
      ExpressionAttributeValues: { ':claimedAt': claimedAt },
    }),
  );
}
