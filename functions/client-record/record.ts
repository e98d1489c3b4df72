// The client record's one writer. Every write to a client item goes through here, and so does everything derived
// from it (derived.ts): the list, search and occasion entries, the by-last-contact keys on the item (gsi3), the
// per-agent e-mail lock, the plan slot, the book, month, platform and tag counters. A change is described, not written
// (changes.ts): `changeClient` reads the client as it is, applies the change, writes the item conditioned on the
// revision it read, and derives every entry and counter from the item before and after. Nothing else in the code base
// writes a client item (functions/testing/client-write-guard.ts records the DynamoDB calls of the server tests to
// prove it), so a new field or index is added in one place. Only use cases (functions/services) call it.
//
// A client who registered through the public directory is pending (createPendingClient): no plan slot and no
// occasions until the change 'confirm-registration', whose derived writes take the slot before the item is written.
//
// Without transactions (docs/architecture.md, Data model) the order of the writes is what keeps the data whole: a
// create takes the plan slot, then the e-mail lock, then writes the entries, then the item, each failure undoing
// the steps before it; a change writes the entries the new item calls for before the item and removes the ones it
// no longer calls for after it. A crash leaves an entry too many (readers skip it) and never one too few; a lock
// left by a crash is taken over (claimUniqueLock); a slot left taken is given back by reconcileClientCount.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ReviewStatus } from '@shared/api-types';
import type { ClientInput } from '@shared/client-schema';
import { remainingFreeSlots } from '../domain/plan';
import { randomId } from '../domain/signed-tokens';
import { claimClientEmail, ClientEmailTakenError, releaseClientEmail } from '../data/client-email-locks';
import { listEntries } from '../data/client-lists';
import { dropFromNextBest } from '../data/next-best';
import { getClient, newClientItem, type ClientChanges, type ClientItem, type NewClientFields } from '../data/clients';
import { batchDelete, queryAll, sendIf, table, writeIf } from '../data/db';
import { clientKey, contactIndexKeys, milestonePartition } from '../data/keys/clients';
import { releaseClientSlot, reserveClientSlot } from '../data/plan-slots';
import { applyChange, nextBestDrop, type ChangeOutcome, type ClientChange } from './changes';
import {
  addCounters,
  countNewClient,
  derivedWrites,
  removeEntries,
  sameEntry,
  takesSlot,
  writeEntries,
} from './derived';

export { ClientEmailTakenError };

/** The item as stored: its by-last-contact keys follow its Last Contact; nulls and empty sets are left out. */
function stored(item: ClientItem): ClientItem {
  const keyed = { ...item, ...contactIndexKeys(item.agentId, item.lastContactDate, item.id) };
  return Object.fromEntries(
    Object.entries(keyed).filter(([, value]) => value !== null && !(value instanceof Set && value.size === 0)),
  ) as ClientItem;
}

export type ChangeOptions = {
  now?: Date;
  /** The client as the caller just read it: the first attempt starts from it instead of reading again. */
  known?: ClientItem;
  /** The agent's time zone, for the month counters (read from the agent when not given and a counter moves). */
  timeZone?: string;
};

/** How often a change is tried again when another write changed the client between its read and its write. */
const ATTEMPTS = 8;

/**
 * Applies a change to the agent's client. The item is written only if its revision is still the one read, so
 * concurrent changes each apply to the item as the other left it (and count each transition exactly once).
 * Throws ClientEmailTakenError when an edit's e-mail is another client's.
 */
export async function changeClient(
  agentId: string,
  clientId: string,
  change: ClientChange,
  { now = new Date(), known, timeZone }: ChangeOptions = {},
): Promise<ChangeOutcome> {
  let current = known?.agentId === agentId && known.id === clientId ? known : await getClient(agentId, clientId);
  for (let attempt = 1; ; attempt += 1) {
    if (!current) return { kind: 'not-found' };
    const applied = applyChange(current, change, now);
    if (applied.kind !== 'changed') return applied;
    const before = current;
    const after: ClientItem = { ...applied.after, revision: (before.revision ?? 0) + 1 };
    // A merge and its undo move the other client's request and opt-outs, counted where they happened.
    const moved = change.kind === 'merge-absorb' || change.kind === 'restore';
    const write = await writeChange(before, after, now, timeZone, moved);
    if (write.written) {
      // A touch, a snooze or a dismissal takes the client off Today's next best touch (never throws).
      const drop = nextBestDrop(change, before, after, now);
      if (drop) await dropFromNextBest(agentId, clientId, drop.acted);
      return { kind: 'changed', before, after };
    }
    if (attempt >= ATTEMPTS) throw new Error(`client ${clientId} kept changing under ${change.kind}`);
    current = write.latest;
  }
}

