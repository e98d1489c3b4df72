// One running import per agent: a lock item under the agent (AGENT#<agentId> /
// IMPORTLOCK) naming the import that holds it, taken with a conditional Put when an import starts
// and deleted (only by its holder) when it ends. An import that crashed keeps its lock while SQS
// delivers it again and it continues; one that never comes back must not block the agent forever:
// the caller judges a lock stale (its import finished, gone or silent, or its `until` passed), and
// a new import takes a stale lock over with a Put conditional on the stale lock, so two takers
// cannot both win.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table, writeIf } from './db';
import { importLockKey } from './keys/jobs';

export type ImportLock = { holder: string; until: number };

const put = (agentId: string, lock: ImportLock, condition: { expression: string; values?: Record<string, unknown> }) =>
  writeIf(
    new PutCommand({
      TableName: table(),
      Item: { ...importLockKey(agentId), type: 'import-lock', ...lock },
      ConditionExpression: condition.expression,
      ...(condition.expression.includes('#until') ? { ExpressionAttributeNames: { '#until': 'until' } } : {}),
      ...(condition.values ? { ExpressionAttributeValues: condition.values } : {}),
    }),
  );

/** How many times a claim reads the lock again when it changed between the read and the takeover. */
const CLAIM_ROUNDS = 3;

/**
 * Takes the agent's import lock for `holder` until `until` (epoch ms): granted when it is free, already `holder`'s, or
 * held by a lock `isStale` says is over. Refused otherwise: another import is running. A lock freed or taken between
 * this claim's read and its takeover (an import ending that instant) is read again, so the claim is judged on the lock
 * as it is then, not refused for a change it lost to.
 */
export async function claimImportLock(
  agentId: string,
  holder: string,
  until: number,
  isStale: (lock: ImportLock) => Promise<boolean>,
): Promise<boolean> {
  const lock = { holder, until };
  for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
    const free = await put(agentId, lock, {
      expression: 'attribute_not_exists(pk) OR holder = :holder',
      values: { ':holder': holder },
    });
    if (free) return true;
    const current = (
      await db().send(new GetCommand({ TableName: table(), Key: importLockKey(agentId), ConsistentRead: true }))
    ).Item as ImportLock | undefined;
    if (!current) continue;
    if (!(await isStale(current))) return false;
    const tookOver = await put(agentId, lock, {
      expression: 'holder = :stale AND #until = :staleUntil',
      values: { ':stale': current.holder, ':staleUntil': current.until },
    });
    if (tookOver) return true;
  }
  return false;
}

/** Frees the agent's import lock if `holder` still holds it. */
export async function releaseImportLock(agentId: string, holder: string): Promise<void> {
  await writeIf(
    new DeleteCommand({
      TableName: table(),
      Key: importLockKey(agentId),
      ConditionExpression: 'holder = :holder',
      ExpressionAttributeValues: { ':holder': holder },
    }),
  );
}
