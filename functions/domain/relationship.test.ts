// The relationship state's decayed sums (strength: half-life 90 days, interest: 14), held by properties over random
// events and instants, and the tier and strength words at their thresholds.
import fc from 'fast-check';
import {
  decayed,
  interestOf,
  INTEREST_HALF_LIFE_DAYS,
  INTEREST_WEIGHTS,
  strengthLevel,
  strengthOf,
  STRENGTH_HALF_LIFE_DAYS,
  tierOf,
  TOUCH_WEIGHTS,
  withInterest,
  withReply,
  withTouch,
  type InterestKind,
  type RelationshipState,
  type TouchWeight,
} from './relationship';

const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
/** Close enough for sums of a few dozen weights decayed over a few years. */
const TOLERANCE = 1e-9;

/** An instant within about three years of START, to the millisecond. */
const instant = fc.integer({ min: 0, max: 3 * 365 * DAY_MS }).map((offset) => START + offset);
const touchWeight = fc.constantFrom(...(Object.keys(TOUCH_WEIGHTS) as TouchWeight[]));
const interestKind = fc.constantFrom(...(Object.keys(INTEREST_WEIGHTS) as InterestKind[]));
const touches = fc.array(fc.tuple(touchWeight, instant), { minLength: 1, maxLength: 30 });

/** The state after `events` in the order given, each applied as the client record applies a change. */
const touched = (events: ReadonlyArray<readonly [TouchWeight, number]>): RelationshipState =>
  events.reduce<RelationshipState>((state, [weight, at]) => ({ ...state, ...withTouch(state, weight, iso(at)) }), {});

/** The sum by definition: each weight decayed from its own instant to `now`. */
const sumAt = (events: ReadonlyArray<readonly [TouchWeight, number]>, now: number) =>
  events.reduce((sum, [weight, at]) => sum + TOUCH_WEIGHTS[weight] * 2 ** (-(now - at) / DAY_MS / 90), 0);

const latest = (events: ReadonlyArray<readonly [unknown, number]>) => Math.max(...events.map(([, at]) => at));

