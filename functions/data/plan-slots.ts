// The agent's plan counter (clientCount on the PROFILE item): a slot is taken before a client is
// written and given back when it is deleted or its create fails. Without transactions
// (docs/architecture.md, Data model) a crash can leave a slot taken whose client was never
// written: reconcileClientCount gives such slots back.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FREE_CLIENT_LIMIT, PlanLimitError } from '../domain/plan';
import { queryAll, sendIf, table, writeIf } from './db';
import { CLIENT_EMAIL_PREFIX, CLIENT_PREFIX } from './keys/clients';
import { agentPartition } from './keys/table';
import { userKey } from './keys/users';
import { releaseClientEmail } from './client-email-locks';
import { LOCK_GRACE_MS } from './unique-locks';
import { getUserById } from './users';

export { PlanLimitError };

/**
 * Takes one client slot atomically: the free plan's cap holds under concurrency because the
 * condition and the increment are one conditional write (docs/architecture.md, Data model).
 * Throws PlanLimitError when the free plan is full, or the account is closing (its erasure must not race new clients).
 */
export async function reserveClientSlot(agentId: string): Promise<{ clientCount: number; isPro: boolean }> {
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(agentId),
      UpdateExpression: 'SET clientCount = if_not_exists(clientCount, :zero) + :one',
      ConditionExpression:
        'attribute_exists(pk) AND attribute_not_exists(closingAt) AND ' +
        '(isPro = :true OR attribute_not_exists(clientCount) OR clientCount < :limit)',
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':true': true, ':limit': FREE_CLIENT_LIMIT },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (!out) throw new PlanLimitError('free plan limit reached');
  return { clientCount: Number(out.Attributes?.clientCount ?? 0), isPro: out.Attributes?.isPro === true };
}

/**
 * Takes `count` slots at once for a Pro agent (a batch of the CSV import); false, taking none, when
 * the agent is not Pro (any more), so the caller goes on one slot at a time within the free plan.
 */
export async function reserveProClientSlots(agentId: string, count: number): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(agentId),
      UpdateExpression: 'SET clientCount = if_not_exists(clientCount, :zero) + :count',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(closingAt) AND isPro = :true',
      ExpressionAttributeValues: { ':zero': 0, ':count': count, ':true': true },
    }),
  );
}

/**
 * Gives slots back (a delete, or creates that failed after reserving). Never below zero: when fewer are taken, none is
 * given back.
 */
export async function releaseClientSlot(agentId: string, count = 1): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(agentId),
      UpdateExpression: 'SET clientCount = clientCount - :count',
      ConditionExpression: 'attribute_exists(pk) AND clientCount >= :count',
      ExpressionAttributeValues: { ':count': count },
    }),
  );
}

/** Sets the plan counter to `count` unless it changed from `was` since it was read; false when it had. */
async function setClientCountIfUnchanged(agentId: string, was: number, count: number): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(agentId),
      UpdateExpression: 'SET clientCount = :count',
      ConditionExpression: `attribute_exists(pk) AND ${was === 0 ? '(attribute_not_exists(clientCount) OR clientCount = :was)' : 'clientCount = :was'}`,
      ExpressionAttributeValues: { ':count': count, ':was': was },
    }),
  );
}

/** How long reconcileClientCount watches the agent's clients for movement before it believes a difference. */
const RECONCILE_SETTLE_MS = 1_000;

type SlotSnapshot = {
  /** The plan counter as stored. */
  stored: number;
  /** The slots really taken: the clients, plus the young locks of creates that may be in flight. */
  taken: number;
  /** Locks whose client does not exist and whose create is over (crashed): they hold no client. */
  deadLocks: Array<{ email: string; clientId: string }>;
  /** Everything the counter is compared with, to tell whether anything moved between two looks. */
  fingerprint: string;
};

async function slotSnapshot(agentId: string): Promise<SlotSnapshot | undefined> {
  const agent = await getUserById(agentId, true);
  if (!agent) return undefined;
  const inPartition = (prefix: string) =>
    queryAll<{ sk: string; id?: string; clientId?: string; createdAt?: string; registrationPendingAt?: string }>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': prefix },
      ProjectionExpression: 'sk, id, clientId, createdAt, registrationPendingAt',
      ConsistentRead: true,
    });
  const clientItems = await inPartition(CLIENT_PREFIX);
  const clients = new Set(clientItems.map((c) => String(c.id)));
  // A directory registration not yet confirmed takes no slot.
  const pending = clientItems.filter((c) => c.registrationPendingAt).length;
  const locks = await inPartition(CLIENT_EMAIL_PREFIX);
  const now = Date.now();
  let inFlight = 0;
  const deadLocks: SlotSnapshot['deadLocks'] = [];
  for (const lock of locks) {
    if (clients.has(String(lock.clientId))) continue;
    if (now - Date.parse(String(lock.createdAt)) < LOCK_GRACE_MS) inFlight += 1;
    else deadLocks.push({ email: lock.sk.slice(CLIENT_EMAIL_PREFIX.length), clientId: String(lock.clientId) });
  }
  const stored = Number(agent.clientCount ?? 0) || 0;
  const fingerprint = [
    stored,
    ...[...clients].sort(),
    ...locks.map((l) => `${l.sk}=${String(l.clientId)}`).sort(),
  ].join('\n');
  return { stored, taken: clients.size - pending + inFlight, deadLocks, fingerprint };
}

/**
 * Brings the agent's plan counter (clientCount) back to the slots really taken, and removes the
 * e-mail locks of creates that died, after a crash (a runtime killed mid-import) left slots taken
 * whose client was never written. The CSV import runs it when it is done.
 *
 * Without transactions (docs/architecture.md, Data model) the counter and the clients cannot be read or written
 * together,
 * and a request in flight looks like one that died: a create has taken its slot before its client
 * exists, a delete has removed its client before it gives the slot back. So:
 *  - a create in flight between its lock and its client shows as a young lock without a client:
 *    counted as a taken slot. An old one is a create that died: its slot is not counted (the
 *    counter drops by it) and its lock is removed.
 *  - the rest of a request in flight is invisible: a create's slot taken before its lock (an import
 *    batch's, before its whole batch's locks), a delete's client gone before its slot comes back.
 *    But it moves within moments, whereas what a crash left stays put: a difference is only acted
 *    on if a second look, RECONCILE_SETTLE_MS later, finds exactly the same counter, clients and
 *    locks. Only a request stalled for longer than that between two of its writes can still be
 *    miscounted; that leaves a lasting difference, which the next reconcile (or `npm run
 *    stats:recompute`) repairs like any other.
 *  - the counter is written only if it still holds what was read (a conditional update): a slot
 *    taken or given back in between makes this give up ('busy') rather than overwrite it, and one
 *    taken or given back after the write applies on top of the right value.
 */
export async function reconcileClientCount(agentId: string): Promise<'consistent' | 'fixed' | 'busy'> {
  const first = await slotSnapshot(agentId);
  if (!first || (first.stored === first.taken && first.deadLocks.length === 0)) return 'consistent';
  await new Promise((done) => setTimeout(done, RECONCILE_SETTLE_MS));
  const second = await slotSnapshot(agentId);
  if (!second || second.fingerprint !== first.fingerprint) return 'busy';
  for (const lock of second.deadLocks) await releaseClientEmail(agentId, lock.email, lock.clientId);
  if (second.stored !== second.taken && !(await setClientCountIfUnchanged(agentId, second.stored, second.taken)))
    return 'busy';
  return 'fixed';
}
