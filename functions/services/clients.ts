// Client use cases: each ties several writes together. Without transactions (docs/architecture.md,
// Data model) a create takes a plan slot, then the per-agent e-mail lock, then writes the client;
// each failure undoes the steps before it, and a lock left by a crash (its client was never
// written) is taken over. A crash also leaves the plan slot taken: reconcileClientCount
// (functions/data/plan-slots.ts) gives such slots back. Counters are added after the user's write
// and never fail it (functions/data/stats.ts).
import type { ClientInput } from '@shared/client-schema';
import { claimClientEmail, ClientEmailTakenError, releaseClientEmail } from '../data/client-email-locks';
import {
  deleteClientItem,
  deleteClientPartition,
  getClient,
  newClientItem,
  putNewClient,
  updateClientItem,
  type ClientChanges,
  type ClientItem,
} from '../data/clients';
import { addListEntries, removeListEntries, writeListEntries } from '../data/client-lists';
import { addToBook, adjustBook, bookDeltas, countInsights, sumBookDeltas } from '../data/insights';
import { releaseClientSlot, reserveClientSlot, reserveProClientSlots } from '../data/plan-slots';
import { addToStats } from '../data/stats';
import { remainingFreeSlots } from '../domain/plan';
import { randomId } from '../domain/signed-tokens';
import { forEachLimited } from '../lib/concurrency';

/**
 * Creates a client within the agent's plan. Throws PlanLimitError at the free cap and
 * ClientEmailTakenError for a known e-mail. `id`: the import job's id for the row (the same on
 * every attempt, so a retry finds the client it made); a new one otherwise.
 */
