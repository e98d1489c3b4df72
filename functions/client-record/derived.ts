// What a write of the client derives from the item before and after it (`derivedWrites`, pure): the list, search and
// occasion entries (functions/data/client-lists.ts), the plan slot, the agent's book and month counters (insights.ts),
// the platform counters (stats.ts), the tag counters (tags.ts) and whether the client's events in the agent's Google
// Calendar moved (calendar-out.ts); and the writes of those entries, counters and mark, for the client record
// (record.ts), their one writer. Counters and the mark are added after the user's write and never fail it:
// `npm run stats:recompute` and `npm run insights:recompute` heal a missed counter, the hourly sync a missed mark.
import { calendarFingerprint } from '../domain/google-calendar';
import { markCalendarOutDue } from '../data/calendar-out';
import type { ClientItem } from '../data/clients';
import { entryItem, listEntries, type Entry } from '../data/client-lists';
import { batchWrite, type WriteRequest } from '../data/db';
import { addToBook, bookDeltas, countInsights, type MonthDeltas } from '../data/insights';
import { addToStats, type StatField } from '../data/stats';
import { addToTagCounts, tagCountDeltas, type TagDeltas } from '../data/tags';

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
  /** Whether the client's events in the agent's Hearthside calendar moved: the calendar owes Google a write. */
  calendar: boolean;
};

/** Whether the client takes a plan slot: every client but a directory registration not yet confirmed. */
export const takesSlot = (client: ClientItem | undefined) => client !== undefined && !client.registrationPendingAt;

export const sameEntry = (a: Entry, b: Entry) => a.pk === b.pk && a.sk === b.sk;
const dayOf = (iso: string) => new Date(iso);

/**
 * What a write of the client from `before` to `after` derives (undefined: the client does not exist on that side).
 * Pure: the entries and counters follow from the two items alone, so every writer derives the same. `moved`: the
 * review request and opt-outs the write brings or takes back came from another client (a merge, its undo), whose own
 * write counted them when they happened: they count in no month again.
 */
export function derivedWrites(
  before: ClientItem | undefined,
  after: ClientItem | undefined,
  now: Date,
  { moved = false } = {},
): DerivedWrites {
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

  if (before && after && !moved) {
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
    calendar: calendarFingerprint(before) !== calendarFingerprint(after),
  };
}

/** Writes these entries (before the item that calls for them). */
export async function writeEntries(entries: readonly Entry[]): Promise<void> {
  await batchWrite(
    entries.map((entry): WriteRequest => ({ PutRequest: { Item: entryItem(entry, idOfEntry(entry)) } })),
  );
}

/** Removes these entries (after the item that no longer calls for them). */
export async function removeEntries(entries: readonly Entry[]): Promise<void> {
  await batchWrite(entries.map((entry): WriteRequest => ({ DeleteRequest: { Key: { pk: entry.pk, sk: entry.sk } } })));
}

const idOfEntry = (entry: Entry) => entry.sk.slice(entry.sk.lastIndexOf('#') + 1);

/** Adds the counters a write derived, and marks the agent's calendar when its events moved. Never throws. */
export async function addCounters(
  agentId: string,
  derived: DerivedWrites,
  timeZone: string | undefined,
  now: Date,
): Promise<void> {
  if (derived.calendar) await markCalendarOutDue(agentId, now);
  await addToBook(agentId, derived.book);
  await addToTagCounts(agentId, derived.tags);
  for (const { at, deltas } of derived.months) await countInsights(agentId, deltas, at, timeZone);
  for (const { at, deltas } of derived.stats) await addToStats(deltas, at);
}

/** Adds the counters of a client just written (its entries went before it). */
export async function countNewClient(agentId: string, client: ClientItem, now: Date): Promise<void> {
  await addCounters(agentId, { ...derivedWrites(undefined, client, now), add: [], remove: [] }, undefined, now);
}

/** Every entry of these clients, written again (`npm run occasions:rebuild`, for data older than the entries). */
export async function rewriteClientEntries(clients: readonly ClientItem[]): Promise<number> {
  const entries = clients.flatMap((client) => listEntries(client));
  await writeEntries(entries);
  return entries.length;
}
