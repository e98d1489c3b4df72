// The client record's one writer. Every write to a client item goes through here, and so does everything derived
// from it: the list, search and occasion entries (client-lists.ts), the by-last-contact keys on the item (gsi3), the
// per-agent e-mail lock, the plan slot, the agent's book and month counters (insights.ts) and the platform counters
// (stats.ts), the tag entries and the agent's tag counters (tags.ts). A change is described, not written:
// `changeClient` reads the client as it is, applies the change (`applyChange`, pure), writes the item conditioned on
// the revision it read, and derives every entry and counter from the item before and after (`derivedWrites`, pure).
// Nothing else in the code base writes a client item (a test records the DynamoDB calls of the API suite to prove
// it), so a new field or index is added in one place.
//
// A client who registered through the public directory is pending (createPendingClient): no plan slot and no
// occasions until the change 'confirm-registration', whose derived writes take the slot before the item is written.
//
// Without transactions (docs/architecture.md, Data model) the order of the writes is what keeps the data whole: a
// create takes the plan slot, then the e-mail lock, then writes the entries, then the item, each failure undoing
// the steps before it; a change writes the entries the new item calls for before the item and removes the ones it
// no longer calls for after it. A crash leaves an entry too many (readers skip it) and never one too few; a lock
// left by a crash is taken over (claimUniqueLock); a slot left taken is given back by reconcileClientCount.
// Counters are added after the user's write and never fail it: `npm run stats:recompute` and
// `npm run insights:recompute` heal a missed one.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ReviewStatus } from '@shared/api-types';
import { CLEARABLE_CLIENT_FIELDS, type ClientInput } from '@shared/client-schema';
import { hasTag, TAGS_PER_CLIENT_MAX, withoutTag, withTag } from '@shared/tags';
import { remainingFreeSlots } from '../domain/plan';
import { currentSmsConsent, nextSmsConsent, type ConsentRequest } from '../domain/sms-consent';
import { randomId } from '../domain/signed-tokens';
import { forEachLimited } from '../lib/concurrency';
import { claimClientEmail, ClientEmailTakenError, releaseClientEmail } from './client-email-locks';
import { listEntries, entryItem, type Entry } from './client-lists';
import { getClient, newClientItem, type ClientChanges, type ClientItem, type NewClientFields } from './clients';
import { batchDelete, batchWrite, queryAll, sendIf, table, writeIf, type WriteRequest } from './db';
import { addToBook, bookDeltas, countInsights, sumBookDeltas, type MonthDeltas } from './insights';
import { clientKey, contactIndexKeys, milestonePartition } from './keys';
import { releaseClientSlot, reserveClientSlot, reserveProClientSlots } from './plan-slots';
import { addToStats, type StatField } from './stats';
import { addToTagCounts, sumTagDeltas, tagCountDeltas, type TagDeltas } from './tags';

export { ClientEmailTakenError };

