// The client record's write model against the table alone (no HTTP): after any sequence of changes, every entry and
// counter derived from the clients equals what a rebuild from the client items gives, at every step; at the end the
// platform counters equal what stats:recompute finds, and the month counters what insights:recompute rebuilds (or, for
// events the data no longer shows, more).
import { BatchWriteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BulkAction, ReviewStatus } from '@shared/api-types';
import { REPLY_PAUSE_DAYS } from '@shared/automations';
import { addDays, lastMonths, todayIn } from '@shared/dates';
import { SMS_CONSENT_WORDS } from '@shared/sms-consent';
import { foldTag, TAGS_PER_CLIENT_MAX } from '@shared/tags';
import fc from 'fast-check';
import type { MonthCounts } from '../domain/insights';
import { PlanLimitError } from '../domain/plan';
import type { ConsentRequest } from '../domain/sms-consent';
import { createLogger } from '../observability/logger';
import { applyToClient } from '../services/bulk-actions';
import { mergeClients, undoMerge } from '../services/client-merge';
import { acceptRegistration } from '../services/client-registration';
import { confirmMatch } from '../services/google-reviews';
import { openReviewLink, reviewLinkFor } from '../services/review-links';
import { startTestTable, type TestTable } from '../testing/table';
import { listEntries } from '../data/client-lists';
import { getClient, listClients, newClientItem, type ClientItem } from '../data/clients';
import { db, table, updateIf } from '../data/db';
import { addReview } from '../data/google-reviews';
import { bookDeltas, monthIn, readBook, readMonthCounters, sumBookDeltas } from '../data/insights';
import { RECOMPUTE_MONTHS } from '../data/insights-recompute';
import { clientKey, contactIndexKeys } from '../data/keys/clients';
import { userKey } from '../data/keys/users';
import { carriedClientFields, rememberClientOptOuts } from '../data/opt-out-marks';
import { findDrift } from '../data/stats-recompute';
import { readTagCounts, sumTagDeltas, tagCountDeltas } from '../data/tags';
import type { UserItem } from '../data/users';
import { advanceLastContact, optOutClient } from '../services/client-contact';
import { recomputeAgentInsights } from '../services/insights-recompute';
import { awardDueMilestones } from '../services/milestones';
import { markReviewRequested, undoReviewRequest } from '../services/review-requests';
import { setSmsConsent } from '../services/sms-consent';
import { creditReferral } from '../services/referrals';
import { markClientHasTestimonial } from '../services/testimonials';
import { INTEREST_WEIGHTS, TOUCH_WEIGHTS, type InterestKind, type TouchWeight } from '../domain/relationship';
import { applyChange, nextBestDrop, type ClientChange } from './changes';
import { derivedWrites } from './derived';
import {
  changeClient,
  ClientEmailTakenError,
  createClient,
  createPendingClient,
  deleteClient,
  setReviewStatus,
  updateClient,
} from './record';

let testTable: TestTable;
beforeAll(async () => {
  // The opt-out marks a delete or a merge keeps are keyed by the signing root.
  process.env.SESSION_SECRET = 'client-record-test-root-secret-0123456789';
  testTable = await startTestTable();
});
afterAll(() => testTable.close());

const ZONE = 'America/Chicago';
let agents = 0;
async function newAgent(isPro: boolean): Promise<UserItem> {
  agents += 1;
  const id = `agent${agents}x${Date.now().toString(36)}`;
  const item = { ...userKey(id), type: 'user', id, username: `${id}@example.com`, isPro, timeZone: ZONE };
  await db().send(new PutCommand({ TableName: table(), Item: item }));
  return item as UserItem;
}

const at = new Date('2026-03-10T15:00:00.000Z');
const base = newClientItem('agent-a', 'client-a', { name: 'Ana Ruiz', email: 'ana@example.com', phone: '' }, at);

