// The next best touch's ranking: each rule of the file header at its edges, properties over random books (a client a
// rule leaves out is never listed, the list is the same whatever the order it is read in, at most 60, scores 0–100,
// one or two reasons), and one small book's whole list written out by hand.
import type { SmsConsent, SmsConsentStatus } from '@shared/api-types';
import { addDays, daysBetween } from '@shared/dates';
import { NEXT_BEST_REASONS } from '@shared/next-best';
import fc from 'fast-check';
import {
  DAY_LIST_MAX,
  leftOutBecause,
  rankClient,
  rankClients,
  type RankContext,
  type RankedClient,
  type RankedEntry,
} from './next-best';
import { INTEREST_WEIGHTS, type InterestKind } from './relationship';

const TODAY = '2026-12-02'; // a Wednesday
const NOW = new Date('2026-12-02T14:00:00.000Z');
const CONTEXT: RankContext = { today: TODAY, now: NOW };
const DAY_MS = 86_400_000;

let made = 0;
/** A client added two days ago, reachable by e-mail and phone, whom nothing calls for yet. */
function client(fields: Partial<RankedClient> = {}): RankedClient {
  made += 1;
  return {
    id: `client-${String(made).padStart(3, '0')}`,
    name: `Client ${made}`,
    email: `client${made}@example.com`,
    phone: '(555) 010-0100',
    createdAt: '2026-11-30T10:00:00.000Z',
    ...fields,
  };
}
/** A consent to texts of this status (the agent's word that the client gave it, or nothing recorded). */
const consent = (status: SmsConsentStatus): SmsConsent =>
  status === 'none' ? { status, source: null, at: null } : { status, source: 'agent-attested', at: NOW.toISOString() };
/** The day `days` from TODAY (negative: before it). */
const day = (days: number) => addDays(TODAY, days);
/** Noon UTC of that day. */
const noon = (days: number) => `${day(days)}T12:00:00.000Z`;
/** A birthday (of 1980) that falls `days` from TODAY. */
const birthdayIn = (days: number) => `1980-${day(days).slice(5)}`;

const rank = (fields: Partial<RankedClient>, context = CONTEXT) => rankClient(client(fields), context);
const reasonsOf = (entry: RankedEntry | null) => entry?.reasons.map((reason) => [reason.code, reason.text]);

describe('a key date', () => {
  it.each([
    [0, 40, 'Birthday today'],
    [1, 37, 'Birthday tomorrow'],
    [3, 31, 'Birthday on Saturday'],
    [6, 22, 'Birthday on Tuesday'],
    [7, 19, 'Birthday on Dec 9'],
  ])('%p days ahead weighs %p: "%s"', (days, score, text) => {
    const entry = rank({ birthday: birthdayIn(days) });
    expect([entry?.score, reasonsOf(entry)]).toEqual([score, [['key-date', text]]]);
  });

  it('is no reason 8 days ahead, nor the day after', () => {
    expect(rank({ birthday: birthdayIn(8) })).toBeNull();
    expect(rank({ birthday: birthdayIn(-1) })).toBeNull();
  });

  it('names a custom date by its label, a wedding anniversary and the 2nd to 4th home anniversaries by their type', () => {
    expect(reasonsOf(rank({ keyDates: [{ label: 'Lease ends', date: `--${day(2).slice(5)}` }] }))).toEqual([
      ['key-date', 'Lease ends on Friday'],
    ]);
    expect(reasonsOf(rank({ anniversary: `2010-${day(0).slice(5)}` }))).toEqual([['key-date', 'Anniversary today']]);
    expect(reasonsOf(rank({ purchaseDate: `2023-${day(1).slice(5)}`, createdAt: noon(-10) }))).toEqual([
      ['key-date', '3 Year Home Anniversary tomorrow'],
    ]);
  });

  it('takes the soonest of the client’s dates', () => {
    const entry = rank({ birthday: birthdayIn(5), anniversary: `2001-${day(2).slice(5)}` });
    expect(reasonsOf(entry)).toEqual([['key-date', 'Anniversary on Friday']]);
  });
});