/** What can happen to a client. Each is applied to the item as it is read (applyChange). */
export type ClientChange =
  /** Fields of the form, an import row or a registration (null or '' clears an optional one). */
  | { kind: 'edit'; changes: ClientChanges }
  /**
   * A tag added to or taken off the client (a bulk action): applied to the tags as they are, so a concurrent edit
   * keeps its own; refused ('tags-full') when adding would pass TAGS_PER_CLIENT_MAX.
   */
  | { kind: 'tag'; add: string }
  | { kind: 'untag'; remove: string }
  /** The agent sets the review status (or the review check found the review). */
  | { kind: 'review-status'; status: ReviewStatus }
  /** A review request goes out: refused when the client already reviewed, or was asked within `minIntervalMs`. */
  | { kind: 'request-review'; minIntervalMs: number }
  /**
   * A request that could not be sent is taken back, only if nothing changed the review since it was marked: the review
   * is as the request found it, the opening of the earlier request's link included.
   */
  | {
      kind: 'withdraw-review-request';
      requestedAt: string;
      previous: Pick<ClientItem, 'reviewStatus' | 'reviewRequestedAt' | 'reviewLinkOpenedAt'>;
    }
  /** The client opened the review link of their request (`at`): the first open after each request is kept. */
  | { kind: 'review-link-opened'; at: string }
  /**
   * The agent confirmed a Google review (written at `at`) as the client's: submitted, dated by the review, which stops
   * any further review request.
   */
  | { kind: 'review-found'; at: string }
  /** A message or touch on `on` (YYYY-MM-DD): Last Contact only ever moves forward. */
  | { kind: 'contacted'; on: string }
  /**
   * The client wrote back at `at` (ISO): Last Contact moves forward, and the automatic sends to the client pause until
   * `pauseUntil` (ISO; a later pause already set is kept).
   */
  | { kind: 'replied'; at: string; pauseUntil: string }
  /** The client stopped a channel (an unsubscribe link, a STOP reply, a refused text); a text opt-out revokes it. */
  | { kind: 'opt-out'; channel: 'email' | 'sms' }
  /**
   * The client's consent to texts is given, attested or taken back (functions/data/sms-consent.ts, which also keeps its
   * history). Once revoked, only the client's own keyword gives it again: anything else is refused ('opted-out').
   */
  | { kind: 'sms-consent'; consent: ConsentRequest }
  /** These milestones were awarded (each once; remembered so later writes try only new ones). */
  | { kind: 'milestones-awarded'; types: readonly string[] }
  /** A video testimonial was confirmed for the client. */
  | { kind: 'testimonial-received' }
  /** The agent approved an automatic message for the client (the first lets the next ones leave by themselves). */
  | { kind: 'automatic-approved' }
  /** Nothing of the client changes: its keys are derived again (for items written before a key existed). */
  | { kind: 'rederive' }
  /**
   * A directory registration is confirmed (by the client from the e-mail, or accepted by the agent): the client takes
   * a plan slot (refused with PlanLimitError when the free plan is full) and gets its occasions.
   */
  | { kind: 'confirm-registration' }
  /** Another client is merged into this one: these fields (functions/domain/duplicates.ts mergedFields) are set. */
  | { kind: 'merge-absorb'; fields: Partial<ClientItem> }
  /** A merge is undone: the client's fields go back to `item`'s, as the merge found them. */
  | { kind: 'restore'; item: ClientItem };

/** What a change did: the item before and after, or why it did nothing. */
export type ChangeOutcome =
  | { kind: 'changed'; before: ClientItem; after: ClientItem }
  | { kind: 'unchanged'; client: ClientItem }
  | { kind: 'not-found' }
  | { kind: 'already-submitted' }
  | { kind: 'opted-out' }
  | { kind: 'tags-full' }
  | { kind: 'too-soon'; lastRequestedAt: string };

type Applied = { kind: 'changed'; after: ClientItem } | Exclude<ChangeOutcome, { kind: 'changed' }>;