describe('applyChange', () => {
  it('refuses a review request to a client who reviewed, or one asked within the interval', () => {
    const week = 7 * 86_400_000;
    expect(
      applyChange({ ...base, reviewStatus: 'submitted' }, { kind: 'request-review', minIntervalMs: week }, at),
    ).toEqual({ kind: 'already-submitted' });
    const asked = { ...base, reviewStatus: 'requested' as const, reviewRequestedAt: '2026-03-05T00:00:00.000Z' };
    expect(applyChange(asked, { kind: 'request-review', minIntervalMs: week }, at)).toEqual({
      kind: 'too-soon',
      lastRequestedAt: '2026-03-05T00:00:00.000Z',
    });
    const later = new Date('2026-03-13T00:00:00.000Z');
    expect(applyChange(asked, { kind: 'request-review', minIntervalMs: week }, later)).toMatchObject({
      kind: 'changed',
      after: { reviewStatus: 'requested', reviewRequestedAt: later.toISOString() },
    });
  });

  it('moves Last Contact forward only, and leaves a client already opted out or flagged as it is', () => {
    const contacted = { ...base, lastContactDate: '2026-03-09' };
    expect(applyChange(contacted, { kind: 'contacted', on: '2026-03-01' }, at).kind).toBe('unchanged');
    expect(applyChange(contacted, { kind: 'contacted', on: '2026-03-10' }, at)).toMatchObject({
      after: { lastContactDate: '2026-03-10' },
    });
    expect(applyChange({ ...base, smsOptedOut: true }, { kind: 'opt-out', channel: 'sms' }, at).kind).toBe('unchanged');
    expect(applyChange({ ...base, hasTestimonial: true }, { kind: 'testimonial-received' }, at).kind).toBe('unchanged');
  });

  it('a reply moves Last Contact and the reply time forward only, and never shortens a pause already set', () => {
    const replied: ClientChange = {
      kind: 'replied',
      at: '2026-03-10T15:00:00.000Z',
      pauseUntil: '2026-03-24T15:00:00.000Z',
      channel: 'sms',
    };
    expect(applyChange({ ...base, lastContactDate: '2026-03-01' }, replied, at)).toMatchObject({
      kind: 'changed',
      after: {
        lastContactDate: '2026-03-10T15:00:00.000Z',
        repliedAt: '2026-03-10T15:00:00.000Z',
        repliesPauseUntil: '2026-03-24T15:00:00.000Z',
      },
    });
    const later = {
      ...base,
      lastContactDate: '2026-03-11',
      repliedAt: '2026-03-11T00:00:00.000Z',
      repliesPauseUntil: '2026-03-25T00:00:00.000Z',
    };
    // An older reply delivered late still counts for the relationship, but moves none of the three back.
    expect(applyChange(later, replied, at)).toMatchObject({
      kind: 'changed',
      after: {
        lastContactDate: later.lastContactDate,
        repliedAt: later.repliedAt,
        repliesPauseUntil: later.repliesPauseUntil,
        lastInboundAt: '2026-03-10T15:00:00.000Z',
        lastInboundChannel: 'sms',
      },
    });
  });

  it('a personal touch after a referral thanks the referrer; an automatic one does not', () => {
    const owed = { ...base, referralThanks: { clientId: 'client-b', name: 'Ben Ng', at: '2026-03-09T10:00:00.000Z' } };
    const touch = (weight: 'automatic' | 'personal' | 'call', on: string) =>
      applyChange(owed, { kind: 'contacted', on, touch: weight }, at);
    expect(touch('automatic', '2026-03-10T15:00:00.000Z')).toMatchObject({
      after: { referralThanks: owed.referralThanks },
    });
    expect(touch('personal', '2026-03-10T15:00:00.000Z')).toMatchObject({ after: { referralThanks: null } });
    expect(touch('call', '2026-03-10')).toMatchObject({ after: { referralThanks: null } });
    // A call logged for a day before the referral thanks no one.
    expect(touch('call', '2026-03-01')).toMatchObject({ after: { referralThanks: owed.referralThanks } });
  });

  it("takes a client off Today's list for a touch made now (counted acted on only when it is the agent's own)", () => {
    const now = at;
    const after = (change: ClientChange) => {
      const applied = applyChange(base, change, now);
      if (applied.kind !== 'changed') throw new Error(applied.kind);
      return nextBestDrop(change, base, applied.after, now);
    };
    expect(after({ kind: 'contacted', on: now.toISOString(), touch: 'personal' })).toEqual({ acted: true });
    expect(after({ kind: 'contacted', on: now.toISOString(), touch: 'automatic' })).toEqual({ acted: false });
    const reply: ClientChange = {
      kind: 'replied',
      at: now.toISOString(),
      pauseUntil: now.toISOString(),
      channel: 'sms',
    };
    expect(after(reply)).toEqual({ acted: false });
    expect(after({ kind: 'next-best-hidden', until: '2026-03-17' })).toEqual({ acted: false });
    // A touch logged for a day long past leaves the list as it is.
    expect(after({ kind: 'contacted', on: '2026-01-05', touch: 'call' })).toBeNull();
    expect(after({ kind: 'interest', interest: 'profile-visit', at: now.toISOString() })).toBeNull();
  });

  it('withdraws a review request only while the review is as the request left it', () => {
    const asked = { ...base, reviewStatus: 'requested' as const, reviewRequestedAt: at.toISOString() };
    const previous = { reviewStatus: 'pending' as const, reviewRequestedAt: null };
    const withdraw: ClientChange = { kind: 'withdraw-review-request', requestedAt: at.toISOString(), previous };
    expect(applyChange(asked, withdraw, at)).toMatchObject({
      after: { reviewStatus: 'pending', reviewRequestedAt: null },
    });
    expect(applyChange({ ...asked, reviewStatus: 'submitted' }, withdraw, at).kind).toBe('unchanged');
  });
});

