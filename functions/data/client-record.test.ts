// The client record's write model against the table alone (no HTTP): after any sequence of changes, every entry and
// counter derived from the clients equals what a rebuild from the client items gives, at every step.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { foldTag } from '@shared/tags';
import fc from 'fast-check';
import { PlanLimitError } from '../domain/plan';
import { startTestTable, type TestTable } from '../testing/table';
import { listEntries } from './client-lists';
import {
  applyChange,
  changeClient,
  ClientEmailTakenError,
  createClient,
  deleteClient,
  derivedWrites,
  type ClientChange,
} from './client-record';
import { newClientItem, type ClientItem } from './clients';
import { db, table } from './db';
import { bookDeltas, readBook, sumBookDeltas } from './insights';
import { awardDueMilestones } from './milestones';
import { advanceLastContact, optOutClient } from './messages';
import { contactIndexKeys, userKey } from './keys';
import { findDrift } from './stats-recompute';
import { readTagCounts, sumTagDeltas, tagCountDeltas } from './tags';
import { markClientHasTestimonial } from './testimonials';
import { markReviewRequested, undoReviewRequest } from './review-requests';

let testTable: TestTable;
beforeAll(async () => {
  testTable = await startTestTable();
});
afterAll(() => testTable.close());

let agents = 0;
async function newAgent(isPro: boolean): Promise<string> {
  agents += 1;
  const id = `agent${agents}x${Date.now().toString(36)}`;
  const item = { ...userKey(id), type: 'user', id, username: `${id}@example.com`, isPro, timeZone: 'America/Chicago' };
  await db().send(new PutCommand({ TableName: table(), Item: item }));
  return id;
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
    expect(applyChange(later, replied, at).kind).toBe('unchanged');
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

/** Everything the model derives, rebuilt from the client items of the agent as they are now. */
async function expectDerivedToMatchTheClients(agentId: string) {
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
  // The plan's slots.
  const user = items.find((i) => i.pk === `USER#${agentId}` && i.sk === 'PROFILE')!;
  expect(Number(user.clientCount ?? 0)).toBe(clients.length);
  // The book counters (zeros left by +1 and -1 are the same as absent).
  const book = await readBook(agentId);
  const rebuilt = sumBookDeltas(clients.map((client) => bookDeltas(undefined, client)));
  const stored: Record<string, number> = {
    ...Object.fromEntries(Object.entries(book.bands).map(([band, n]) => [`band${band}`, n])),
    ...Object.fromEntries([...book.days].map(([day, n]) => [`day${day}`, n])),
    reviews: book.reviews,
    reviewsAwaiting: book.reviewsAwaiting,
  };
  const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n));
  expect(nonZero(stored)).toEqual(nonZero(rebuilt));
  // The tag counters.
  const tags = Object.fromEntries((await readTagCounts(agentId)).map(({ name, count }) => [foldTag(name), count]));
  const counted = sumTagDeltas(clients.map((client) => tagCountDeltas(undefined, client)));
  expect(tags).toEqual(Object.fromEntries(Object.entries(counted).map(([key, { n }]) => [key, n])));
}

const TAG_SETS = [[], ['Buyer'], ['buyer', 'VIP'], ['Seller', 'VIP', 'Investor'], ['vip']];

const POOL = ['ana@example.com', 'ben@example.com', 'cy@example.com', 'dee@example.com'];
const NAMES = ['Ana Ruiz', 'Ben Okafor', 'Zoë Ångström', 'Cy Twain', 'Dee Dee Lee'];
const DATES = ['1980-02-29', '1990-07-04', '2001-12-31', '2015-01-01', null];
const CONTACT_DAYS = ['2026-01-02', '2026-02-15', '2026-03-01', '2026-03-09'];

type Step = { describe: string; run: (agentId: string, clients: string[]) => Promise<unknown> };
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const someClient = (clients: string[], n: number) => (clients.length ? pick(clients, n) : 'no-such-client');