/** The client as a change left it: changed, or as it was; undefined when there was none to change. */
export function clientAfter(outcome: ChangeOutcome): ClientItem | undefined {
  if (outcome.kind === 'changed') return outcome.after;
  return outcome.kind === 'unchanged' ? outcome.client : undefined;
}

/**
 * Applies an edit (the form, an import row, a registration); the client after it, or undefined when there is none.
 * `known`, the client as the caller just read it, spares a second read (the write is conditional on its revision).
 */
export async function updateClient(
  agentId: string,
  clientId: string,
  changes: ClientChanges,
  now = new Date(),
  options: Omit<ChangeOptions, 'now'> = {},
): Promise<ClientItem | undefined> {
  return clientAfter(await changeClient(agentId, clientId, { kind: 'edit', changes }, { ...options, now }));
}

/** Sets the review status (stamping its dates); the item before and after, or undefined when there is no client. */
export async function setReviewStatus(
  agentId: string,
  clientId: string,
  status: ReviewStatus,
  now = new Date(),
  options: Omit<ChangeOptions, 'now'> = {},
): Promise<{ before: ClientItem; after: ClientItem } | undefined> {
  const change = await changeClient(agentId, clientId, { kind: 'review-status', status }, { ...options, now });
  if (change.kind === 'changed') return change;
  return change.kind === 'unchanged' ? { before: change.client, after: change.client } : undefined;
}

/** One attempt: the e-mail lock, the new entries, the item (if still at `before`'s revision), then the rest. */
async function writeChange(
  before: ClientItem,
  after: ClientItem,
  now: Date,
  timeZone: string | undefined,
  moved: boolean,
): Promise<{ written: true } | { written: false; latest: ClientItem | undefined }> {
  const { agentId, id } = before;
  const emailMoves = after.email !== before.email;
  if (emailMoves) await claimClientEmail(agentId, after.email, id, now);
  const derived = derivedWrites(before, after, now, { moved });
  let written = false;
  // A slot the change takes is reserved before the item (the free plan's cap refuses it); given back if not written.
  if (derived.planSlots > 0) await reserveClientSlot(agentId);
  try {
    await writeEntries(derived.add);
    written = await writeIf(
      new PutCommand({
        TableName: table(),
        Item: stored(after),
        ConditionExpression:
          before.revision === undefined
            ? 'attribute_exists(pk) AND attribute_not_exists(revision)'
            : 'revision = :seen',
        ExpressionAttributeValues: before.revision === undefined ? undefined : { ':seen': before.revision },
      }),
    );
  } finally {
    if (emailMoves) await releaseClientEmail(agentId, written ? before.email : after.email, id);
    if (derived.planSlots > 0 && !written) await releaseClientSlot(agentId);
  }
  if (!written) {
    // Another write won: the entries this attempt added that the client as it is now does not call for go again.
    const latest = await getClient(agentId, id);
    const keep = latest ? listEntries(latest) : [];
    await removeEntries(derived.add.filter((entry) => !keep.some((kept) => sameEntry(kept, entry))));
    return { written: false, latest };
  }
  await removeEntries(derived.remove);
  if (derived.planSlots < 0) await releaseClientSlot(agentId);
  await addCounters(agentId, derived, timeZone, now);
  return { written: true };
}

/**
 * Creates a client within the agent's plan. Throws PlanLimitError at the free cap and ClientEmailTakenError for a
 * known e-mail. `id`: the import job's id for the row (the same on every attempt, so a retry finds the client it
 * made); a new one otherwise.
 */
export async function createClient(
  agentId: string,
  input: ClientInput,
  now = new Date(),
  id = randomId(),
  fields: Partial<NewClientFields> = {},
): Promise<{ client: ClientItem; remainingFreeSlots: number | null }> {
  const slot = await reserveClientSlot(agentId);
  let item: ClientItem;
  try {
    item = await writeNewClient(agentId, input, now, id, fields);
  } catch (error) {
    await releaseClientSlot(agentId);
    throw error;
  }
  await countNewClient(agentId, item, now);
  return { client: item, remainingFreeSlots: remainingFreeSlots(slot) };
}

/**
 * A client who registered through the public directory, pending until they confirm by e-mail or the agent accepts
 * them (the change 'confirm-registration'): no plan slot, no occasions. Throws ClientEmailTakenError for a known
 * e-mail.
 */
export async function createPendingClient(
  agentId: string,
  input: ClientInput,
  now = new Date(),
  fields: Partial<NewClientFields> = {},
): Promise<ClientItem> {
  const item = await writeNewClient(agentId, input, now, randomId(), {
    ...fields,
    registrationPendingAt: now.toISOString(),
    registeredThroughDirectoryAt: now.toISOString(),
    origin: 'directory',
  });
  await countNewClient(agentId, item, now);
  return item;
}

