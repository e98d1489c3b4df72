// Clients, always reached through their agent's partition (tenancy by construction: an id from a
// URL is never enough to reach another agent's client). Without transactions (docs/architecture.md, Data model) a create
// takes a plan slot, then the per-agent e-mail lock, then writes the client; each failure undoes
// the steps before it, and a lock left by a crash (its client was never written) is taken over.
// A crash also leaves the plan slot taken: reconcileClientCount gives such slots back.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Client, ReviewStatus } from '../../shared/api-types';
import { OPTIONAL_CLIENT_FIELDS as OPTIONAL_FIELDS, type ClientInput } from '../../shared/client-schema';
import { FREE_CLIENT_LIMIT } from '../../shared/constants';
import { randomId } from '../domain/signed-tokens';
import { batchDelete } from './sessions';
import { db, isConditionalCheckFailed, queryAll, table } from './db';
import { agentPartition, CLIENT_EMAIL_PREFIX, CLIENT_PREFIX, clientEmailLockKey, clientIndexKeys, clientKey, milestonePartition } from './keys';
import { addToStats } from './stats';
import { getUserById, PlanLimitError, releaseClientSlot, reserveClientSlot, reserveProClientSlots, setClientCountIfUnchanged } from './users';

export { PlanLimitError };

export type ClientItem = Client & { pk: string; sk: string; type: 'client'; gsi1pk: string; gsi1sk: string; gsi2pk: string; gsi2sk: string; awardedMilestones?: Iterable<string> };

export class ClientEmailTakenError extends Error {
  override name = 'ClientEmailTakenError';
  constructor(readonly existingClientId: string) {
    super('client e-mail already used');
  }
}

export type Agent = { id: string; isPro: boolean };

export function toClient(item: ClientItem): Client {
  return {
    id: item.id,
    agentId: item.agentId,
    name: item.name,
    email: item.email,
    phone: item.phone,
    address: item.address ?? null,
    birthday: item.birthday ?? null,
    anniversary: item.anniversary ?? null,
    purchaseDate: item.purchaseDate ?? null,
    lastContactDate: item.lastContactDate ?? null,
    reviewStatus: item.reviewStatus ?? 'pending',
    reviewRequestedAt: item.reviewRequestedAt ?? null,
    reviewSubmittedAt: item.reviewSubmittedAt ?? null,
    hasTestimonial: item.hasTestimonial === true,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** Every client of one agent: one Query, paginated through to the end. */
export function listClients(agentId: string): Promise<ClientItem[]> {
  return queryAll<ClientItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': CLIENT_PREFIX },
  });
}

export async function getClient(agentId: string, clientId: string): Promise<ClientItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: clientKey(agentId, clientId), ConsistentRead: true }));
  return out.Item as ClientItem | undefined;
}

/** Creates a client within the agent's plan. Throws PlanLimitError at the free cap and ClientEmailTakenError for a known e-mail. */
export async function createClient(agentId: string, input: ClientInput, now = new Date()): Promise<{ client: ClientItem; remainingFreeSlots: number | null }> {
  const slot = await reserveClientSlot(agentId, FREE_CLIENT_LIMIT);
  let item: ClientItem;
  try {
    item = await writeClient(agentId, input, now);
  } catch (error) {
    await releaseClientSlot(agentId);
    throw error;
  }
  await addToStats({ clients: 1 }, now);
  return { client: item, remainingFreeSlots: slot.isPro ? null : Math.max(0, FREE_CLIENT_LIMIT - slot.clientCount) };
}

export type ClientBatchResult = {
  created: ClientItem[];
  /** Inputs whose e-mail another client has (written since the caller looked): that client's id. */
  taken: Array<{ input: ClientInput; clientId: string }>;
};

/**
 * The CSV import's creates for a Pro agent, a batch at a time: each client takes its e-mail lock and
 * is written as createClient writes it, but the plan slots are reserved for the whole batch in one
 * write, what the batch did not use is given back in one, and the analytics counters are added once.
 * Undefined, having written nothing, when the agent is not Pro (any more): the caller then creates
 * one at a time within the free plan. A crash mid-batch leaves at most the batch's unused slots
 * taken (reconcileClientCount gives them back) and its written clients not yet in the analytics
 * counters (`npm run stats:recompute`); an error gives back what it can and is rethrown.
 */
export async function createClientBatch(agentId: string, inputs: readonly ClientInput[], concurrency: number, now = new Date()): Promise<ClientBatchResult | undefined> {
  const created: ClientItem[] = [];
  const taken: ClientBatchResult['taken'] = [];
  if (inputs.length === 0) return { created, taken };
  if (!(await reserveProClientSlots(agentId, inputs.length))) return undefined;
  let failure: { error: unknown } | undefined;
  await forEachLimited(inputs, concurrency, async (input) => {
    if (failure) return;
    try {
      created.push(await writeClient(agentId, input, now));
    } catch (error) {
      if (error instanceof ClientEmailTakenError) taken.push({ input, clientId: error.existingClientId });
      else failure ??= { error };
    }
  });
  if (created.length > 0) await addToStats({ clients: created.length }, now);
  if (created.length < inputs.length) await releaseClientSlot(agentId, inputs.length - created.length);
  if (failure) throw failure.error;
  return { created, taken };
}