describe('derivedWrites', () => {
  it('moves the client between review entries and counts a request awaiting an answer', () => {
    const asked = { ...base, reviewStatus: 'requested' as const, reviewRequestedAt: at.toISOString() };
    const derived = derivedWrites(base, asked, at);
    expect(derived.add).toEqual([expect.objectContaining({ sk: expect.stringMatching(/^1#ana ruiz#client-a$/) })]);
    expect(derived.remove).toEqual([expect.objectContaining({ sk: expect.stringMatching(/^0#ana ruiz#client-a$/) })]);
    expect(derived.book).toEqual({ reviewsAwaiting: 1 });
    expect(derived.months).toEqual([{ at, deltas: { reviewsRequested: 1 } }]);
    // Withdrawn: the same counters, the other way.
    const back = derivedWrites(asked, base, at);
    expect(back.book).toEqual({ reviewsAwaiting: -1 });
    expect(back.months).toEqual([{ at, deltas: { reviewsRequested: -1 } }]);
  });

  it('counts no month event for a request or opt-out moved from another client (a merge, its undo)', () => {
    const taken = {
      ...base,
      reviewStatus: 'requested' as const,
      reviewRequestedAt: at.toISOString(),
      smsOptedOut: true,
    };
    const absorbed = derivedWrites(base, taken, at, { moved: true });
    expect(absorbed.months).toEqual([]);
    // The entries and the book still follow the client as it is.
    expect(absorbed.book).toEqual({ reviewsAwaiting: 1 });
    expect(derivedWrites(taken, base, at, { moved: true }).months).toEqual([]);
  });

  it('counts a client in and out of the platform counters by the months it came in and reviewed', () => {
    const reviewed = { ...base, reviewStatus: 'submitted' as const, reviewSubmittedAt: '2026-05-02T10:00:00.000Z' };
    expect(derivedWrites(undefined, base, at).stats).toEqual([
      { at: new Date(base.createdAt), deltas: { clients: 1 } },
    ]);
    expect(derivedWrites(reviewed, undefined, at).stats).toEqual([
      { at: new Date(base.createdAt), deltas: { clients: -1 } },
      { at: new Date('2026-05-02T10:00:00.000Z'), deltas: { reviews: -1 } },
    ]);
  });
  it('takes a plan slot when a directory registration is confirmed, and gives one back only for a confirmed client', () => {
    const pending = { ...base, birthday: '1985-03-03', registrationPendingAt: at.toISOString() };
    const confirmed = applyChange(pending, { kind: 'confirm-registration' }, at);
    expect(confirmed).toMatchObject({ kind: 'changed', after: { registrationPendingAt: null } });
    const after = (confirmed as { after: ClientItem }).after;
    const derived = derivedWrites(pending, after, at);
    expect(derived.planSlots).toBe(1);
    // its occasions come with the confirmation (none while pending: no automatic message)
    expect(derived.add).toEqual([expect.objectContaining({ pk: 'OCCASIONS#agent-a' })]);
    expect(derivedWrites(pending, undefined, at).planSlots).toBe(0);
    expect(derivedWrites(after, undefined, at).planSlots).toBe(-1);
    expect(applyChange(after, { kind: 'confirm-registration' }, at).kind).toBe('unchanged');
  });
});

/** Wipes the table: each generated sequence starts on an empty platform, so every counter it ends with is its own. */
async function emptyTable() {
  const keys = (await testTable.scan()).map(({ pk, sk }) => ({ pk, sk }));
  for (let i = 0; i < keys.length; i += 25) {
    const requests = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    await db().send(new BatchWriteCommand({ RequestItems: { [table()]: requests } }));
  }
}

/** Everything the model derives, rebuilt from the client items of the agent as they are now; those clients, by id. */
async function expectDerivedToMatchTheClients(agentId: string): Promise<Map<string, ClientItem>> {
  const items = await testTable.scan();
  const clients = items.filter((i) => i.type === 'client' && i.agentId === agentId) as ClientItem[];
  // The list, search and occasion entries.
  const entries = items
    .filter((i) => i.type === 'client-list' && String(i.pk).includes(`#${agentId}`))
    .map((i) => `${i.pk} ${i.sk}`);
  const expected = clients.flatMap((client) => listEntries(client).map((e) => `${e.pk} ${e.sk}`));
  expect(entries.sort()).toEqual(expected.sort());
  // The by-last-contact keys on each item.
  for (const client of clients) {
    expect({ gsi3pk: client.gsi3pk, gsi3sk: client.gsi3sk }).toEqual(
      contactIndexKeys(agentId, client.lastContactDate, client.id),
    );
  }
  // One e-mail lock per client, naming it.
  const locks = items
    .filter((i) => i.type === 'client-email' && i.pk === `AGENT#${agentId}`)
    .map((i) => `${String(i.sk).slice('CLIENTEMAIL#'.length)} ${i.clientId}`);
  expect(locks.sort()).toEqual(clients.map((c) => `${c.email} ${c.id}`).sort());
  // The plan's slots: one per client but a directory registration not yet confirmed.
  const user = items.find((i) => i.pk === `USER#${agentId}` && i.sk === 'PROFILE')!;
  expect(Number(user.clientCount ?? 0)).toBe(clients.filter((c) => !c.registrationPendingAt).length);
  // The book counters (zeros left by +1 and -1 are the same as absent).
  const book = await readBook(agentId);
  const rebuilt = sumBookDeltas(clients.map((client) => bookDeltas(undefined, client)));
  const stored: Record<string, number> = {
    ...Object.fromEntries(Object.entries(book.bands).map(([band, n]) => [`band${band}`, n])),
    ...Object.fromEntries([...book.days].map(([day, n]) => [`day${day}`, n])),
    reviews: book.reviews,
    reviewsAwaiting: book.reviewsAwaiting,
    ...Object.fromEntries([...book.referrers].map(([id, n]) => [`referrer:${id}`, n])),
    ...Object.fromEntries([...book.referredByMonth].map(([month, n]) => [`referred:${month}`, n])),
  };
  const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n));
  expect(nonZero(stored)).toEqual(nonZero(rebuilt));
  // The tag counters.
  const tags = Object.fromEntries((await readTagCounts(agentId)).map(({ name, count }) => [foldTag(name), count]));
  const counted = sumTagDeltas(clients.map((client) => tagCountDeltas(undefined, client)));
  expect(tags).toEqual(Object.fromEntries(Object.entries(counted).map(([key, { n }]) => [key, n])));
  return new Map(clients.map((client) => [client.id, client]));
}

/** The month counters the client record keeps (derivedWrites' month events); `revd` stands for every revd<N>. */
type RecordCounter = 'reviewsRequested' | 'reviewsSubmitted' | 'funnelOpened' | 'funnelReviewed' | 'revd' | 'optOuts';
const RECORD_COUNTERS = ['reviewsRequested', 'reviewsSubmitted', 'funnelOpened', 'funnelReviewed', 'optOuts'] as const;

/**
 * The record's month counters whose earlier events a step took out of the client items. The recompute counts what the
 * clients show as they are (each one's latest request and review, its opened link, its opt-outs:
 * insights-recompute.ts), so a request asked again, a review un-marked, an opt-out lifted, a client deleted, or a merge
 * undone (the kept client gives back the other's request, opening and opt-out it took) leaves events it cannot see:
 * there the counter kept on write may be ahead of the recompute, never behind.
 */
function eventsHidden(
  before: ClientItem | undefined,
  after: ClientItem | undefined,
  rewound: boolean,
): RecordCounter[] {
  if (!before) return [];
  const hidden: RecordCounter[] = [];
  const requested = before.reviewRequestedAt ?? '';
  const requestedNow = after?.reviewRequestedAt ?? '';
  if (requested && (!after || requestedNow > requested || (rewound && requestedNow < requested))) {
    hidden.push('reviewsRequested', 'funnelOpened', 'funnelReviewed');
  }
  if (before.reviewStatus === 'submitted' && after?.reviewStatus !== 'submitted') {
    // A deleted client's review is taken out of reviewsSubmitted by the record itself.
    hidden.push('revd', 'funnelOpened', 'funnelReviewed', ...(after ? (['reviewsSubmitted'] as const) : []));
  }
  if (rewound && before.reviewLinkOpenedAt && !after?.reviewLinkOpenedAt) hidden.push('funnelOpened');
  const lifted = (field: 'emailOptedOut' | 'smsOptedOut') => before[field] === true && after?.[field] !== true;
  if (lifted('emailOptedOut') || lifted('smsOptedOut')) hidden.push('optOuts');
  return hidden;
}

/** The record's month counters as `<month> <counter>`, zeros left out. */
function recordCounts(months: readonly MonthCounts[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const month of months) {
    for (const counter of RECORD_COUNTERS) if (month[counter]) counts.set(`${month.month} ${counter}`, month[counter]);
    for (const [days, n] of month.reviewDays) if (n) counts.set(`${month.month} revd${days}`, n);
  }
  return counts;
}

/** The agent's month counters kept on write against `npm run insights:recompute`'s rebuild of them from the data. */
async function expectMonthCountersToMatchARecompute(agent: UserItem, hidden: ReadonlySet<RecordCounter>) {
  const now = new Date();
  const from = lastMonths(todayIn(ZONE, now), RECOMPUTE_MONTHS)[0]!;
  const kept = recordCounts(await readMonthCounters(agent.id, from));
  await recomputeAgentInsights(agent, now);
  const rebuilt = recordCounts(await readMonthCounters(agent.id, from));
  const differences = [...new Set([...kept.keys(), ...rebuilt.keys()])].sort().flatMap((key) => {
    const [, counter] = key.split(' ') as [string, string];
    const was = kept.get(key) ?? 0;
    const is = rebuilt.get(key) ?? 0;
    const ahead = hidden.has(counter.startsWith('revd') ? 'revd' : (counter as RecordCounter)) && was > is;
    return was === is || ahead ? [] : [`${key}: kept ${was}, recomputed ${is}`];
  });
  expect(differences).toEqual([]);
}

const DAY_MS = 86_400_000;
const TAG_SETS = [
  [],
  ['Buyer'],
  ['buyer', 'VIP'],
  ['Seller', 'VIP', 'Investor'],
  ['vip'],
  // As many as a client may have: a bulk tag is refused ('tags-full').
  Array.from({ length: TAGS_PER_CLIENT_MAX }, (_, i) => `Tag ${i}`),
];
const BULK_TAGS = ['Buyer', 'vip', 'Open house'];

const POOL = ['ana@example.com', 'ben@example.com', 'cy@example.com', 'dee@example.com'];
const NAMES = ['Ana Ruiz', 'Ben Okafor', 'Zoë Ångström', 'Cy Twain', 'Dee Dee Lee'];
const PHONES = ['', '+15125550100', '+15125550101'];
const DATES = ['1980-02-29', '1990-07-04', '2001-12-31', '2015-01-01', null];
const CONSENTS: ConsentRequest[] = [
  { status: 'granted', source: 'client-form', words: SMS_CONSENT_WORDS },
  { status: 'pending', source: 'client-form', words: SMS_CONSENT_WORDS },
  { status: 'granted', source: 'form-confirmed', from: '+15125550100' },
  { status: 'granted', source: 'agent-attested' },
  { status: 'granted', source: 'keyword' },
  { status: 'granted', source: 'keyword', from: '+15125550101' },
  { status: 'revoked', source: 'keyword' },
  { status: 'revoked', source: 'agent-attested' },
];
/** How long before it is matched a review was written, and before today a message or touch was. */
const AGES_MS = [0, DAY_MS, 30 * DAY_MS];

/**
 * The sequence's clock: each step happens a second after the one before, and waits move it on by a minute (within a
 * merge's undo), an hour, days, weeks, or to 03:00 UTC on the 1st of next month, still the month before in the agent's
 * zone. It starts ten months ago and stays in the past, within the months the recompute rebuilds.
 */
const started = Date.now();
const LATEST = started - 3_600_000;
const FIRST = started - 300 * DAY_MS;
function waited(from: Date, wait: number): Date {
  const t = from.getTime();
  const nextMonth = Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1, 3);
  const next = pick([t + 60_000, t + 3_600_000, t + 3 * DAY_MS, t + 40 * DAY_MS, nextMonth], wait);
  return new Date(Math.max(t, Math.min(next, LATEST)));
}

type World = {
  agent: UserItem;
  now: Date;
  /** The agent's clients, in the order they came. */
  clients: string[];
  merges: Array<{ id: string; mergeId: string }>;
};
type Step = {
  run: (world: World) => Promise<unknown>;
  /** It puts clients back as they were (their events since may be taken off). */
  rewinds?: boolean;
};
/** A step, shown as the call that makes it (`change.create(0, 1, 2, false)`), so a counterexample can be replayed. */
function step(name: string, args: readonly unknown[], run: Step['run'], rewinds = false): Step {
  const shown = `change.${name}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;
  return { run, rewinds, [fc.toStringMethod]: () => shown } as Step;
}
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const someClient = (clients: string[], n: number) => (clients.length ? pick(clients, n) : 'no-such-client');
const log = createLogger({ test: 'client-record' });
let reviews = 0;

/**
 * One change of each kind the product makes, through the module that makes it, at the sequence's time (numbers pick
 * from the pools above; `c` picks a client).
 */
const change = {
  wait: (w: number) =>
    step('wait', [w], async (world) => {
      world.now = waited(world.now, w);
    }),
  create: (e: number, n: number, d: number, directory: boolean) =>
    step('create', [e, n, d, directory], async ({ agent, now, clients }) => {
      const input = {
        name: pick(NAMES, n),
        email: pick(POOL, e),
        phone: pick(PHONES, e + n),
        birthday: pick(DATES, d) ?? undefined,
        cadenceDays: pick([undefined, 14], d),
      };
      // An opt-out of an erased client at the same address or number holds for the new one (as every create path).
      const carried = await carriedClientFields(agent.id, input);
      const client = directory
        ? await createPendingClient(agent.id, input, now, carried)
        : (await createClient(agent.id, input, now, undefined, carried)).client;
      clients.push(client.id);
    }),
  acceptRegistration: (c: number) =>
    step('acceptRegistration', [c], ({ agent, now, clients }) =>
      acceptRegistration(agent, someClient(clients, c), now),
    ),
  edit: (c: number, e: number, n: number, d: number) =>
    step('edit', [c, e, n, d], ({ agent, now, clients }) =>
      changeClient(
        agent.id,
        someClient(clients, c),
        {
          kind: 'edit',
          changes: {
            name: pick(NAMES, n),
            email: pick(POOL, e),
            phone: pick(PHONES, n + d),
            anniversary: pick(DATES, d),
            address: d % 2 ? '1 Elm St' : null,
            // Custom dates (the occasion index) and a rhythm (the check-in index), set, changed and cleared.
            keyDates: d % 3 ? [{ label: 'Lease ends', date: pick(['--02-29', '2020-07-04', '--12-31'], n) }] : [],
            cadenceDays: pick([null, 7, 30], n + e),
          },
        },
        { now },
      ),
    ),
  tags: (c: number, t: number) =>
    step('tags', [c, t], ({ agent, now, clients }) =>
      changeClient(agent.id, someClient(clients, c), { kind: 'edit', changes: { tags: pick(TAG_SETS, t) } }, { now }),
    ),
  bulk: (action: BulkAction, c: number, t: number) =>
    step('bulk', [action, c, t], ({ agent, now, clients }) =>
      applyToClient(
        agent.id,
        'bulk-job',
        { action, tag: pick(BULK_TAGS, t), cadenceDays: pick([null, 7], t) },
        someClient(clients, c),
        log,
        now,
      ),
    ),
  reviewStatus: (status: ReviewStatus, c: number) =>
    step('reviewStatus', [status, c], ({ agent, now, clients }) =>
      setReviewStatus(agent.id, someClient(clients, c), status, now),
    ),
  reviewRequest: (c: number, withdrawn: boolean) =>
    step('reviewRequest', [c, withdrawn], async ({ agent, now, clients }) => {
      const mark = await markReviewRequested(agent.id, someClient(clients, c), 0, now, ZONE);
      // The e-mail could not go: the request is taken back.
      if (withdrawn && mark.outcome === 'marked') await undoReviewRequest(mark.before, mark.after.reviewRequestedAt!);
    }),
  reviewLinkOpened: (c: number) =>
    step('reviewLinkOpened', [c], async ({ agent, now, clients }) => {
      const link = await reviewLinkFor(agent.id, someClient(clients, c), now);
      await openReviewLink(link.slice(link.lastIndexOf('/') + 1), now);
    }),
  reviewFound: (c: number, a: number) =>
    step('reviewFound', [c, a], async ({ agent, now, clients }) => {
      reviews += 1;
      const reviewId = `review${reviews}`;
      const written = new Date(now.getTime() - pick(AGES_MS, a)).toISOString();
      await addReview(agent.id, reviewId, {
        name: `accounts/1/locations/1/reviews/${reviewId}`,
        displayName: 'A client',
        isAnonymous: false,
        stars: 5,
        comment: 'Found us the house.',
        createTime: written,
        updateTime: written,
        reply: null,
      });
      await confirmMatch(agent, reviewId, someClient(clients, c));
    }),
  contacted: (c: number, a: number) =>
    step('contacted', [c, a], ({ agent, now, clients }) =>
      advanceLastContact(agent.id, someClient(clients, c), todayIn(ZONE, new Date(now.getTime() - pick(AGES_MS, a)))),
    ),
  touched: (c: number, a: number, w: number) =>
    step('touched', [c, a, w], ({ agent, now, clients }) =>
      // A touch that weighs in the relationship: a send (personal or automatic) or a call, meeting or note logged.
      advanceLastContact(agent.id, someClient(clients, c), new Date(now.getTime() - pick(AGES_MS, a)).toISOString(), {
        touch: pick(Object.keys(TOUCH_WEIGHTS) as TouchWeight[], w),
      }),
    ),
  interest: (c: number, k: number) =>
    step('interest', [c, k], ({ agent, now, clients }) => {
      const interest = pick(Object.keys(INTEREST_WEIGHTS) as InterestKind[], k);
      return changeClient(agent.id, someClient(clients, c), { kind: 'interest', interest, at: now.toISOString() });
    }),
  referral: (c: number, r: number) =>
    step('referral', [c, r], async ({ agent, now, clients }) => {
      // The form's "Referred by" (editClient): the referrer named, changed or (the client itself) cleared.
      const id = someClient(clients, c);
      const referrer = someClient(clients, r);
      const before = await getClient(agent.id, id);
      if (!before) return;
      const after = await updateClient(agent.id, id, { referredBy: referrer === id ? null : referrer }, now);
      if (after) await creditReferral(after, before.referredBy, now);
    }),
  homeUpdate: (c: number, clicked: boolean) =>
    step('homeUpdate', [c, clicked], ({ agent, now, clients }) => {
      // A monthly home update leaving (services/messages.ts), or its link clicked (services/home-updates.ts).
      const change = clicked
        ? ({ kind: 'home-update-clicked', at: now.toISOString() } as const)
        : ({ kind: 'home-update-sent', month: now.toISOString().slice(0, 7) } as const);
      return changeClient(agent.id, someClient(clients, c), change, { now });
    }),
  nextBestHidden: (c: number, d: number) =>
    step('nextBestHidden', [c, d], ({ agent, now, clients }) => {
      const until = addDays(todayIn(ZONE, now), 1 + (d % 30));
      return changeClient(agent.id, someClient(clients, c), { kind: 'next-best-hidden', until }, { now });
    }),
  replied: (c: number) =>
    step('replied', [c], ({ agent, now, clients }) => {
      // The change recordInboundReply makes (the service also e-mails and pushes to the agent, outside this harness).
      const pauseUntil = new Date(now.getTime() + REPLY_PAUSE_DAYS * DAY_MS).toISOString();
      return changeClient(agent.id, someClient(clients, c), {
        kind: 'replied',
        at: now.toISOString(),
        pauseUntil,
        channel: 'email',
      });
    }),
  optOut: (channel: 'email' | 'sms', c: number) =>
    step('optOut', [channel, c], ({ agent, now, clients }) =>
      optOutClient(agent.id, someClient(clients, c), channel, now),
    ),
  smsConsent: (s: number, c: number) =>
    step('smsConsent', [s, c], ({ agent, now, clients }) =>
      setSmsConsent(agent.id, someClient(clients, c), pick(CONSENTS, s), now),
    ),
  milestones: (c: number) =>
    step('milestones', [c], async ({ agent, now, clients }) => {
      const out = await changeClient(agent.id, someClient(clients, c), { kind: 'milestones-awarded', types: [] });
      if (out.kind === 'unchanged') await awardDueMilestones(out.client, todayIn(ZONE, now), now);
    }),
  testimonial: (c: number) =>
    step('testimonial', [c], ({ agent, clients }) => markClientHasTestimonial(agent.id, someClient(clients, c))),
  automaticApproved: (c: number) =>
    step('automaticApproved', [c], ({ agent, now, clients }) =>
      // The change approveOutgoing makes for an automatic message (sending it is outside this harness).
      changeClient(agent.id, someClient(clients, c), { kind: 'automatic-approved' }, { now }),
    ),
  googleLinked: (c: number, d: number, n: number) =>
    step('googleLinked', [c, d, n], ({ agent, now, clients }) =>
      // A Google contacts import linking a client it matched: the blank fields take the contact's (a birthday moves
      // the occasions), the link is kept.
      changeClient(
        agent.id,
        someClient(clients, c),
        {
          kind: 'google-linked',
          link: { resourceName: `people/c${n % 3}`, etag: `etag-${d}` },
          fill: {
            name: pick(NAMES, n),
            birthday: pick(DATES, d),
            address: pick(['', '5 Oak Ave, Austin, TX 78704'], d),
          },
          google: { email: pick(POOL, n), phone: pick(PHONES, d) },
        },
        { now },
      ),
    ),
  googleSynced: (c: number, d: number, e: number) =>
    step('googleSynced', [c, d, e], ({ agent, now, clients }) => {
      // A contacts sync: Google's new e-mail or phone taken (another client's e-mail is refused), or the link gone.
      const email = pick(POOL, e);
      const phone = pick(PHONES, d) || '+15125550199';
      const base = { google: { email, phone }, client: { email, phone } };
      return changeClient(
        agent.id,
        someClient(clients, c),
        d % 3 === 0
          ? { kind: 'google-unlinked', resourceName: `people/c${e % 3}` }
          : { kind: 'google-synced', etag: `etag-${d}`, changes: d % 2 ? { email } : { phone }, base },
        { now },
      );
    }),
  rederive: (c: number) =>
    step('rederive', [c], async ({ agent, clients }) => {
      // A client written before the by-last-contact index (arranged here), as insights:recompute finds it.
      const id = someClient(clients, c);
      await updateIf(
        new UpdateCommand({
          TableName: table(),
          Key: clientKey(agent.id, id),
          UpdateExpression: 'REMOVE gsi3pk, gsi3sk',
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
      await changeClient(agent.id, id, { kind: 'rederive' });
    }),
  merge: (k: number, m: number) =>
    step('merge', [k, m], async (world) => {
      if (world.clients.length < 2) return;
      const keepId = pick(world.clients, k);
      const mergeId = pick(
        world.clients.filter((id) => id !== keepId),
        m,
      );
      const merged = await mergeClients(world.agent.id, keepId, mergeId, world.now);
      if ('kind' in merged) return;
      world.merges.push({ id: merged.id, mergeId });
      world.clients.splice(world.clients.indexOf(mergeId), 1);
    }),
  undoMerge: (m: number) =>
    step(
      'undoMerge',
      [m],
      async (world) => {
        if (world.merges.length === 0) return;
        // The latest first: its undo is the likeliest to be still open.
        const merge = pick(world.merges.toReversed(), m);
        const undone = await undoMerge(world.agent.id, merge.id, world.now);
        if ('clients' in undone) world.clients.push(merge.mergeId);
      },
      true,
    ),
  delete: (c: number) =>
    step('delete', [c], async ({ agent, now, clients }) => {
      const id = someClient(clients, c);
      const client = await getClient(agent.id, id);
      if (!client) return;
      // Its opt-outs outlive it, as eraseClient keeps them (the rest of what that erases is outside the table).
      await rememberClientOptOuts(client, now);
      if (await deleteClient(agent.id, id, now)) clients.splice(clients.indexOf(id), 1);
    }),
};

const client = fc.nat();
const often = <T>(arbitrary: fc.Arbitrary<T>) => ({ weight: 3, arbitrary });
/**
 * Sequences of every change: more often a create (a book to change), time passing, and the changes that move a month
 * counter or take a client away.
 */
const steps: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(fc.nat(), fc.nat(), fc.nat(), fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, fc.constant(true)))
      .map(([e, n, d, directory]) => change.create(e, n, d, directory)),
  },
  often(fc.nat().map(change.wait)),
  client.map(change.acceptRegistration),
  fc.tuple(client, fc.nat(), fc.nat(), fc.nat()).map((args) => change.edit(...args)),
  fc.tuple(client, fc.nat()).map((args) => change.tags(...args)),
  often(
    fc
      .tuple(fc.constantFrom<BulkAction>('add-tag', 'remove-tag', 'set-cadence'), client, fc.nat())
      .map((args) => change.bulk(...args)),
  ),
  often(
    fc
      .tuple(fc.constantFrom<ReviewStatus>('pending', 'requested', 'submitted'), client)
      .map((args) => change.reviewStatus(...args)),
  ),
  often(fc.tuple(client, fc.boolean()).map((args) => change.reviewRequest(...args))),
  often(client.map(change.reviewLinkOpened)),
  often(fc.tuple(client, fc.nat()).map((args) => change.reviewFound(...args))),
  fc.tuple(client, fc.nat()).map((args) => change.contacted(...args)),
  fc.tuple(client, fc.nat(), fc.nat()).map((args) => change.touched(...args)),
  fc.tuple(client, fc.nat()).map((args) => change.interest(...args)),
  often(fc.tuple(client, client).map((args) => change.referral(...args))),
  fc.tuple(client, fc.nat()).map((args) => change.nextBestHidden(...args)),
  fc.tuple(client, fc.boolean()).map((args) => change.homeUpdate(...args)),
  client.map(change.replied),
  often(fc.tuple(fc.constantFrom<'email' | 'sms'>('email', 'sms'), client).map((args) => change.optOut(...args))),
  often(fc.tuple(fc.nat(), client).map((args) => change.smsConsent(...args))),
  client.map(change.milestones),
  client.map(change.testimonial),
  client.map(change.automaticApproved),
  fc.tuple(client, fc.nat(), fc.nat()).map((args) => change.googleLinked(...args)),
  fc.tuple(client, fc.nat(), fc.nat()).map((args) => change.googleSynced(...args)),
  client.map(change.rederive),
  often(fc.tuple(client, client).map((args) => change.merge(...args))),
  often(fc.nat().map(change.undoMerge)),
  often(client.map(change.delete)),
);

/**
 * FC_SEED=<n> FC_PATH=<path> replays a run fast-check reported (and shrinks it on from there); FC_RUNS=<n> searches
 * longer than the suite does.
 */
const seed = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
};
const numRuns = Number(process.env.FC_RUNS ?? 4);

/** A new agent in an empty table, at the start of the sequence's clock. */
async function newWorld(isPro: boolean): Promise<World> {
  await emptyTable();
  return { agent: await newAgent(isPro), now: new Date(FIRST), clients: [], merges: [] };
}
const tick = (world: World) => (world.now = new Date(world.now.getTime() + 1000));

/** The steps on a new agent in an empty table: the derived items checked after each, the counters at the end. */
async function runSequence(isPro: boolean, sequence: readonly Step[]): Promise<World> {
  const world = await newWorld(isPro);
  const hidden = new Set<RecordCounter>();
  let before = new Map<string, ClientItem>();
  for (const { run, rewinds = false } of sequence) {
    tick(world);
    try {
      await run(world);
    } catch (error) {
      // The refusals a change may meet: an e-mail another client has, or the free plan's cap.
      if (!(error instanceof ClientEmailTakenError || error instanceof PlanLimitError)) throw error;
    }
    const after = await expectDerivedToMatchTheClients(world.agent.id);
    for (const id of new Set([...before.keys(), ...after.keys()])) {
      for (const counter of eventsHidden(before.get(id), after.get(id), rewinds)) hidden.add(counter);
    }
    before = after;
  }
  await expectMonthCountersToMatchARecompute(world.agent, hidden);
  // The platform counters agree with the clients as well (agents are written straight to the table here).
  const { drift } = await findDrift();
  expect(drift.filter((d) => d.field === 'clients' || d.field === 'reviews')).toEqual([]);
  return world;
}

describe('the client record', () => {
  // A few long sequences (every change kind, up to 50 steps each) rather than many short ones. Shrinking a failure runs
  // many more, and on a slow machine could outlast any timeout: it gets a time budget instead, after which fast-check
  // reports the failure as far as it shrank, with the seed to replay it (FC_SEED) and shrink it further locally.
  const budgetMs = Math.max(150_000, numRuns * 2_000);
  it(
    'keeps every entry and counter equal to a rebuild from the client items, after every change',
    async () => {
      // Each on a book of three clients to start with, two of them at one number.
      const book = [change.create(0, 0, 0, false), change.create(1, 1, 1, false), change.create(2, 3, 2, false)];
      const sequences = fc.array(steps, { minLength: 1, maxLength: 50, size: 'max' }).map((list) => [...book, ...list]);
      // The sequence running when the budget runs out goes on (fast-check cannot stop it, only ignore it); the test
      // waits for it, so that it empties no table under the tests after this one.
      let running: Promise<unknown> = Promise.resolve();
      const property = fc.asyncProperty(fc.boolean(), sequences, async (isPro, sequence) => {
        running = runSequence(isPro, sequence);
        await running;
      });
      try {
        await fc.assert(property, { numRuns, ...seed, plugins: [fc.interruptAfterTimeLimit(budgetMs)] });
      } finally {
        // Its outcome was already reported or ignored by fast-check: only its end matters here.
        await running.then(
          () => undefined,
          () => undefined,
        );
      }
    },
    budgetMs + 60_000,
  );

  // Sequences the property found, kept as they shrank (each failed before its fix). `change.wait(4)`: to next month.
  describe('counts the review funnel and opt-outs as the recompute finds them', () => {
    /** A client asked for a review who opened the link, and then a month gone by. */
    const linkOpenedLastMonth = [
      change.create(0, 0, 0, false),
      change.reviewRequest(0, false),
      change.reviewLinkOpened(0),
      change.wait(4),
    ];

    it("a review marked requested by hand starts a new funnel: an earlier request's opened link does not count", () =>
      runSequence(false, [
        ...linkOpenedLastMonth,
        change.reviewStatus('pending', 0),
        change.reviewStatus('requested', 0),
      ]));

    it("a request taken back puts back the opening of the earlier request's link", () =>
      runSequence(false, [...linkOpenedLastMonth, change.reviewRequest(0, true)]));

    it('a link opened after a review written before the request counts as opened', () =>
      runSequence(false, [
        change.create(0, 0, 0, false),
        change.reviewRequest(0, false),
        change.reviewFound(0, 2),
        change.reviewLinkOpened(0),
      ]));

    it("a merge brings the other client's review request with its link's opening, not the kept client's", () =>
      runSequence(false, [
        change.create(0, 0, 0, false),
        change.reviewStatus('requested', 0),
        change.create(1, 0, 0, false),
        change.reviewLinkOpened(1),
        change.merge(1, 0),
        change.reviewStatus('pending', 0),
      ]));

    it("a merge keeps the kept client's request when the other's review came without one", () =>
      runSequence(false, [
        change.create(0, 0, 0, false),
        change.reviewRequest(0, false),
        change.create(1, 1, 1, false),
        change.reviewFound(1, 0),
        change.merge(0, 0),
      ]));

    it("an undone merge gives the other client's request back, whatever its status became on the kept client", () =>
      runSequence(false, [
        change.create(0, 0, 0, false),
        change.create(1, 1, 1, false),
        change.reviewRequest(1, false),
        change.merge(0, 0),
        change.reviewStatus('pending', 0),
        change.undoMerge(0),
      ]));

    it("a merge dates the other client's text opt-out when it was made, not when the clients were merged", () =>
      runSequence(false, [
        change.create(1, 1, 1, false),
        change.create(2, 3, 2, false),
        change.optOut('sms', 0),
        change.wait(3),
        change.merge(1, 0),
      ]));

    it("an erased client's text opt-out counts once, however many clients are added at the number", () =>
      runSequence(false, [
        change.create(1, 0, 0, false),
        change.optOut('sms', 0),
        change.delete(0),
        change.create(1, 0, 0, false),
        change.create(2, 2, 0, false),
      ]));

    it("a client added again at an erased client's address is opted out since that client opted out", async () => {
      const { agent } = await runSequence(false, [
        change.create(0, 0, 0, false),
        change.optOut('email', 0),
        change.wait(4),
        change.delete(0),
        change.create(0, 0, 0, false),
      ]);
      const [again] = await listClients(agent.id);
      // The second step's time.
      expect(again).toMatchObject({ emailOptedOut: true, emailOptedOutAt: new Date(FIRST + 2_000).toISOString() });
    });
  });

  it('an undone merge keeps what the kept client did since: its opt-outs, its review request', async () => {
    const { agent } = await runSequence(false, [
      change.create(1, 1, 1, false),
      change.create(2, 3, 2, false),
      change.merge(0, 0),
      change.optOut('email', 0),
      change.reviewRequest(0, false),
      change.undoMerge(0),
    ]);
    const kept = (await listClients(agent.id)).find((client) => client.email === 'ben@example.com');
    expect(kept).toMatchObject({ emailOptedOut: true, reviewStatus: 'requested' });
  });

  it("a merge counts the other client's review request and text opt-out once, not again as the kept's", async () => {
    const { agent, now } = await runSequence(false, [
      change.create(1, 1, 1, false),
      change.create(2, 3, 2, false),
      change.reviewRequest(1, false),
      change.optOut('sms', 1),
      change.merge(0, 0),
    ]);
    const [month] = await readMonthCounters(agent.id, monthIn(ZONE, now));
    expect(month).toMatchObject({ reviewsRequested: 1, optOuts: 1 });
  });

  it('applies concurrent changes each to the item the other left, counting each transition once', async () => {
    const agentId = (await newAgent(true)).id;
    const { client } = await createClient(agentId, { name: 'Ana Ruiz', email: 'ana@example.com', phone: '' }, at);
    await Promise.all([
      changeClient(agentId, client.id, { kind: 'review-status', status: 'requested' }),
      changeClient(agentId, client.id, { kind: 'edit', changes: { name: 'Ana Ruiz Lee' } }),
      advanceLastContact(agentId, client.id, '2026-03-09'),
      optOutClient(agentId, client.id, 'email'),
    ]);
    const outcome = await changeClient(agentId, client.id, { kind: 'testimonial-received' });
    expect(outcome).toMatchObject({
      kind: 'changed',
      after: { name: 'Ana Ruiz Lee', reviewStatus: 'requested', lastContactDate: '2026-03-09', emailOptedOut: true },
    });
    expect(outcome.kind === 'changed' && outcome.after.revision).toBe(6);
    await expectDerivedToMatchTheClients(agentId);
    expect((await readBook(agentId)).reviewsAwaiting).toBe(1);
  });
});
