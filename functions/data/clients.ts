// Clients, always reached through their agent's partition (tenancy by construction: an id from a
// URL is never enough to reach another agent's client). Without transactions (DESIGN §3) a create
// takes a plan slot, then the per-agent e-mail lock, then writes the client; each failure undoes
// the steps before it, and a lock left by a crash (its client was never written) is taken over.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Client, ReviewStatus } from '../../shared/api-types';
import type { ClientInput } from '../../shared/client-schema';
import { FREE_CLIENT_LIMIT } from '../../shared/constants';
import { randomId } from '../domain/signed-tokens';
import { batchDelete } from './sessions';
import { db, isConditionalCheckFailed, queryAll, table } from './db';
import { agentPartition, CLIENT_PREFIX, clientEmailLockKey, clientIndexKeys, clientKey, milestonePartition } from './keys';
import { addToStats } from './stats';
import { PlanLimitError, releaseClientSlot, reserveClientSlot } from './users';

export { PlanLimitError };

export type ClientItem = Client & { pk: string; sk: string; type: 'client'; gsi1pk: string; gsi1sk: string; gsi2pk: string; gsi2sk: string; awardedMilestones?: Iterable<string> };

export class ClientEmailTakenError extends Error {
  override name = 'ClientEmailTakenError';
  constructor(readonly existingClientId: string) {
    super('client e-mail already used');
  }
}

export type Agent = { id: string; isPro: boolean };

const OPTIONAL_FIELDS = ['address', 'birthday', 'anniversary', 'purchaseDate'] as const;

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
  let id = randomId();
  let adopted = false;
  try {
    const holder = await claimEmail(agentId, input.email, id, now, { adopt: true });
    adopted = holder !== id;
    id = holder;
  } catch (error) {
    await releaseClientSlot(agentId);
    throw error;
  }
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
    await releaseClientSlot(agentId);
    throw written ? new ClientEmailTakenError(id) : error;
  }
  try {
    await addToStats({ clients: 1 }, now);
  } catch (error) {
    // The counters refused (addToStats is all or nothing): undo the client so a retry starts clean.
    await db().send(new DeleteCommand({ TableName: table(), Key: clientKey(agentId, id), ConditionExpression: 'attribute_exists(pk)' })).catch((undo: unknown) => {
      if (!isConditionalCheckFailed(undo)) throw undo;
    });
    await releaseEmail(agentId, input.email, id);
    await releaseClientSlot(agentId);
    throw error;
  }
  return { client: item, remainingFreeSlots: slot.isPro ? null : Math.max(0, FREE_CLIENT_LIMIT - slot.clientCount) };
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

/** Deletes the client, its e-mail lock and milestones, and frees the plan slot; false when there was no such client. */
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
  if (holder && age < 60_000) {
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