/** The client after the change, or why it does not apply. Pure: the same item and change give the same answer. */
export function applyChange(before: ClientItem, change: ClientChange, now: Date): Applied {
  const stamp = now.toISOString();
  const unchanged = { kind: 'unchanged', client: before } as const;
  const changed = (fields: Partial<ClientItem>): Applied => ({ kind: 'changed', after: { ...before, ...fields } });
  switch (change.kind) {
    case 'edit':
      return changed({ ...editedFields(change.changes), updatedAt: stamp });
    case 'tag': {
      if (hasTag(before.tags, change.add)) return unchanged;
      const tags = withTag(before.tags, change.add);
      return tags.length > TAGS_PER_CLIENT_MAX ? { kind: 'tags-full' } : changed({ tags, updatedAt: stamp });
    }
    case 'untag':
      if (!hasTag(before.tags, change.remove)) return unchanged;
      return changed({ tags: withoutTag(before.tags, change.remove), updatedAt: stamp });
    case 'review-status': {
      const was = before.reviewStatus ?? 'pending';
      const fields: Partial<ClientItem> = { reviewStatus: change.status, updatedAt: stamp };
      // Marked requested by hand: asked now, a new funnel (a status already requested keeps the time it was asked).
      if (change.status === 'requested' && was !== 'requested') {
        Object.assign(fields, { reviewRequestedAt: stamp, reviewLinkOpenedAt: null });
      }
      if (change.status === 'submitted' && was !== 'submitted') fields.reviewSubmittedAt = stamp;
      if (change.status !== 'submitted') fields.reviewSubmittedAt = null;
      return changed(fields);
    }
    case 'request-review': {
      if (before.reviewStatus === 'submitted') return { kind: 'already-submitted' };
      const last = before.reviewRequestedAt;
      if (last && Date.parse(last) > now.getTime() - change.minIntervalMs)
        return { kind: 'too-soon', lastRequestedAt: last };
      // A new request starts a new funnel: its link has not been opened yet.
      return changed({
        reviewStatus: 'requested',
        reviewRequestedAt: stamp,
        reviewLinkOpenedAt: null,
        updatedAt: stamp,
      });
    }
    case 'review-link-opened':
      if (before.reviewLinkOpenedAt) return unchanged;
      return changed({ reviewLinkOpenedAt: change.at });
    case 'review-found':
      if (before.reviewStatus === 'submitted') return unchanged;
      return changed({ reviewStatus: 'submitted', reviewSubmittedAt: change.at, updatedAt: stamp });
    case 'withdraw-review-request':
      if (before.reviewStatus !== 'requested' || before.reviewRequestedAt !== change.requestedAt) return unchanged;
      return changed({
        reviewStatus: change.previous.reviewStatus ?? 'pending',
        reviewRequestedAt: change.previous.reviewRequestedAt ?? null,
        reviewLinkOpenedAt: change.previous.reviewLinkOpenedAt ?? null,
      });
    case 'contacted':
      if (before.lastContactDate && before.lastContactDate >= change.on) return unchanged;
      return changed({ lastContactDate: change.on });
    case 'replied': {
      const fields: Partial<ClientItem> = {};
      if (!before.lastContactDate || before.lastContactDate < change.at) fields.lastContactDate = change.at;
      if (!before.repliedAt || before.repliedAt < change.at) fields.repliedAt = change.at;
      if (!before.repliesPauseUntil || before.repliesPauseUntil < change.pauseUntil)
        fields.repliesPauseUntil = change.pauseUntil;
      return Object.keys(fields).length ? changed(fields) : unchanged;
    }
    case 'opt-out': {
      const field = change.channel === 'email' ? 'emailOptedOut' : 'smsOptedOut';
      if (before[field] === true) return unchanged;
      const revoked: Partial<ClientItem> =
        change.channel === 'sms' ? { smsConsent: { status: 'revoked', source: 'keyword', at: stamp } } : {};
      return changed({ [field]: true, [`${field}At`]: stamp, ...revoked });
    }
    case 'sms-consent': {
      const step = nextSmsConsent(currentSmsConsent(before), change.consent, stamp);
      if (step.kind !== 'set') return step.kind === 'unchanged' ? unchanged : step;
      const fields: Partial<ClientItem> = { smsConsent: step.consent, updatedAt: stamp };
      if (step.consent.status === 'revoked' && before.smsOptedOut !== true) {
        Object.assign(fields, { smsOptedOut: true, smsOptedOutAt: stamp });
      }
      // The client's own START undoes their STOP.
      if (step.consent.status === 'granted' && before.smsOptedOut === true) fields.smsOptedOut = false;
      return changed(fields);
    }
    case 'milestones-awarded': {
      const awarded = new Set(before.awardedMilestones ?? []);
      if (change.types.every((type) => awarded.has(type))) return unchanged;
      return changed({ awardedMilestones: new Set([...awarded, ...change.types]) });
    }
    case 'testimonial-received':
      return before.hasTestimonial === true ? unchanged : changed({ hasTestimonial: true });
    case 'automatic-approved':
      return before.automaticApprovedAt ? unchanged : changed({ automaticApprovedAt: stamp });
    case 'confirm-registration':
      return before.registrationPendingAt ? changed({ registrationPendingAt: null, updatedAt: stamp }) : unchanged;
    case 'merge-absorb':
      return Object.keys(change.fields).length ? changed({ ...change.fields, updatedAt: stamp }) : unchanged;
    case 'restore':
      return { kind: 'changed', after: { ...change.item, revision: before.revision } };
    case 'rederive': {
      const keys = contactIndexKeys(before.agentId, before.lastContactDate, before.id);
      return before.gsi3pk === keys.gsi3pk && before.gsi3sk === keys.gsi3sk ? unchanged : changed({});
    }
  }
}