describe('the home anniversaries', () => {
  it.each([
    [349, null],
    [350, 'First home anniversary on Dec 17'],
    [364, 'First home anniversary tomorrow'],
    [365, 'First home anniversary today'],
    [366, 'Just passed a year in their home'],
    [380, 'Just passed a year in their home'],
    [381, null],
  ])('the first: %p days after the purchase, %p', (since, text) => {
    // Touched last week, so only the purchase can call for a touch.
    const entry = rank({ purchaseDate: day(-since), lastTouchAt: noon(-7), createdAt: noon(-400) });
    expect(reasonsOf(entry) ?? null).toEqual(text === null ? null : [['purchase-window', text]]);
    if (entry) expect(entry.score).toBe(25);
  });

  it.each([
    [-1, '7-year home anniversary on Dec 1'],
    [0, '7-year home anniversary today'],
    [2, '7-year home anniversary on Friday'],
    [15, '7-year home anniversary on Dec 17'],
  ])('from the 5th: %p days from it weighs 20, "%s"', (days, text) => {
    const entry = rank({ purchaseDate: `2019-${day(days).slice(5)}`, lastTouchAt: noon(-7), createdAt: noon(-400) });
    expect([entry?.score, reasonsOf(entry)]).toEqual([20, [['home-anniversary', text]]]);
  });

  it('is no reason 16 days either side of the 5th and later ones, nor for a purchase ahead', () => {
    const touched = { lastTouchAt: noon(-7), createdAt: noon(-400) };
    expect(rank({ ...touched, purchaseDate: `2019-${day(16).slice(5)}` })).toBeNull();
    expect(rank({ ...touched, purchaseDate: `2019-${day(-16).slice(5)}` })).toBeNull();
    expect(rank({ ...touched, purchaseDate: day(30) })).toBeNull();
  });
});

describe('the rhythm', () => {
  it.each([
    ['other', {}, 60],
    ['fan', { referrals: 1 }, 45],
    ['advocate', { referrals: 2 }, 30],
  ])('of an %s is their tier’s unless they have their own', (tier, fields, rhythm) => {
    const due = rank({ ...fields, lastTouchAt: noon(-rhythm) });
    expect(due?.reasons[0]).toEqual({ code: 'overdue', text: `Not contacted in ${rhythm} days (rhythm ${rhythm})` });
    expect(rank({ ...fields, cadenceDays: 90, lastTouchAt: noon(-rhythm) })?.reasons[0]?.code).not.toBe('overdue');
  });

  it.each([
    [47, null],
    [48, 10],
    [59, 10],
    [60, 30],
    [90, 40],
    [120, 50],
    [400, 50],
  ])('%p days since the last touch against a rhythm of 60: %p points', (since, points) => {
    const entry = rank({ lastTouchAt: noon(-since), createdAt: noon(-500) });
    expect(entry?.score ?? null).toBe(points);
  });

  it('says how soon a touch is due in its last fifth, and how long it has been after it', () => {
    expect(reasonsOf(rank({ lastContactDate: day(-50) }))).toEqual([
      ['overdue', 'Due for a touch in 10 days (rhythm 60)'],
    ]);
    expect(reasonsOf(rank({ lastContactDate: day(-75), cadenceDays: 50 }))).toEqual([
      ['overdue', 'Not contacted in 75 days (rhythm 50)'],
    ]);
  });

  it('counts a client never contacted from the day they were added', () => {
    const entry = rank({ createdAt: noon(-90) });
    expect([entry?.score, reasonsOf(entry)]).toEqual([
      40,
      [['never-contacted', 'Not contacted since you added them 90 days ago']],
    ]);
    expect(rank({ createdAt: noon(-47) })).toBeNull();
  });

  it('reads the later of the last touch and Last Contact', () => {
    expect(rank({ lastTouchAt: noon(-100), lastContactDate: day(-10) })).toBeNull();
    expect(rank({ lastTouchAt: noon(-10), lastContactDate: day(-100) })).toBeNull();
  });
});