describe('the strength (a decayed sum of touches)', () => {
  it('has a half-life of 90 days', () => {
    expect(STRENGTH_HALF_LIFE_DAYS).toBe(90);
  });

  it('never grows without an event: at any later instant it is at most what it is now', () => {
    fc.assert(
      fc.property(touches, fc.nat(2000 * DAY_MS), fc.nat(2000 * DAY_MS), (events, wait, more) => {
        const state = touched(events);
        const now = latest(events) + wait;
        const then = strengthOf(state, new Date(now));
        const later = strengthOf(state, new Date(now + more));
        expect(later).toBeLessThanOrEqual(then);
        expect(later).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('is exactly half after 90 days without an event', () => {
    fc.assert(
      fc.property(touches, fc.nat(400 * DAY_MS), (events, wait) => {
        const state = touched(events);
        const now = latest(events) + wait;
        const today = strengthOf(state, new Date(now));
        const later = strengthOf(state, new Date(now + 90 * DAY_MS));
        expect(Math.abs(later - today / 2)).toBeLessThanOrEqual(TOLERANCE * today);
      }),
    );
  });

  it('gives the same sum whatever order the events come in (a late event counts for what it weighs then)', () => {
    fc.assert(
      fc.property(
        touches.chain((events) =>
          fc.tuple(fc.constant(events), fc.shuffledSubarray(events, { minLength: events.length })),
        ),
        fc.nat(400 * DAY_MS),
        ([events, shuffled], wait) => {
          const now = new Date(latest(events) + wait);
          const inOrder = strengthOf(touched(events), now);
          const expected = sumAt(events, now.getTime());
          expect(Math.abs(strengthOf(touched(shuffled), now) - inOrder)).toBeLessThanOrEqual(TOLERANCE * expected);
          expect(Math.abs(inOrder - expected)).toBeLessThanOrEqual(TOLERANCE * expected);
        },
      ),
    );
  });

  it('keeps the latest touch as the last touch, whatever the order', () => {
    fc.assert(
      fc.property(touches, (events) => {
        expect(touched(events).lastTouchAt).toBe(iso(latest(events)));
      }),
    );
  });

  it('weighs a reply most, then a meeting or a call, a personal message, an automatic one', () => {
    const at = iso(START);
    const weightOf = (weight: TouchWeight) => strengthOf(withTouch({}, weight, at), new Date(START));
    expect(['reply', 'meeting', 'call', 'personal', 'automatic'].map((w) => weightOf(w as TouchWeight))).toEqual([
      4, 3, 3, 2, 1,
    ]);
  });

  it('decays nothing before the instant it was brought to, and is none without a value or an instant', () => {
    expect(decayed(5, iso(START), new Date(START - 10 * DAY_MS), 90)).toBe(5);
    expect(decayed(5, undefined, new Date(START), 90)).toBe(0);
    expect(decayed(0, iso(START), new Date(START), 90)).toBe(0);
    expect(decayed(5, 'not a date', new Date(START), 90)).toBe(0);
  });
});

describe('the interest (the client’s own moves)', () => {
  it('has a half-life of 14 days', () => {
    expect(INTEREST_HALF_LIFE_DAYS).toBe(14);
    fc.assert(
      fc.property(fc.array(fc.tuple(interestKind, instant), { minLength: 1, maxLength: 20 }), (events) => {
        const state = events.reduce<RelationshipState>(
          (before, [kind, at]) => ({ ...before, ...withInterest(before, kind, iso(at)) }),
          {},
        );
        const now = latest(events);
        const today = interestOf(state, new Date(now));
        expect(Math.abs(interestOf(state, new Date(now + 14 * DAY_MS)) - today / 2)).toBeLessThanOrEqual(
          TOLERANCE * today,
        );
      }),
    );
  });

  it('counts the same kind within a week, and starts again after it or for another kind', () => {
    const day = (n: number) => iso(START + n * DAY_MS);
    const twice = withInterest(withInterest({}, 'link-click', day(0)), 'link-click', day(6));
    expect(twice.recentInterest).toEqual({ kind: 'link-click', count: 2, since: day(0) });
    expect(withInterest(twice, 'link-click', day(7)).recentInterest).toEqual({
      kind: 'link-click',
      count: 1,
      since: day(7),
    });
    expect(withInterest(twice, 'profile-visit', day(6)).recentInterest).toEqual({
      kind: 'profile-visit',
      count: 1,
      since: day(6),
    });
  });

  it('takes a reply as the heaviest touch and a sign of interest, on the channel of the latest reply', () => {
    const first = withReply({}, 'sms', iso(START));
    expect(first).toMatchObject({ strength: 4, interest: 2, lastInboundAt: iso(START), lastInboundChannel: 'sms' });
    // An older e-mail delivered late adds to the sums but does not change the channel the client answers on.
    const late = { ...first, ...withReply(first, 'email', iso(START - DAY_MS)) };
    expect(late).toMatchObject({ lastInboundAt: iso(START), lastInboundChannel: 'sms', strengthAt: iso(START) });
    expect(strengthOf(late, new Date(START))).toBeCloseTo(4 + 4 * 2 ** (-1 / 90), 12);
  });
});

describe('tierOf', () => {
  it.each([
    ['an Advocate', { referrals: 2 }, 'advocate'],
    ['an Advocate, with more', { referrals: 7, reviewStatus: 'pending' }, 'advocate'],
    ['a Fan, with one referral', { referrals: 1 }, 'fan'],
    ['a Fan, with a review submitted', { referrals: 0, reviewStatus: 'submitted' }, 'fan'],
    ['no Fan, with a review only requested', { reviewStatus: 'requested' }, 'other'],
    ['no one in particular, with nothing', {}, 'other'],
  ])('makes %s', (_, client, tier) => {
    expect(tierOf(client)).toBe(tier);
  });
});

describe('strengthLevel', () => {
  it.each([
    [Number.POSITIVE_INFINITY, 'strong'],
    [8, 'strong'],
    [7.99, 'warm'],
    [3, 'warm'],
    [2.99, 'cooling'],
    [1, 'cooling'],
    [0.99, 'cold'],
    [0, 'cold'],
  ])('calls %p %p', (strength, level) => {
    expect(strengthLevel(strength)).toBe(level);
  });
});
