// Unique locks: one item per unique value (a username, a phone, a client e-mail per agent) that
// names its owner, taken with a conditional Put before the owner is written. Without transactions
// (docs/architecture.md, Data model) a crash between the lock and its owner leaves a lock without
// an owner: younger than the grace period it may still be a write in flight, older it was left by
// a crash and the next claim takes it over.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table, writeIf } from './db';

/** A lock this young without its owner may belong to a write still in flight. */
export const LOCK_GRACE_MS = 60_000;

export type UniqueLock = {
  key: { pk: string; sk: string };
  /** The lock item's type, and the attribute that names its owner. */
  type: string;
  ownerAttribute: string;
  /** Whether the owner a lock names was written. */
  ownerExists: (ownerId: string) => Promise<boolean>;
};

export type LockClaim = { granted: true; ownerId: string } | { granted: false; holder: string | undefined };

/**
 * Takes the lock for `ownerId`. Refused while another owner holds it: one that exists, or a young
 * lock without its owner (a write in flight). With `adopt`, such a young lock is granted to its
 * holder's id instead: the caller writes its owner under that id, so whichever of the two writes
 * first wins (the owner's Put is conditional) and a retry after a crash heals at once.
 */
export async function claimUniqueLock(
  lock: UniqueLock,
  ownerId: string,
  now: string,
  { adopt = false } = {},
): Promise<LockClaim> {
  const put = () =>
    writeIf(
      new PutCommand({
        TableName: table(),
        Item: { ...lock.key, type: lock.type, [lock.ownerAttribute]: ownerId, createdAt: now },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  if (await put()) return { granted: true, ownerId };
  const current = (await db().send(new GetCommand({ TableName: table(), Key: lock.key, ConsistentRead: true }))).Item;
  const holder = current?.[lock.ownerAttribute] as string | undefined;
  if (holder !== undefined) {
    const young = Date.now() - Date.parse(String(current?.createdAt)) < LOCK_GRACE_MS;
    if (young && !adopt) return { granted: false, holder };
    if (await lock.ownerExists(holder)) return { granted: false, holder };
    if (young) return { granted: true, ownerId: holder };
    await releaseUniqueLock(lock, holder);
  }
  return (await put()) ? { granted: true, ownerId } : { granted: false, holder };
}

/** Removes the lock if `ownerId` still holds it. */
export async function releaseUniqueLock(
  lock: Pick<UniqueLock, 'key' | 'ownerAttribute'>,
  ownerId: string,
): Promise<void> {
  await writeIf(
    new DeleteCommand({
      TableName: table(),
      Key: lock.key,
      ConditionExpression: '#owner = :o',
      ExpressionAttributeNames: { '#owner': lock.ownerAttribute },
      ExpressionAttributeValues: { ':o': ownerId },
    }),
  );
}

/** The owner the lock names, if any. */
export async function lockOwner(lock: Pick<UniqueLock, 'key' | 'ownerAttribute'>): Promise<string | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: lock.key, ConsistentRead: true }));
  return out.Item?.[lock.ownerAttribute] as string | undefined;
}