describe('interest and tier', () => {
  const signal = (value: number, kind: InterestKind, count: number, sinceDays: number) => ({
    interest: value,
    interestAt: NOW.toISOString(),
    recentInterest: { kind, count, since: new Date(NOW.getTime() - sinceDays * DAY_MS).toISOString() },
  });

  it('weighs interest 8 points a unit, at most 20, none under half a unit, and says what the client did this week', () => {
    expect(rank(signal(1, 'link-click', 1, 0))).toMatchObject({
      score: 8,
      reasons: [{ code: 'interest', text: 'Clicked a link in your message once this week' }],
    });
    expect(rank(signal(2, 'profile-visit', 2, 6))?.reasons[0]?.text).toBe('Visited their profile page twice this week');
    expect(rank(signal(3, 'home-value', 3, 1))).toMatchObject({
      score: 20,
      reasons: [{ text: 'Looked at their home value 3 times this week' }],
    });
    expect(rank(signal(1, 'reply', 1, 8))?.reasons[0]?.text).toBe('Showed interest in the last weeks');
    expect(rank(signal(0.49, 'link-click', 1, 0))).toBeNull();
  });

  it('decays interest with a half-life of 14 days', () => {
    const fortnight = { interest: 2, interestAt: new Date(NOW.getTime() - 14 * DAY_MS).toISOString() };
    expect(rank(fortnight)?.score).toBe(8);
  });

  it('never puts a client on the list by their tier alone, and adds 10 for an Advocate, 5 for a Fan', () => {
    expect(rank({ referrals: 5 })).toBeNull();
    expect(rank({ reviewStatus: 'submitted' })).toBeNull();
    const birthday = { birthday: birthdayIn(0) };
    expect(rank({ ...birthday, referrals: 2 })).toMatchObject({
      score: 50,
      tier: 'advocate',
      reasons: [{ code: 'key-date' }, { code: 'tier', text: 'Advocate: 2 referrals' }],
    });
    expect(rank({ ...birthday, referrals: 1 })?.reasons[1]?.text).toBe('Fan: sent you a referral');
    expect(rank({ ...birthday, reviewStatus: 'submitted' })).toMatchObject({
      score: 45,
      tier: 'fan',
      reasons: [{ code: 'key-date' }, { code: 'tier', text: 'Fan: left you a review' }],
    });
  });
});

describe('a referral not thanked yet', () => {
  it('weighs 45 and asks for a thank-you draft', () => {
    const thanks = { clientId: 'client-x', name: 'Noah Kim', at: noon(-1) };
    expect(rank({ referrals: 1, referralThanks: thanks })).toEqual({
      clientId: expect.any(String),
      name: expect.any(String),
      score: 50,
      reasons: [
        { code: 'thank-referrer', text: 'Referred Noah Kim to you: thank them' },
        { code: 'tier', text: 'Fan: sent you a referral' },
      ],
      channel: 'email',
      tier: 'fan',
      rhythmDays: 45,
      email: expect.any(String),
      phone: '(555) 010-0100',
      draft: {
        occasion: 'thank-referrer',
        instructions: 'Why now: Referred Noah Kim to you: thank them; Fan: sent you a referral.',
      },
    });
  });
});

describe('the score', () => {
  it('is capped at 100', () => {
    const everything = {
      referralThanks: { clientId: 'client-x', name: 'Noah Kim', at: noon(-1) },
      referrals: 3,
      birthday: birthdayIn(0),
      createdAt: noon(-400),
      interest: 5,
      interestAt: NOW.toISOString(),
    };
    expect(rank(everything)).toMatchObject({
      score: 100,
      reasons: [{ code: 'never-contacted' }, { code: 'thank-referrer' }],
    });
  });
});

describe('the channel', () => {
  it.each([
    [
      'the one the client last wrote back on: a text',
      { lastInboundChannel: 'sms', smsConsent: consent('granted') },
      'sms',
    ],
    [
      'the one the client last wrote back on: e-mail',
      { lastInboundChannel: 'email', smsConsent: consent('granted') },
      'email',
    ],
    ['e-mail when the client wrote by text but texts may not go', { lastInboundChannel: 'sms' }, 'email'],
    ['e-mail first otherwise', { smsConsent: consent('granted') }, 'email'],
    ['a text when e-mail is stopped', { emailOptedOut: true, smsConsent: consent('granted') }, 'sms'],
    ['a call with no consent to texts', { emailOptedOut: true }, 'call'],
    ['a call with no e-mail', { email: '' }, 'call'],
  ] as const)('is %s', (_, fields, channel) => {
    expect(rank({ birthday: birthdayIn(0), ...fields })?.channel).toBe(channel);
  });

  it('gives no e-mail or phone the client stopped', () => {
    expect(rank({ birthday: birthdayIn(0), emailOptedOut: true })).toMatchObject({ email: null, channel: 'call' });
    expect(rank({ birthday: birthdayIn(0), smsOptedOut: true })).toMatchObject({ phone: null, channel: 'email' });
  });
});

