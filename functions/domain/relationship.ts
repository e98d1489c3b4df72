// The relationship state of a client, kept as the timeline is written (functions/client-record/changes.ts applies it in
// the same write as the event): a strength (a decayed sum of touches, half-life 90 days), an interest signal (the
// client's own moves: opened links, visits, replies; half-life 14 days), the last touch and the last message in, and
// the referrals made. A decayed sum is incremental, S(t2) = S(t1)·2^(−(t2−t1)/H) + w, so a read is O(1) and no
// history is ever scanned. Pure.
import type { RelationshipTier, StrengthLevel } from '@shared/next-best';

const DAY_MS = 86_400_000;
export const STRENGTH_HALF_LIFE_DAYS = 90;
export const INTEREST_HALF_LIFE_DAYS = 14;

/** What a touch weighs: a reply from the client most, then a meeting or call, a personal message, an automatic one. */
export const TOUCH_WEIGHTS = { reply: 4, meeting: 3, call: 3, personal: 2, automatic: 1 } as const;
export type TouchWeight = keyof typeof TOUCH_WEIGHTS;

/** The client's own moves, each a sign of interest. */
export const INTEREST_WEIGHTS = {
  reply: 2,
  'review-link': 1,
  'profile-visit': 1,
  'link-click': 1,
  'home-value': 1,
} as const;
export type InterestKind = keyof typeof INTEREST_WEIGHTS;

/** A decayed sum and the instant it was last brought to (ISO). */
export type Decayed = { value: number; at: string };

export type RelationshipState = {
  strength?: number;
  strengthAt?: string;
  interest?: number;
  interestAt?: string;
  /** The latest touch of any kind, either way (ISO). */
  lastTouchAt?: string;
  /** The latest message from the client (ISO), and its channel: the one the client answers on. */
  lastInboundAt?: string;
  lastInboundChannel?: 'email' | 'sms';
  /** The kind of the client's latest interest, and how many of that kind since `since` (within a week). */
  recentInterest?: { kind: InterestKind; count: number; since: string };
  /** Clients this client referred. */
  referrals?: number;
};

/** `value` decayed from `at` to `now`, half-life `halfLifeDays` (never grows; an `at` after `now` decays nothing). */
export function decayed(value: number, at: string | undefined, now: Date, halfLifeDays: number): number {
  if (!value || !at) return 0;
  const days = Math.max(0, (now.getTime() - Date.parse(at)) / DAY_MS);
  return Number.isFinite(days) ? value * 2 ** (-days / halfLifeDays) : 0;
}

/**
 * The sum after an event of weight `weight` at `at`: the sum as it was, decayed to the later of the two instants, plus
 * the weight decayed to it too (an event reported late counts for what it weighs at the sum's instant).
 */
function addEvent(value: number | undefined, since: string | undefined, weight: number, at: string, halfLife: number) {
  const sinceMs = since ? Date.parse(since) : NaN;
  const atMs = Date.parse(at);
  if (!Number.isFinite(sinceMs) || atMs >= sinceMs) {
    return { value: decayed(value ?? 0, since, new Date(atMs), halfLife) + weight, at };
  }
  return { value: (value ?? 0) + weight * 2 ** (-(sinceMs - atMs) / DAY_MS / halfLife), at: since as string };
}

const laterOf = (a: string | undefined, b: string) => (a && a > b ? a : b);

/** The state after a touch of this weight at `at` (ISO). */
export function withTouch(state: RelationshipState, weight: TouchWeight, at: string): RelationshipState {
  const strength = addEvent(state.strength, state.strengthAt, TOUCH_WEIGHTS[weight], at, STRENGTH_HALF_LIFE_DAYS);
  return { strength: strength.value, strengthAt: strength.at, lastTouchAt: laterOf(state.lastTouchAt, at) };
}

/** The state after a sign of interest of this kind at `at` (ISO). */
export function withInterest(state: RelationshipState, kind: InterestKind, at: string): RelationshipState {
  const interest = addEvent(state.interest, state.interestAt, INTEREST_WEIGHTS[kind], at, INTEREST_HALF_LIFE_DAYS);
  const recent = state.recentInterest;
  const sameWeek = recent && recent.kind === kind && Date.parse(at) - Date.parse(recent.since) < 7 * DAY_MS;
  return {
    interest: interest.value,
    interestAt: interest.at,
    recentInterest: sameWeek ? { ...recent, count: recent.count + 1 } : { kind, count: 1, since: at },
  };
}

/** The state after a message from the client at `at` on `channel`: the heaviest touch, and a sign of interest. */
export function withReply(state: RelationshipState, channel: 'email' | 'sms', at: string): RelationshipState {
  const inbound =
    state.lastInboundAt && state.lastInboundAt > at ? {} : { lastInboundAt: at, lastInboundChannel: channel };
  return { ...withTouch(state, 'reply', at), ...withInterest(state, 'reply', at), ...inbound };
}

/** The strength today. */
export const strengthOf = (state: RelationshipState, now: Date) =>
  decayed(state.strength ?? 0, state.strengthAt, now, STRENGTH_HALF_LIFE_DAYS);

/** The interest today. */
export const interestOf = (state: RelationshipState, now: Date) =>
  decayed(state.interest ?? 0, state.interestAt, now, INTEREST_HALF_LIFE_DAYS);

/**
 * The strength in words. A personal message a month holds a strength near 10, one a quarter near 4, a yearly
 * automatic birthday message near 1.
 */
export function strengthLevel(strength: number): StrengthLevel {
  if (strength >= 8) return 'strong';
  if (strength >= 3) return 'warm';
  if (strength >= 1) return 'cooling';
  return 'cold';
}

/** Advocate: 2 referrals or more; Fan: 1, or a review given; everyone else. */
export function tierOf(client: { referrals?: number; reviewStatus?: string | null }): RelationshipTier {
  const referrals = client.referrals ?? 0;
  if (referrals >= 2) return 'advocate';
  return referrals === 1 || client.reviewStatus === 'submitted' ? 'fan' : 'other';
}

/** The rhythm of a tier, in days, for a client without their own: Advocate monthly, Fan 45 days, others 60. */
export const TIER_RHYTHM_DAYS: Readonly<Record<RelationshipTier, number>> = { advocate: 30, fan: 45, other: 60 };