/** Fields outside the form's that an edit clears with null. */
const CLEARED_BY_NULL: readonly string[] = ['lastContactDate', 'cadenceDays'];

/** The fields an edit sets: e-mail lower-cased; null or '' clears a field that may be cleared. */
function editedFields(changes: ClientChanges): Partial<ClientItem> {
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null || value === '') {
      if ((CLEARABLE_CLIENT_FIELDS as readonly string[]).includes(field) || CLEARED_BY_NULL.includes(field)) {
        fields[field] = null;
      }
    } else fields[field] = field === 'email' && typeof value === 'string' ? value.toLowerCase() : value;
  }
  return fields as Partial<ClientItem>;
}

/** Counter deltas and the instant whose month (or, for the platform, UTC month) they belong to. */
type Dated<T> = { at: Date; deltas: T };

/** Everything a write derives, beside the item itself. */
export type DerivedWrites = {
  /** Entries `after` calls for that `before` did not: written before the item. */
  add: Entry[];
  /** Entries `before` called for that `after` does not: removed after the item. */
  remove: Entry[];
  /** The agent's BOOK counters (clients per completion band, key dates per day, reviews, reviews awaiting). */
  book: Record<string, number>;
  /** The agent's month counters (events: reviews requested and received, opt-outs). */
  months: Array<Dated<MonthDeltas>>;
  /** The platform counters (clients and reviews that exist, by the month they came). */
  stats: Array<Dated<Partial<Record<StatField, number>>>>;
  /** Plan slots taken (1: a registration confirmed; reserved before the item is written) or given back (-1). */
  planSlots: number;
  /** The agent's tag counters (functions/data/tags.ts). */
  tags: TagDeltas;
};

/** Whether the client takes a plan slot: every client but a directory registration not yet confirmed. */
const takesSlot = (client: ClientItem | undefined) => client !== undefined && !client.registrationPendingAt;

const sameEntry = (a: Entry, b: Entry) => a.pk === b.pk && a.sk === b.sk;
const dayOf = (iso: string) => new Date(iso);

/**
 * What a write of the client from `before` to `after` derives (undefined: the client does not exist on that side).
 * Pure: the entries and counters follow from the two items alone, so every writer derives the same.
 */