/** Runs `fn` over the items, at most `limit` at a time, in order of the list. */
export async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  });
  await Promise.all(workers);
}

/**
 * Takes the e-mail lock and writes the client (its plan slot already taken by the caller); on a
 * failure the lock it took is given back. Throws ClientEmailTakenError for a known e-mail.
 */
async function writeClient(agentId: string, input: ClientInput, now: Date): Promise<ClientItem> {
  const fresh = randomId();
  const id = await claimEmail(agentId, input.email, fresh, now, { adopt: true });
  const adopted = id !== fresh;
  const stamp = now.toISOString();
  const item: ClientItem = {
    ...clientKey(agentId, id),
    ...clientIndexKeys(stamp, id),
    type: 'client',
    id,
    agentId,
    name: input.name,
    email: input.email.toLowerCase(),
    phone: input.phone,
    address: input.address ?? null,
    birthday: input.birthday ?? null,
    anniversary: input.anniversary ?? null,
    purchaseDate: input.purchaseDate ?? null,
    lastContactDate: null,
    reviewStatus: 'pending',
    reviewRequestedAt: null,
    reviewSubmittedAt: null,
    hasTestimonial: false,
    createdAt: stamp,
    updatedAt: stamp,
  };
  try {
    await db().send(new PutCommand({ TableName: table(), Item: withoutNulls(item), ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    // A client already under this id: the other request sharing the lock (see claimEmail) wrote
    // first, so this e-mail is taken and the lock is that client's.
    const written = isConditionalCheckFailed(error) && (await getClient(agentId, id)) !== undefined;
    // An adopted lock stays either way: it names the id whichever writer wins.
    if (!written && !adopted) await releaseEmail(agentId, input.email, id);
    throw written ? new ClientEmailTakenError(id) : error;
  }
  return item;
}

/** A lock this young without its client may belong to a create still in flight (claimEmail adopts it meanwhile). */
const LOCK_GRACE_MS = 60_000;
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
    queryAll<{ sk: string; id?: string; clientId?: string; createdAt?: string }>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': agentPartition(agentId), ':prefix': prefix },
      ProjectionExpression: 'sk, id, clientId, createdAt',
      ConsistentRead: true,
    });
  const clients = new Set((await inPartition(CLIENT_PREFIX)).map((c) => String(c.id)));
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
  const fingerprint = [stored, ...[...clients].sort(), ...locks.map((l) => `${l.sk}=${String(l.clientId)}`).sort()].join('\n');
  return { stored, taken: clients.size + inFlight, deadLocks, fingerprint };
}