/** A new client's e-mail lock and item, not yet written (batch.ts writes many). */
export type ClientClaim = { item: ClientItem; adopted: boolean };

/** The e-mail lock of a new client, and its item (under the lock's own id when a young lock was adopted). */
export async function claimClient(
  agentId: string,
  input: ClientInput,
  now: Date,
  fresh: string,
  fields: Partial<NewClientFields> = {},
): Promise<ClientClaim> {
  const id = await claimClientEmail(agentId, input.email, fresh, now, { adopt: true });
  return { item: { ...newClientItem(agentId, id, input, now, fields), revision: 1 }, adopted: id !== fresh };
}

/** A claim whose client is not written: its lock goes back. An adopted lock stays: it names the id either way. */
export async function giveBackClaim(agentId: string, { item, adopted }: ClientClaim): Promise<void> {
  if (!adopted) await releaseClientEmail(agentId, item.email, item.id);
}

/** Writes the claimed client. Throws ClientEmailTakenError when a client already has its id. */
export async function putClaimedClient(agentId: string, claim: ClientClaim): Promise<ClientItem> {
  let written: boolean;
  try {
    written = await writeIf(
      new PutCommand({ TableName: table(), Item: stored(claim.item), ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (error) {
    await giveBackClaim(agentId, claim);
    throw error;
  }
  if (written) return claim.item;
  // A client already under this id: the other request sharing the lock (see claimUniqueLock) wrote first, so this
  // e-mail is taken and the lock is that client's.
  if (!claim.adopted && !(await getClient(agentId, claim.item.id))) {
    await releaseClientEmail(agentId, claim.item.email, claim.item.id);
  }
  throw new ClientEmailTakenError(claim.item.id);
}

/** Takes the e-mail lock, writes the entries, then the client; on a failure the lock it took is given back. */
async function writeNewClient(
  agentId: string,
  input: ClientInput,
  now: Date,
  fresh: string,
  fields?: Partial<NewClientFields>,
): Promise<ClientItem> {
  const claim = await claimClient(agentId, input, now, fresh, fields);
  try {
    await writeEntries(listEntries(claim.item));
  } catch (error) {
    await giveBackClaim(agentId, claim);
    throw error;
  }
  return putClaimedClient(agentId, claim);
}

/**
 * Brings a deleted client back as it was (its id, dates, tags, review state), for the undo of a bulk delete or of a
 * merge, by the create path: the plan slot (the
 * free plan's cap applies: PlanLimitError), the e-mail lock (ClientEmailTakenError when another client has the
 * address now), the entries, the item (refused when a client has the id: ClientEmailTakenError naming it), then the
 * counters, as createClient counts a new client.
 */
export async function restoreClient(agentId: string, snapshot: ClientItem, now = new Date()): Promise<ClientItem> {
  const item: ClientItem = {
    ...snapshot,
    agentId,
    ...clientKey(agentId, snapshot.id),
    revision: (snapshot.revision ?? 0) + 1,
  };
  const slot = takesSlot(item);
  if (slot) await reserveClientSlot(agentId);
  try {
    await claimClientEmail(agentId, item.email, item.id, now);
    try {
      await writeEntries(listEntries(item));
    } catch (error) {
      await releaseClientEmail(agentId, item.email, item.id);
      throw error;
    }
    await putClaimedClient(agentId, { item, adopted: false });
  } catch (error) {
    if (slot) await releaseClientSlot(agentId);
    throw error;
  }
  await countNewClient(agentId, item, now);
  return item;
}

/**
 * Deletes the client with its e-mail lock, its entries and its own partition (milestones, testimonial records,
 * activity), frees the plan slot and takes it out of the counters; the deleted item, or undefined when there was no
 * such client.
 */
export async function deleteClient(
  agentId: string,
  clientId: string,
  now = new Date(),
): Promise<ClientItem | undefined> {
  const out = await sendIf(
    new DeleteCommand({
      TableName: table(),
      Key: clientKey(agentId, clientId),
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_OLD',
    }),
  );
  const old = out?.Attributes as ClientItem | undefined;
  if (!old) return undefined;
  const derived = derivedWrites(old, undefined, now);
  await releaseClientEmail(agentId, old.email, clientId);
  await removeEntries(derived.remove);
  if (derived.planSlots < 0) await releaseClientSlot(agentId);
  await deleteClientPartition(clientId);
  await addCounters(agentId, derived, undefined, now);
  return old;
}

/** Everything under CLIENT#<clientId>: its milestones, testimonial records and activity (the videos are S3's). */
async function deleteClientPartition(clientId: string): Promise<void> {
  const keys = await queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': milestonePartition(clientId) },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete(keys);
}