/** One change of each kind the product makes, through the module that makes it. */
const steps: fc.Arbitrary<Step> = fc.oneof(
  fc.tuple(fc.nat(), fc.nat(), fc.nat()).map(([e, n, d]) => ({
    describe: 'create',
    run: async (agentId: string, clients: string[]) => {
      const input = {
        name: pick(NAMES, n),
        email: pick(POOL, e),
        phone: '',
        birthday: pick(DATES, d) ?? undefined,
        cadenceDays: pick([undefined, 14], d),
      };
      clients.push((await createClient(agentId, input, at)).client.id);
    },
  })),
  fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()).map(([c, e, n, d]) => ({
    describe: 'edit',
    run: (agentId: string, clients: string[]) =>
      changeClient(agentId, someClient(clients, c), {
        kind: 'edit',
        changes: {
          name: pick(NAMES, n),
          email: pick(POOL, e),
          anniversary: pick(DATES, d),
          address: d % 2 ? '1 Elm St' : null,
          // Custom dates (the occasion index) and a rhythm (the check-in index), set, changed and cleared.
          keyDates: d % 3 ? [{ label: 'Lease ends', date: pick(['--02-29', '2020-07-04', '--12-31'], n) }] : [],
          cadenceDays: pick([null, 7, 30], n + e),
        },
      }),
  })),
  fc.tuple(fc.nat(), fc.nat()).map(([c, t]) => ({
    describe: 'tags',
    run: (agentId: string, clients: string[]) =>
      changeClient(agentId, someClient(clients, c), { kind: 'edit', changes: { tags: pick(TAG_SETS, t) } }),
  })),
  fc.tuple(fc.nat(), fc.constantFrom('pending', 'requested', 'submitted') as fc.Arbitrary<'pending'>).map(([c, s]) => ({
    describe: `review status ${s}`,
    run: (agentId: string, clients: string[]) =>
      changeClient(agentId, someClient(clients, c), { kind: 'review-status', status: s }),
  })),
  fc.tuple(fc.nat(), fc.boolean()).map(([c, undo]) => ({
    describe: undo ? 'review request, withdrawn' : 'review request',
    run: async (agentId: string, clients: string[]) => {
      const mark = await markReviewRequested(agentId, someClient(clients, c), 0, new Date(), 'America/Chicago');
      if (undo && mark.outcome === 'marked') await undoReviewRequest(mark.before, mark.after.reviewRequestedAt!);
    },
  })),
  fc.tuple(fc.nat(), fc.nat()).map(([c, d]) => ({
    describe: 'message or touch',
    run: (agentId: string, clients: string[]) =>
      advanceLastContact(agentId, someClient(clients, c), pick(CONTACT_DAYS, d)),
  })),
  fc.tuple(fc.nat(), fc.constantFrom('email', 'sms') as fc.Arbitrary<'email'>).map(([c, channel]) => ({
    describe: `opt-out ${channel}`,
    run: (agentId: string, clients: string[]) => optOutClient(agentId, someClient(clients, c), channel),
  })),
  fc.nat().map((c) => ({
    describe: 'milestones',
    run: async (agentId: string, clients: string[]) => {
      const out = await changeClient(agentId, someClient(clients, c), { kind: 'milestones-awarded', types: [] });
      if (out.kind === 'unchanged') await awardDueMilestones(out.client, '2026-03-10');
    },
  })),
  fc.nat().map((c) => ({
    describe: 'testimonial',
    run: (agentId: string, clients: string[]) => markClientHasTestimonial(agentId, someClient(clients, c)),
  })),
  fc.nat().map((c) => ({
    describe: 'delete',
    run: async (agentId: string, clients: string[]) => {
      const id = someClient(clients, c);
      if (await deleteClient(agentId, id)) clients.splice(clients.indexOf(id), 1);
    },
  })),
);

describe('the client record', () => {
  it('keeps every entry and counter equal to a rebuild from the client items, after every change', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(steps, { minLength: 1, maxLength: 14 }), async (isPro, sequence) => {
        const agentId = await newAgent(isPro);
        const clients: string[] = [];
        for (const step of sequence) {
          try {
            await step.run(agentId, clients);
          } catch (error) {
            // The refusals a change may meet: an e-mail another client has, or the free plan's cap.
            if (!(error instanceof ClientEmailTakenError || error instanceof PlanLimitError)) throw error;
          }
          await expectDerivedToMatchTheClients(agentId);
        }
      }),
      { numRuns: 30 },
    );
    // The platform counters agree with the clients as well (agents are written straight to the table here).
    const { drift } = await findDrift();
    expect(drift.filter((d) => d.field === 'clients' || d.field === 'reviews')).toEqual([]);
  });

  it('applies concurrent changes each to the item the other left, counting each transition once', async () => {
    const agentId = await newAgent(true);
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