export async function createClient(
  agentId: string,
  input: ClientInput,
  now = new Date(),
  id = randomId(),
): Promise<{ client: ClientItem; remainingFreeSlots: number | null }> {
  const slot = await reserveClientSlot(agentId);
  let item: ClientItem;
  try {
    item = await writeClient(agentId, input, now, id);
  } catch (error) {
    await releaseClientSlot(agentId);
    throw error;
  }
  await adjustBook(agentId, undefined, item);
  await addToStats({ clients: 1 }, now);
  return { client: item, remainingFreeSlots: remainingFreeSlots(slot) };
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
 * counters (`npm run stats:recompute`); an error gives back what it can and is rethrown. `ids`:
 * the import job's id for each input (see createClient).
 */
export async function createClientBatch(
  agentId: string,
  inputs: readonly ClientInput[],
  concurrency: number,
  now = new Date(),
  ids?: readonly string[],
): Promise<ClientBatchResult | undefined> {
  const created: ClientItem[] = [];
  const taken: ClientBatchResult['taken'] = [];
  if (inputs.length === 0) return { created, taken };
  if (!(await reserveProClientSlots(agentId, inputs.length))) return undefined;
  let failure: { error: unknown } | undefined;
  const fail = (input: ClientInput, error: unknown) => {
    if (error instanceof ClientEmailTakenError) taken.push({ input, clientId: error.existingClientId });
    else failure ??= { error };
  };
  // writeClient's steps, batched: each client's e-mail lock, then the index entries of all of them
  // in shared batch writes (a client's own would take a call each), then each client.
  const claims: Array<ClientClaim & { input: ClientInput }> = [];
  await forEachLimited([...inputs.keys()], concurrency, async (index) => {
    const input = inputs[index]!;
    if (failure) return;
    try {
      claims.push({ input, ...(await claimClient(agentId, input, now, ids?.[index] ?? randomId())) });
    } catch (error) {
      fail(input, error);
    }
  });
  try {
    if (!failure) await writeClientEntries(claims.map((claim) => claim.item));
  } catch (error) {
    failure = { error };
  }
  await forEachLimited(claims, concurrency, async (claim) => {
    if (failure) return giveBackClaim(agentId, claim);
    try {
      created.push(await putClaimedClient(agentId, claim));
    } catch (error) {
      fail(claim.input, error);
    }
  });
  if (created.length > 0) {
    // The book's counters once for the batch: one item would otherwise take a write per client.
    await addToBook(agentId, sumBookDeltas(created.map((client) => bookDeltas(undefined, client))));
    await addToStats({ clients: created.length }, now);
  }
  if (created.length < inputs.length) await releaseClientSlot(agentId, inputs.length - created.length);
  if (failure) throw failure.error;
  return { created, taken };
}

type ClientClaim = { item: ClientItem; adopted: boolean };

/**
 * The e-mail lock of a new client, and the item it is written as (under the lock's own id when a young lock was
 * adopted).
 */
async function claimClient(agentId: string, input: ClientInput, now: Date, fresh: string): Promise<ClientClaim> {
  const id = await claimClientEmail(agentId, input.email, fresh, now, { adopt: true });
  return { item: newClientItem(agentId, id, input, now), adopted: id !== fresh };
}

/**
 * The list, search and occasion entries, before the clients: a crash before a client is written leaves entries readers
 * skip.
 */
async function writeClientEntries(items: readonly ClientItem[]): Promise<void> {
  await writeListEntries(items);
}

/**
 * A claim whose client is not written: its lock goes back. An adopted lock stays either way: it names the id whichever
 * writer wins.
 */
async function giveBackClaim(agentId: string, { item, adopted }: ClientClaim): Promise<void> {
  if (!adopted) await releaseClientEmail(agentId, item.email, item.id);
}

/** Writes the claimed client. Throws ClientEmailTakenError when a client already has its id. */
async function putClaimedClient(agentId: string, claim: ClientClaim): Promise<ClientItem> {
  let written: boolean;
  try {
    written = await putNewClient(claim.item);
  } catch (error) {
    await giveBackClaim(agentId, claim);
    throw error;
  }
  if (written) return claim.item;
  // A client already under this id: the other request sharing the lock (see claimUniqueLock) wrote
  // first, so this e-mail is taken and the lock is that client's.
  if (!claim.adopted && !(await getClient(agentId, claim.item.id)))
    await releaseClientEmail(agentId, claim.item.email, claim.item.id);
  throw new ClientEmailTakenError(claim.item.id);
}

/**
 * Takes the e-mail lock and writes the client (its plan slot already taken by the caller); on a
 * failure the lock it took is given back. Throws ClientEmailTakenError for a known e-mail.
 */
async function writeClient(agentId: string, input: ClientInput, now: Date, fresh: string): Promise<ClientItem> {
  const claim = await claimClient(agentId, input, now, fresh);
  try {
    await writeClientEntries([claim.item]);
  } catch (error) {
    await giveBackClaim(agentId, claim);
    throw error;
  }
  return putClaimedClient(agentId, claim);
}

/**
 * Applies changes to an existing client of this agent (moving its e-mail lock); undefined when there is no such client.
 */
export async function updateClient(
  agentId: string,
  clientId: string,
  changes: ClientChanges,
  now = new Date(),
): Promise<ClientItem | undefined> {
  const current = await getClient(agentId, clientId);
  if (!current) return undefined;
  const newEmail = changes.email ? changes.email.toLowerCase() : undefined;
  const emailChanged = newEmail !== undefined && newEmail !== current.email;
  if (emailChanged) await claimClientEmail(agentId, newEmail, clientId, now);
  let updated: ClientItem | undefined;
  try {
    const merged = { ...current, ...changes, ...(newEmail ? { email: newEmail } : {}) } as ClientItem;
    await addListEntries(merged, current);
    updated = await updateClientItem(agentId, clientId, { ...changes, ...(newEmail ? { email: newEmail } : {}) }, now);
  } finally {
    if (emailChanged) await releaseClientEmail(agentId, updated ? current.email : newEmail, clientId);
  }
  if (updated) {
    await removeListEntries(current, updated);
    await adjustBook(agentId, current, updated);
  }
  return updated;
}

/**
 * Deletes the client, its e-mail lock and its own partition (milestones, testimonial records), and frees the plan slot;
 * false when there was no such client.
 */
export async function deleteClient(agentId: string, clientId: string): Promise<boolean> {
  const old = await deleteClientItem(agentId, clientId);
  if (!old) return false;
  await releaseClientEmail(agentId, old.email, clientId);
  await removeListEntries(old);
  await adjustBook(agentId, old, undefined);
  await releaseClientSlot(agentId);
  await deleteClientPartition(clientId);
  // Counters describe the clients that exist: take this one out of the months it was counted in.
  await addToStats({ clients: -1 }, new Date(old.createdAt));
  if (old.reviewStatus === 'submitted' && old.reviewSubmittedAt) {
    await addToStats({ reviews: -1 }, new Date(old.reviewSubmittedAt));
    // Reviews received count the clients that exist, on the dashboard as in the analytics.
    await countInsights(agentId, { reviewsSubmitted: -1 }, new Date(old.reviewSubmittedAt));
  }
  return true;
}