export function derivedWrites(before: ClientItem | undefined, after: ClientItem | undefined, now: Date): DerivedWrites {
  const had = before ? listEntries(before) : [];
  const has = after ? listEntries(after) : [];
  const months: DerivedWrites['months'] = [];
  const stats: DerivedWrites['stats'] = [];
  if (!before && after) stats.push({ at: dayOf(after.createdAt), deltas: { clients: 1 } });
  if (before && !after) stats.push({ at: dayOf(before.createdAt), deltas: { clients: -1 } });

  const wasSubmitted = before?.reviewStatus === 'submitted';
  const isSubmitted = after?.reviewStatus === 'submitted';
  if (!wasSubmitted && isSubmitted && after) {
    const at = after.reviewSubmittedAt ? dayOf(after.reviewSubmittedAt) : now;
    stats.push({ at, deltas: { reviews: 1 } });
    const deltas: MonthDeltas = { reviewsSubmitted: 1 };
    const requested = before?.reviewRequestedAt ? Date.parse(before.reviewRequestedAt) : NaN;
    if (Number.isFinite(requested)) {
      deltas[`revd${Math.max(0, Math.floor((at.getTime() - requested) / 86_400_000))}`] = 1;
    }
    months.push({ at, deltas });
    // The review funnel (requested → opened the link → reviewed), each step counted in the month of the request: a
    // review after a request counts as reaching the review page even when it came another way than our link.
    if (Number.isFinite(requested) && at.getTime() >= requested) {
      const funnel: MonthDeltas = { funnelReviewed: 1 };
      if (!before?.reviewLinkOpenedAt) funnel.funnelOpened = 1;
      months.push({ at: new Date(requested), deltas: funnel });
    }
  }
  // The link of the client's request opened, unless the review after that request counted it (above). A withdrawal
  // that puts back an earlier request's opening does not open it again: that was counted when it happened.
  if (
    before &&
    after &&
    !before.reviewLinkOpenedAt &&
    after.reviewLinkOpenedAt &&
    after.reviewRequestedAt &&
    after.reviewRequestedAt === before.reviewRequestedAt &&
    !(isSubmitted && (after.reviewSubmittedAt ?? '') >= after.reviewRequestedAt)
  ) {
    months.push({ at: dayOf(after.reviewRequestedAt), deltas: { funnelOpened: 1 } });
  }
  if (wasSubmitted && !isSubmitted && before?.reviewSubmittedAt) {
    const at = dayOf(before.reviewSubmittedAt);
    stats.push({ at, deltas: { reviews: -1 } });
    // Reviews received count the clients that exist, on the dashboard as in the analytics.
    if (!after) months.push({ at, deltas: { reviewsSubmitted: -1 } });
  }

  if (before && after) {
    // A request is counted when its time is set, and uncounted when it is withdrawn (its time goes back).
    const was = before.reviewRequestedAt ?? '';
    const is = after.reviewRequestedAt ?? '';
    if (after.reviewStatus === 'requested' && is > was) months.push({ at: dayOf(is), deltas: { reviewsRequested: 1 } });
    if (before.reviewStatus === 'requested' && was && is < was) {
      months.push({ at: dayOf(was), deltas: { reviewsRequested: -1 } });
    }
    const optOuts = (['emailOptedOut', 'smsOptedOut'] as const).filter((f) => after[f] === true && before[f] !== true);
    if (optOuts.length > 0) months.push({ at: now, deltas: { optOuts: optOuts.length } });
  }
  return {
    add: has.filter((entry) => !had.some((old) => sameEntry(old, entry))),
    remove: had.filter((entry) => !has.some((kept) => sameEntry(kept, entry))),
    book: bookDeltas(before, after),
    months,
    stats,
    planSlots: Number(takesSlot(after)) - Number(takesSlot(before)),
    tags: tagCountDeltas(before, after),
  };
}

/** The item as stored: its by-last-contact keys follow its Last Contact; nulls and empty sets are left out. */
function stored(item: ClientItem): ClientItem {
  const keyed = { ...item, ...contactIndexKeys(item.agentId, item.lastContactDate, item.id) };
  return Object.fromEntries(
    Object.entries(keyed).filter(([, value]) => value !== null && !(value instanceof Set && value.size === 0)),
  ) as ClientItem;
}

async function writeEntries(entries: readonly Entry[]): Promise<void> {
  await batchWrite(
    entries.map((entry): WriteRequest => ({ PutRequest: { Item: entryItem(entry, idOfEntry(entry)) } })),
  );
}

async function removeEntries(entries: readonly Entry[]): Promise<void> {
  await batchWrite(entries.map((entry): WriteRequest => ({ DeleteRequest: { Key: { pk: entry.pk, sk: entry.sk } } })));
}

const idOfEntry = (entry: Entry) => entry.sk.slice(entry.sk.lastIndexOf('#') + 1);

/** Adds the counters a write derived. Never throws (see the header). */
async function addCounters(agentId: string, derived: DerivedWrites, timeZone: string | undefined): Promise<void> {
  await addToBook(agentId, derived.book);
  await addToTagCounts(agentId, derived.tags);
  for (const { at, deltas } of derived.months) await countInsights(agentId, deltas, at, timeZone);
  for (const { at, deltas } of derived.stats) await addToStats(deltas, at);
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
    const write = await writeChange(before, after, now, timeZone);
    if (write.written) return { kind: 'changed', before, after };
    if (attempt >= ATTEMPTS) throw new Error(`client ${clientId} kept changing under ${change.kind}`);
    current = write.latest;
  }
}