/**
 * Brings the agent's plan counter (clientCount) back to the slots really taken, and removes the
 * e-mail locks of creates that died, after a crash (a runtime killed mid-import) left slots taken
 * whose client was never written. The CSV import runs it when it is done.
 *
 * Without transactions (docs/architecture.md, Data model) the counter and the clients cannot be read or written together,
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
  for (const lock of second.deadLocks) await releaseEmail(agentId, lock.email, lock.clientId);
  if (second.stored !== second.taken && !(await setClientCountIfUnchanged(agentId, second.stored, second.taken))) return 'busy';
  return 'fixed';
}

export type ClientChanges = Partial<Record<keyof ClientInput, string | null>> & { lastContactDate?: string | null };

/** Applies changes to an existing client of this agent; undefined when there is no such client. */
export async function updateClient(agentId: string, clientId: string, changes: ClientChanges, now = new Date()): Promise<ClientItem | undefined> {
  const current = await getClient(agentId, clientId);
  if (!current) return undefined;
  const newEmail = changes.email ? changes.email.toLowerCase() : undefined;
  const emailChanged = newEmail !== undefined && newEmail !== current.email;
  if (emailChanged) await claimEmail(agentId, newEmail, clientId, now);
  const sets: string[] = ['updatedAt = :updatedAt'];
  const removes: string[] = [];
  const values: Record<string, unknown> = { ':updatedAt': now.toISOString() };
  const names: Record<string, string> = {};
  for (const [field, value] of Object.entries({ ...changes, ...(newEmail ? { email: newEmail } : {}) })) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    if (value === null || value === '') {
      if ((OPTIONAL_FIELDS as readonly string[]).includes(field) || field === 'lastContactDate') removes.push(`#${field}`);
    } else {
      sets.push(`#${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  let updated: ClientItem;
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: clientKey(agentId, clientId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    updated = out.Attributes as ClientItem;
  } catch (error) {
    if (emailChanged) await releaseEmail(agentId, newEmail, clientId);
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
  if (emailChanged) await releaseEmail(agentId, current.email, clientId);
  return updated;
}

/** Deletes the client, its e-mail lock and its own partition (milestones, testimonial records), and frees the plan slot; false when there was no such client. */
export async function deleteClient(agentId: string, clientId: string): Promise<boolean> {
  let old: ClientItem | undefined;
  try {
    const out = await db().send(
      new DeleteCommand({ TableName: table(), Key: clientKey(agentId, clientId), ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_OLD' }),
    );
    old = out.Attributes as ClientItem | undefined;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
  if (!old) return false;
  await releaseEmail(agentId, old.email, clientId);
  await releaseClientSlot(agentId);
  await deleteMilestones(clientId);
  // Counters describe the clients that exist: take this one out of the months it was counted in.
  await addToStats({ clients: -1 }, new Date(old.createdAt));
  if (old.reviewStatus === 'submitted' && old.reviewSubmittedAt) await addToStats({ reviews: -1 }, new Date(old.reviewSubmittedAt));
  return true;
}

/**
 * Sets the review status. The update is conditional on the status it read, so concurrent changes
 * count each transition into or out of `submitted` exactly once in the review counters.
 */
export async function setReviewStatus(agentId: string, clientId: string, status: ReviewStatus, now = new Date()): Promise<{ before: ClientItem; after: ClientItem } | undefined> {
  for (let attempt = 0; ; attempt += 1) {
    const current = await getClient(agentId, clientId);
    if (!current) return undefined;
    const stamp = now.toISOString();
    const entering = status === 'submitted' && current.reviewStatus !== 'submitted';
    const leaving = status !== 'submitted' && current.reviewStatus === 'submitted';
    const sets = ['reviewStatus = :s', 'updatedAt = :now'];
    if (status === 'requested') sets.push('reviewRequestedAt = :now');
    if (entering) sets.push('reviewSubmittedAt = :now');
    const values: Record<string, unknown> = { ':s': status, ':now': stamp };
    let condition = 'attribute_exists(pk) AND attribute_not_exists(reviewStatus)';
    if (current.reviewStatus) {
      condition = 'reviewStatus = :was';
      values[':was'] = current.reviewStatus;
    }
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: clientKey(agentId, clientId),
          UpdateExpression: `SET ${sets.join(', ')}${leaving ? ' REMOVE reviewSubmittedAt' : ''}`,
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      const after = out.Attributes as ClientItem;
      if (entering) await addToStats({ reviews: 1 }, now);
      if (leaving && current.reviewSubmittedAt) await addToStats({ reviews: -1 }, new Date(current.reviewSubmittedAt));
      return { before: current, after };
    } catch (error) {
      // Deleted meanwhile (the next read says so), or changed meanwhile: read again and retry.
      if (!isConditionalCheckFailed(error) || attempt >= 4) throw error;
    }
  }
}

export async function findClientIdByEmail(agentId: string, email: string): Promise<string | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: clientEmailLockKey(agentId, email), ConsistentRead: true }));
  return out.Item?.clientId as string | undefined;
}

/**
 * Takes the agent's lock on this e-mail for `clientId` and returns the id the client must be
 * written under. A young lock whose client does not exist belongs to a create in flight or to one
 * that crashed between the lock and the client (a runtime killed mid-import): with `adopt` the
 * caller writes its client under that lock's id, so whichever of the two writes first wins (the
 * client Put is conditional) and a re-run import heals at once instead of waiting out the grace.
 */
async function claimEmail(agentId: string, email: string, clientId: string, now: Date, { adopt = false } = {}): Promise<string> {
  const key = clientEmailLockKey(agentId, email);
  const put = () =>
    db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...key, type: 'client-email', clientId, createdAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  try {
    await put();
    return clientId;
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  const lock = (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
  const holder = lock?.clientId as string | undefined;
  const age = lock ? Date.now() - Date.parse(String(lock.createdAt)) : Infinity;
  if (holder && (await getClient(agentId, holder))) throw new ClientEmailTakenError(holder);
  if (holder && age < LOCK_GRACE_MS) {
    if (adopt) return holder;
    throw new ClientEmailTakenError(holder);
  }
  // A lock whose client was never written (a crash between the two writes) is taken over after a minute.
  if (holder) await releaseEmail(agentId, email, holder);
  try {
    await put();
  } catch (error) {
    if (isConditionalCheckFailed(error)) throw new ClientEmailTakenError(holder ?? 'unknown');
    throw error;
  }
  return clientId;
}

async function releaseEmail(agentId: string, email: string, clientId: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({ TableName: table(), Key: clientEmailLockKey(agentId, email), ConditionExpression: 'clientId = :c', ExpressionAttributeValues: { ':c': clientId } }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** Everything under CLIENT#<clientId>: its milestones and its testimonial records (the videos are S3's, see delete-client). */
async function deleteMilestones(clientId: string): Promise<void> {
  const keys = await queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': milestonePartition(clientId) },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete(keys);
}

function withoutNulls<T extends Record<string, unknown>>(item: T): T {
  return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null)) as T;
}