describe('left out', () => {
  const due = { birthday: birthdayIn(0) };

  it.each([
    [0, 'recent-touch'],
    [1, 'recent-touch'],
    [2, 'recent-touch'],
    [3, null],
  ])('a client touched %p days ago: %p', (days, why) => {
    expect(leftOutBecause(client({ ...due, lastTouchAt: noon(-days) }), CONTEXT)).toBe(why);
    expect(leftOutBecause(client({ ...due, lastContactDate: day(-days) }), CONTEXT)).toBe(why);
  });

  it('while hidden until after today; back on the list on the day it ends', () => {
    expect(leftOutBecause(client({ ...due, nextBestHiddenUntil: day(1) }), CONTEXT)).toBe('hidden');
    expect(leftOutBecause(client({ ...due, nextBestHiddenUntil: day(0) }), CONTEXT)).toBeNull();
  });

  it('a pending directory registration, a client no channel reaches, one with an automatic message waiting today', () => {
    expect(leftOutBecause(client({ ...due, registrationPendingAt: NOW.toISOString() }), CONTEXT)).toBe('pending');
    expect(leftOutBecause(client({ ...due, emailOptedOut: true, smsOptedOut: true }), CONTEXT)).toBe('unreachable');
    expect(leftOutBecause(client({ ...due, email: '', phone: '' }), CONTEXT)).toBe('unreachable');
    expect(leftOutBecause(client({ ...due, email: '', smsOptedOut: true }), CONTEXT)).toBe('unreachable');
    const waiting = client(due);
    expect(leftOutBecause(waiting, { ...CONTEXT, waitingToday: new Set([waiting.id]) })).toBe('automatic-waiting');
    expect(rankClients([waiting], { ...CONTEXT, waitingToday: new Set([waiting.id]) })).toEqual([]);
  });
});

// --- Properties over random books -------------------------------------------------------------------------------