/** Applies an edit (the form, an import row, a registration); the client after it, or undefined when there is none. */
export async function updateClient(
  agentId: string,
  clientId: string,
  changes: ClientChanges,
  now = new Date(),
): Promise<ClientItem | undefined> {
  const change = await changeClient(agentId, clientId, { kind: 'edit', changes }, { now });
  if (change.kind === 'changed') return change.after;
  return change.kind === 'unchanged' ? change.client : undefined;
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
): Promise<{ written: true } | { written: false; latest: ClientItem | undefined }> {
  const { agentId, id } = before;
  const emailMoves = after.email !== before.email;
  if (emailMoves) await claimClientEmail(agentId, after.email, id, now);
  const derived = derivedWrites(before, after, now);
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
  await addCounters(agentId, derived, timeZone);
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
  await addCounters(agentId, { ...derivedWrites(undefined, item, now), add: [], remove: [] }, undefined);
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
  await addCounters(agentId, { ...derivedWrites(undefined, item, now), add: [], remove: [] }, undefined);
  return item;
}

export type ClientBatchResult = {
  created: ClientItem[];
  /** Inputs whose e-mail another client has (written since the caller looked): that client's id. */
  taken: Array<{ input: ClientInput; clientId: string }>;
};

/**
 * The CSV import's creates for a Pro agent, a batch at a time: each client takes its e-mail lock and is written as
 * createClient writes it, but the plan slots are reserved for the whole batch in one write, what the batch did not
 * use is given back in one, and the counters are added once. Undefined, having written nothing, when the agent is
 * not Pro (any more): the caller then creates one at a time within the free plan. A crash mid-batch leaves at most
 * the batch's unused slots taken (reconcileClientCount gives them back) and its written clients not yet counted
 * (`npm run stats:recompute`); an error gives back what it can and is rethrown. `ids`: the import job's id for each
 * input (see createClient).
 */
export async function createClientBatch(
  agentId: string,
  inputs: readonly ClientInput[],
  concurrency: number,
  now = new Date(),
  ids?: readonly string[],
  fields: (input: ClientInput) => Partial<NewClientFields> = () => ({}),
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
  // writeNewClient's steps, batched: each client's e-mail lock, then the entries of all of them in shared batch
  // writes (a client's own would take a call each), then each client.
  const claims: Array<ClientClaim & { input: ClientInput }> = [];
  await forEachLimited([...inputs.keys()], concurrency, async (index) => {
    const input = inputs[index]!;
    if (failure) return;
    try {
      claims.push({ input, ...(await claimClient(agentId, input, now, ids?.[index] ?? randomId(), fields(input))) });
    } catch (error) {
      fail(input, error);
    }
  });
  try {
    if (!failure) await writeEntries(claims.flatMap((claim) => listEntries(claim.item)));
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
    // The counters once for the batch: one item would otherwise take a write per client.
    const each = created.map((client) => derivedWrites(undefined, client, now));
    await addToBook(agentId, sumBookDeltas(each.map((derived) => derived.book)));
    await addToTagCounts(agentId, sumTagDeltas(each.map((derived) => derived.tags)));
    await addToStats({ clients: created.length }, now);
  }
  if (created.length < inputs.length) await releaseClientSlot(agentId, inputs.length - created.length);
  if (failure) throw failure.error;
  return { created, taken };
}

type ClientClaim = { item: ClientItem; adopted: boolean };

/** The e-mail lock of a new client, and its item (under the lock's own id when a young lock was adopted). */
async function claimClient(
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
async function giveBackClaim(agentId: string, { item, adopted }: ClientClaim): Promise<void> {
  if (!adopted) await releaseClientEmail(agentId, item.email, item.id);
}

/** Writes the claimed client. Throws ClientEmailTakenError when a client already has its id. */
async function putClaimedClient(agentId: string, claim: ClientClaim): Promise<ClientItem> {
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
  await addCounters(agentId, { ...derivedWrites(undefined, item, now), add: [], remove: [] }, undefined);
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
  await addCounters(agentId, derived, undefined);
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

/** Every entry of these clients, written again (`npm run occasions:rebuild`, for data older than the entries). */
export async function rewriteClientEntries(clients: readonly ClientItem[]): Promise<number> {
  const entries = clients.flatMap((client) => listEntries(client));
  await writeEntries(entries);
  return entries.length;
}