const days = (min: number, max: number) => fc.integer({ min, max });
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
/** True about one time in `n`. */
const oneIn = (n: number) => days(1, n).map((k) => k === 1);
/** Given about one time in `n`. */
const rarely = <T>(n: number, arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

/** A client relative to the day the book is ranked on: every field a rule reads, each often absent. */
const clientSpec = fc.record({
  id: fc.stringMatching(/^[A-Za-z0-9]{1,6}$/),
  email: fc.constantFrom('', 'ana@example.com'),
  phone: fc.constantFrom('', '(555) 010-0101'),
  createdAgo: days(0, 900),
  // A negative age: a touch stamped a day ahead of the agent's date (another zone's clock).
  touchAgo: sometimes(fc.oneof(days(-1, 4), days(0, 150))),
  contactAgo: sometimes(days(0, 150)),
  cadenceDays: fc.option(days(7, 365), { nil: null }),
  pending: oneIn(6),
  hiddenFor: rarely(4, days(-10, 40)),
  emailOptedOut: oneIn(4),
  smsOptedOut: oneIn(4),
  smsConsentStatus: fc.constantFrom<SmsConsentStatus>('granted', 'none', 'pending', 'revoked'),
  lastInboundChannel: sometimes(fc.constantFrom('email' as const, 'sms' as const)),
  reviewStatus: fc.constantFrom('pending', 'requested', 'submitted'),
  referrals: days(0, 3),
  thanks: fc.boolean(),
  birthdayIn: sometimes(days(-10, 400)),
  yearless: fc.boolean(),
  anniversaryIn: sometimes(days(-10, 400)),
  purchaseAgo: sometimes(days(-30, 4000)),
  keyDateIn: sometimes(days(-5, 30)),
  interest: sometimes(
    fc.record({
      value: fc.double({ min: 0, max: 10, noNaN: true }),
      ago: days(0, 60),
      kind: fc.constantFrom(...(Object.keys(INTEREST_WEIGHTS) as InterestKind[])),
      count: days(1, 4),
      sinceAgo: days(0, 14),
    }),
  ),
  waiting: oneIn(6),
});
type ClientSpec = typeof clientSpec extends fc.Arbitrary<infer T> ? T : never;

const monthDay = (date: string) => date.slice(5);

function fromSpec(spec: ClientSpec, today: string, now: Date): RankedClient {
  const ago = (n: number) => new Date(now.getTime() - n * DAY_MS).toISOString();
  const birthday = spec.birthdayIn === undefined ? undefined : monthDay(addDays(today, spec.birthdayIn));
  return {
    id: spec.id,
    name: `Client ${spec.id}`,
    email: spec.email,
    phone: spec.phone,
    createdAt: `${addDays(today, -spec.createdAgo)}T09:00:00.000Z`,
    lastTouchAt: spec.touchAgo === undefined ? undefined : `${addDays(today, -spec.touchAgo)}T15:00:00.000Z`,
    lastContactDate: spec.contactAgo === undefined ? null : addDays(today, -spec.contactAgo),
    cadenceDays: spec.cadenceDays,
    registrationPendingAt: spec.pending ? now.toISOString() : null,
    nextBestHiddenUntil: spec.hiddenFor === undefined ? null : addDays(today, spec.hiddenFor),
    emailOptedOut: spec.emailOptedOut,
    smsOptedOut: spec.smsOptedOut,
    smsConsent: consent(spec.smsConsentStatus),
    lastInboundChannel: spec.lastInboundChannel,
    reviewStatus: spec.reviewStatus,
    referrals: spec.referrals,
    referralThanks: spec.thanks && spec.referrals > 0 ? { clientId: 'referred', name: 'Noah Kim', at: ago(1) } : null,
    birthday: birthday === undefined ? undefined : spec.yearless ? `--${birthday}` : `1980-${birthday}`,
    anniversary: spec.anniversaryIn === undefined ? undefined : `2004-${monthDay(addDays(today, spec.anniversaryIn))}`,
    purchaseDate: spec.purchaseAgo === undefined ? undefined : addDays(today, -spec.purchaseAgo),
    keyDates:
      spec.keyDateIn === undefined
        ? []
        : [{ label: 'Lease ends', date: `--${monthDay(addDays(today, spec.keyDateIn))}` }],
    ...(spec.interest
      ? {
          interest: spec.interest.value,
          interestAt: ago(spec.interest.ago),
          recentInterest: { kind: spec.interest.kind, count: spec.interest.count, since: ago(spec.interest.sinceAgo) },
        }
      : {}),
  };
}

/** A book ranked on a random day at a random hour, and the clients with an automatic message waiting that day. */
const bookArb = fc
  .tuple(
    days(0, 7 * 365).map((n) => addDays('2024-01-01', n)),
    days(0, 23),
    fc.uniqueArray(clientSpec, { selector: (spec) => spec.id, maxLength: 70, size: 'medium' }),
  )
  .map(([today, hour, specs]) => {
    const now = new Date(`${today}T${String(hour).padStart(2, '0')}:30:00.000Z`);
    const clients = specs.map((spec) => fromSpec(spec, today, now));
    const waitingToday = new Set(specs.filter((spec) => spec.waiting).map((spec) => spec.id));
    return { clients, context: { today, now, waitingToday } as RankContext };
  });

/** The rules of the file header that leave a client out, read off the client directly. */
function excludedByTheRules(c: RankedClient, { today, waitingToday }: RankContext): boolean {
  const touchDays = [c.lastTouchAt, c.lastContactDate]
    .filter((v): v is string => Boolean(v))
    .map((v) => v.slice(0, 10));
  const touchedLately = touchDays.some((d) => daysBetween(d, today) < 3);
  const reachable = (c.email !== '' && !c.emailOptedOut) || (c.phone !== '' && !c.smsOptedOut);
  return (
    Boolean(c.registrationPendingAt) ||
    (c.nextBestHiddenUntil ?? '') > today ||
    touchedLately ||
    !reachable ||
    Boolean(waitingToday?.has(c.id))
  );
}

describe('the list, over random books', () => {
  it('never holds a client a rule leaves out, and leftOutBecause says so for exactly those', () => {
    fc.assert(
      fc.property(bookArb, ({ clients, context }) => {
        const listed = new Set(rankClients(clients, context).map((entry) => entry.clientId));
        for (const c of clients) {
          const excluded = excludedByTheRules(c, context);
          expect([c.id, leftOutBecause(c, context) !== null]).toEqual([c.id, excluded]);
          if (excluded) expect(listed.has(c.id)).toBe(false);
        }
      }),
    );
  });

  it('is the same whatever order the clients are read in, best first, ties by client id', () => {
    const shuffled = bookArb.chain((book) =>
      fc.tuple(fc.constant(book), fc.shuffledSubarray(book.clients, { minLength: book.clients.length })),
    );
    fc.assert(
      fc.property(shuffled, ([{ clients, context }, reordered]) => {
        const list = rankClients(clients, context);
        expect(rankClients(reordered, context)).toEqual(list);
        for (let i = 1; i < list.length; i += 1) {
          const [a, b] = [list[i - 1]!, list[i]!];
          expect(a.score > b.score || (a.score === b.score && a.clientId < b.clientId)).toBe(true);
        }
      }),
    );
  });

  it('gives each entry a whole score from 0 to 100, one or two distinct reasons not both of tier, and a usable channel', () => {
    fc.assert(
      fc.property(bookArb, ({ clients, context }) => {
        for (const entry of rankClients(clients, context)) {
          expect(Number.isInteger(entry.score) && entry.score >= 0 && entry.score <= 100).toBe(true);
          const codes = entry.reasons.map((reason) => reason.code);
          expect(codes.length >= 1 && codes.length <= 2 && new Set(codes).size === codes.length).toBe(true);
          expect(codes.every((code) => NEXT_BEST_REASONS.includes(code))).toBe(true);
          expect(codes.some((code) => code !== 'tier')).toBe(true);
          expect(entry.channel === 'email' ? entry.email : entry.phone).not.toBeNull();
          // The thanks owed always makes the top two (only an overdue touch weighs more).
          expect(entry.draft.occasion === 'thank-referrer').toBe(codes.includes('thank-referrer'));
        }
      }),
    );
  });

  it(`keeps the best ${DAY_LIST_MAX} of a longer list`, () => {
    // Every client is due (never contacted, added 60 to 200 days ago), so each is ranked; books past 600 clients are
    // pruned as they are read (rankClients keeps the best so far), twice past 1,200. Ids are distinct and out of order
    // (7919 is prime to 100,000); a failure is reported without shrinking a book of a thousand.
    const longBook = fc.array(fc.record({ addedAgo: days(60, 200), birthdayIn: sometimes(days(0, 7)) }), {
      minLength: DAY_LIST_MAX + 1,
      maxLength: 1300,
      size: 'max',
    });
    fc.assert(
      fc.property(longBook, (specs) => {
        const clients = specs.map(({ addedAgo, birthdayIn: inDays }, i) =>
          client({
            id: String((i * 7919) % 100_000).padStart(5, '0'),
            createdAt: noon(-addedAgo),
            birthday: inDays === undefined ? undefined : birthdayIn(inDays),
          }),
        );
        const list = rankClients(clients, CONTEXT);
        expect(list).toHaveLength(DAY_LIST_MAX);
        const all = clients.map((c) => rankClient(c, CONTEXT)!);
        const best = all.sort((a, b) => b.score - a.score || (a.clientId < b.clientId ? -1 : 1));
        expect(list).toEqual(best.slice(0, DAY_LIST_MAX));
      }),
      { numRuns: 12, endOnFailure: true },
    );
  });
});

// --- One book, its whole list -----------------------------------------------------------------------------------

describe('a small book on Wednesday 2 December 2026 (synthetic: made-up people, dates chosen for the rules)', () => {
  const at = (date: string, time = '12:00:00') => `${date}T${time}.000Z`;
  const person = (id: string, name: string, fields: Partial<RankedClient>): RankedClient => ({
    id,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    phone: `(555) 010-01${id.slice(-2)}`,
    createdAt: at('2024-05-01', '10:00:00'),
    ...fields,
  });
  const book: RankedClient[] = [
    // Thanks owed for a referral two days ago; a Fan (1 referral) 43 days after their last touch: due in 2 days.
    person('client-01', 'Ava Brooks', {
      referrals: 1,
      referralThanks: { clientId: 'client-09', name: 'Noah Kim', at: at('2026-11-30', '18:00:00') },
      lastTouchAt: at('2026-10-20'),
    }),
    // Birthday today; hidden until today, so back on the list; Last Contact 31 days ago (rhythm 60: not due).
    person('client-02', 'Ben Carter', {
      birthday: '1980-12-02',
      lastContactDate: '2026-11-01',
      nextBestHiddenUntil: '2026-12-02',
      reviewStatus: 'pending',
    }),
    // Bought 358 days ago (the first anniversary's window) and added that day, never contacted since.
    person('client-03', 'Cleo Diaz', { purchaseDate: '2025-12-09', createdAt: at('2025-12-09', '16:00:00') }),
    // An Advocate 45 days after their last touch (rhythm 30), who visited their profile twice this week; e-mail
    // stopped and no consent to texts: a call.
    person('client-04', 'Dev Evans', {
      referrals: 2,
      createdAt: at('2023-03-15', '10:00:00'),
      lastTouchAt: at('2026-10-18', '15:00:00'),
      interest: 3,
      interestAt: at('2026-11-25', '14:00:00'),
      recentInterest: { kind: 'profile-visit', count: 2, since: at('2026-11-28', '10:00:00') },
      emailOptedOut: true,
      smsConsent: consent('none'),
    }),
    // The lease ends on Saturday; a Fan by their review; wrote last by text, but texts may not go: e-mail.
    person('client-05', 'Eli Fox', {
      keyDates: [{ label: 'Lease ends', date: '--12-05' }],
      reviewStatus: 'submitted',
      lastTouchAt: at('2026-11-20'),
      lastInboundChannel: 'sms',
      smsConsent: consent('none'),
    }),
    // Wedding anniversary on Friday, 7 years in the home yesterday; wrote back by text 31 days ago.
    person('client-06', 'Fay Gray', {
      anniversary: '2010-12-04',
      purchaseDate: '2019-12-01',
      lastTouchAt: at('2026-11-01', '15:00:00'),
      lastContactDate: at('2026-11-01', '15:00:00'),
      lastInboundAt: at('2026-11-01', '15:00:00'),
      lastInboundChannel: 'sms',
      smsConsent: consent('granted'),
    }),
    // Birthday today, but called yesterday.
    person('client-07', 'Gus Hill', { birthday: '--12-02', lastTouchAt: at('2026-12-01', '16:00:00') }),
    // Birthday today, but still a pending directory registration.
    person('client-08', 'Hana Ito', { birthday: '1990-12-02', registrationPendingAt: at('2026-12-01') }),
    // Added two days ago (Ava's referral): nothing calls for a touch yet.
    person('client-09', 'Noah Kim', { createdAt: at('2026-11-30', '18:00:00') }),
    // Their own rhythm of 20 days, 26 days ago: as due as Eli, and after Eli by id.
    person('client-10', 'Ida Jones', { cadenceDays: 20, lastTouchAt: at('2026-11-06') }),
    // Birthday today, but snoozed until tomorrow.
    person('client-11', 'Jon Kato', { birthday: '1975-12-02', nextBestHiddenUntil: '2026-12-03' }),
    // Birthday today, but no e-mail and the number stopped.
    person('client-12', 'Kim Lark', { birthday: '1985-12-02', email: '', smsOptedOut: true }),
    // Birthday today, and the automatic birthday message already waits to go.
    person('client-13', 'Lou Moss', { birthday: '1970-12-02' }),
    // An Advocate touched 10 days ago: the tier alone puts no one on the list.
    person('client-14', 'Max Nash', { referrals: 3, lastTouchAt: at('2026-11-22') }),
  ];
  const context: RankContext = { today: TODAY, now: NOW, waitingToday: new Set(['client-13']) };

  it('lists whom to contact, why and how, best first', () => {
    const entry = (
      clientId: string,
      name: string,
      score: number,
      reasons: Array<[RankedEntry['reasons'][number]['code'], string]>,
      how: Pick<RankedEntry, 'channel' | 'tier' | 'email' | 'phone' | 'rhythmDays'>,
      occasion: RankedEntry['draft']['occasion'] = 'check-in',
    ): RankedEntry => ({
      clientId,
      name,
      score,
      reasons: reasons.map(([code, text]) => ({ code, text })),
      ...how,
      draft: { occasion, instructions: `Why now: ${reasons.map(([, text]) => text).join('; ')}.` },
    });
    expect(rankClients(book, context)).toEqual([
      // 50 (30, and 20 for 298 days past the rhythm, at most 20) + 25 = 75.
      entry(
        'client-03',
        'Cleo Diaz',
        75,
        [
          ['never-contacted', 'Not contacted since you added them 358 days ago'],
          ['purchase-window', 'First home anniversary on Dec 9'],
        ],
        { channel: 'email', tier: 'other', email: 'cleo@example.com', phone: '(555) 010-0103', rhythmDays: 60 },
      ),
      // 30 + 20 × 15/30 = 40, interest 3 × 2^(−7/14) × 8 = 16.97, Advocate 10: 66.97.
      entry(
        'client-04',
        'Dev Evans',
        67,
        [
          ['overdue', 'Not contacted in 45 days (rhythm 30)'],
          ['interest', 'Visited their profile page twice this week'],
        ],
        { channel: 'call', tier: 'advocate', email: null, phone: '(555) 010-0104', rhythmDays: 30 },
      ),
      // 45 + 10 (the last fifth of 45 days) + Fan 5.
      entry(
        'client-01',
        'Ava Brooks',
        60,
        [
          ['thank-referrer', 'Referred Noah Kim to you: thank them'],
          ['overdue', 'Due for a touch in 2 days (rhythm 45)'],
        ],
        { channel: 'email', tier: 'fan', email: 'ava@example.com', phone: '(555) 010-0101', rhythmDays: 45 },
        'thank-referrer',
      ),
      // 40 − 2 × 3 = 34, and 20 for the 7th home anniversary a day ago.
      entry(
        'client-06',
        'Fay Gray',
        54,
        [
          ['key-date', 'Anniversary on Friday'],
          ['home-anniversary', '7-year home anniversary on Dec 1'],
        ],
        { channel: 'sms', tier: 'other', email: 'fay@example.com', phone: '(555) 010-0106', rhythmDays: 60 },
      ),
      entry('client-02', 'Ben Carter', 40, [['key-date', 'Birthday today']], {
        channel: 'email',
        tier: 'other',
        email: 'ben@example.com',
        phone: '(555) 010-0102',
        rhythmDays: 60,
      }),
      // 40 − 3 × 3 = 31, and Fan 5: 36, as Ida; client-05 comes before client-10.
      entry(
        'client-05',
        'Eli Fox',
        36,
        [
          ['key-date', 'Lease ends on Saturday'],
          ['tier', 'Fan: left you a review'],
        ],
        { channel: 'email', tier: 'fan', email: 'eli@example.com', phone: '(555) 010-0105', rhythmDays: 45 },
      ),
      // 30 + 20 × 6/20 = 36.
      entry('client-10', 'Ida Jones', 36, [['overdue', 'Not contacted in 26 days (rhythm 20)']], {
        channel: 'email',
        tier: 'other',
        email: 'ida@example.com',
        phone: '(555) 010-0110',
        rhythmDays: 20,
      }),
    ]);
  });

  it('says why each of the others is not on it', () => {
    const why = Object.fromEntries(book.map((c) => [c.name, leftOutBecause(c, context)]));
    expect(why).toMatchObject({
      'Gus Hill': 'recent-touch',
      'Hana Ito': 'pending',
      'Jon Kato': 'hidden',
      'Kim Lark': 'unreachable',
      'Lou Moss': 'automatic-waiting',
      'Noah Kim': null,
      'Max Nash': null,
    });
    expect(
      rankClient(
        book.find((c) => c.name === 'Noah Kim')!,
        context,
      ),
    ).toBeNull();
    expect(
      rankClient(
        book.find((c) => c.name === 'Max Nash')!,
        context,
      ),
    ).toBeNull();
  });
});
