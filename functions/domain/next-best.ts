// The next best touch: which clients the agent should contact today, why (in words) and how, from each client's
// relationship state alone (functions/domain/relationship.ts) and the agent's date. Pure and deterministic: the same
// clients and date give the same list, ties broken by client id.
//
// The score (0–100) adds what makes a touch matter today:
//  - a referral not thanked yet (45);
//  - a key date in the next 7 days (40 today, 3 less each day further);
//  - the first home anniversary's window (350–380 days after the purchase: 25), and each anniversary from the 5th
//    (within 15 days either side: 20);
//  - how overdue the client is against their rhythm (their own `cadenceDays`, else their tier's: Advocate 30, Fan 45,
//    others 60): 30 at the rhythm, up to 50 at twice it; 10 in the last fifth before it for a client touched before
//    (one never contacted counts from the day they were added, and only once the rhythm has passed);
//  - recent interest (the decayed signal, up to 20);
//  - the tier (Advocate 10, Fan 5), which never puts a client on the list alone.
// Left out: clients touched in the last 3 days, hidden (snoozed or dismissed) until after today, pending directory
// registrations, those no channel reaches (opted out of all they have), and those with an automatic message already
// waiting today.
import { addDays, daysBetween, isCalendarDate } from '@shared/dates';
import type { NextBestChannel, NextBestItem, NextBestReasonCode, RelationshipTier } from '@shared/next-best';
import {
  compareEvents,
  eventOn,
  nextOccurrence,
  occurrenceIn,
  reminderKeyDates,
  type ReminderClient,
  type ReminderEvent,
} from '@shared/reminders';
import { interestOf, tierOf, TIER_RHYTHM_DAYS, type InterestKind, type RelationshipState } from './relationship';
import { currentSmsConsent, type ConsentFields } from './sms-consent';

/** What the ranking reads of a client: its relationship state and the fields the reasons name. */
export type RankedClient = ReminderClient &
  RelationshipState &
  ConsentFields & {
    email: string;
    phone: string;
    createdAt: string;
    cadenceDays?: number | null;
    lastContactDate?: string | null;
    registrationPendingAt?: string | null;
    emailOptedOut?: boolean;
    reviewStatus?: string | null;
    nextBestHiddenUntil?: string | null;
    referralThanks?: { clientId: string; name: string; at: string } | null;
  };

/** A ranked client, as the day's list stores it (the plan decides `draftable` when it is read). */
export type RankedEntry = Omit<NextBestItem, 'draftable'>;

export type RankContext = {
  /** The agent's date (YYYY-MM-DD, their time zone) and the instant the list is computed at. */
  today: string;
  now: Date;
  /** Clients with an automatic message already waiting to go today. */
  waitingToday?: ReadonlySet<string>;
};

/** Clients touched fewer than this many days ago (today, yesterday, the day before) are left out. */
export const RECENT_TOUCH_DAYS = 3;
/** A key date this many days ahead or less is a reason. */
export const KEY_DATE_AHEAD_DAYS = 7;
/** At most this many clients a day: the longest list the route serves. */
export const DAY_LIST_MAX = 60;

/** A reason to get in touch: its words are written only for the clients that make the list. */
type Reason = { code: NextBestReasonCode; points: number; text: () => string };
/** A reason (its words as an argument, so no name is given to each one: see scripts/bench-next-best.ts). */
const reason = (code: NextBestReasonCode, points: number, text: () => string): Reason => ({ code, points, text });

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });
const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "today", "tomorrow", "on Friday" (within the week), "on Dec 9". */
export function whenText(date: string, today: string): string {
  const days = daysBetween(today, date);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return days > 1 && days < 7 ? `on ${WEEKDAY.format(atNoon(date))}` : `on ${MONTH_DAY.format(atNoon(date))}`;
}

const TIMES = ['', 'once', 'twice'];
const INTEREST_TEXT: Record<InterestKind, string> = {
  reply: 'Wrote to you',
  'review-link': 'Opened your review link',
  'profile-visit': 'Visited their profile page',
  'link-click': 'Clicked a link in your message',
  'home-value': 'Looked at their home value',
};

/** The day a client was last in touch (a touch either way, or Last Contact), or null. */
function lastTouchDay(client: RankedClient): string | null {
  const touch = client.lastTouchAt?.slice(0, 10);
  const contact = client.lastContactDate?.slice(0, 10);
  const a = touch && isCalendarDate(touch) ? touch : null;
  const b = contact && isCalendarDate(contact) ? contact : null;
  return a && b ? (a > b ? a : b) : (a ?? b);
}

/** The channel the client answers on, or null when no channel reaches them. */
export function channelOf(client: RankedClient): NextBestChannel | null {
  const email = Boolean(client.email) && client.emailOptedOut !== true;
  // Only a consent to texts that counts (`granted`, never revoked by a STOP) lets a text go from the product.
  const text = Boolean(client.phone) && client.smsOptedOut !== true && currentSmsConsent(client).status === 'granted';
  const call = Boolean(client.phone) && client.smsOptedOut !== true;
  if (client.lastInboundChannel === 'sms' && text) return 'sms';
  if (client.lastInboundChannel === 'email' && email) return 'email';
  if (email) return 'email';
  if (text) return 'sms';
  return call ? 'call' : null;
}

/** Why the client is left out today, or null when they may be on the list. */
export function leftOutBecause(client: RankedClient, context: RankContext): LeftOut | null {
  return leftOutOn(client, context, lastTouchDay(client));
}

type LeftOut = 'recent-touch' | 'hidden' | 'pending' | 'unreachable' | 'automatic-waiting';

/** leftOutBecause, with the client's last day in touch (lastTouchDay) already known. */
function leftOutOn(client: RankedClient, { today, waitingToday }: RankContext, touched: string | null): LeftOut | null {
  if (client.registrationPendingAt) return 'pending';
  if (client.nextBestHiddenUntil && client.nextBestHiddenUntil > today) return 'hidden';
  if (touched && daysBetween(touched, today) < RECENT_TOUCH_DAYS) return 'recent-touch';
  if (channelOf(client) === null) return 'unreachable';
  if (waitingToday?.has(client.id)) return 'automatic-waiting';
  return null;
}

function keyDateReason(client: RankedClient, today: string): Reason | null {
  const last = addDays(today, KEY_DATE_AHEAD_DAYS);
  // The soonest key date in the window, as the reminders order them (by date, then kind, then a custom date's label).
  // Home anniversaries have their own windows below (the first, and each from the 5th); the 2nd to 4th count here.
  let soonest: ReminderEvent | null = null;
  for (const [kind, keyDate, label] of reminderKeyDates(client)) {
    const date = nextOccurrence(keyDate, today);
    if (date > last || (soonest && date > soonest.date)) continue;
    const event = eventOn(client, kind, keyDate, date, label);
    if (!event || (event.kind === 'home' && !/^[234] Year/.test(event.type))) continue;
    if (!soonest || compareEvents(event, soonest) < 0) soonest = event;
  }
  if (!soonest) return null;
  const days = daysBetween(today, soonest.date);
  const what = soonest.kind === 'custom' ? (soonest.label ?? 'Key date') : soonest.type;
  const date = soonest.date;
  return reason('key-date', 40 - 3 * days, () => `${what} ${whenText(date, today)}`);
}

function purchaseReason(client: RankedClient, today: string): Reason | null {
  const purchase = client.purchaseDate;
  if (!purchase || !isCalendarDate(purchase) || purchase > today) return null;
  const since = daysBetween(purchase, today);
  if (since >= 350 && since <= 380) {
    const first = occurrenceIn(purchase, Number(purchase.slice(0, 4)) + 1);
    return reason('purchase-window', 25, () =>
      first >= today ? `First home anniversary ${whenText(first, today)}` : 'Just passed a year in their home',
    );
  }
  const next = nextOccurrence(purchase, addDays(today, -15));
  const years = Number(next.slice(0, 4)) - Number(purchase.slice(0, 4));
  if (years >= 5 && Math.abs(daysBetween(today, next)) <= 15) {
    return reason('home-anniversary', 20, () => `${years}-year home anniversary ${whenText(next, today)}`);
  }
  return null;
}

function overdueReason(
  client: RankedClient,
  today: string,
  tier: RelationshipTier,
  touched: string | null,
): Reason | null {
  const rhythm = client.cadenceDays || TIER_RHYTHM_DAYS[tier];
  const since = daysBetween(touched ?? client.createdAt.slice(0, 10), today);
  if (!touched && since >= rhythm) {
    const points = 30 + Math.min(20, (20 * (since - rhythm)) / rhythm);
    return reason('never-contacted', points, () => `Not contacted since you added them ${since} days ago`);
  }
  if (since >= rhythm) {
    const points = 30 + Math.min(20, (20 * (since - rhythm)) / rhythm);
    return reason('overdue', points, () => `Not contacted in ${since} days (rhythm ${rhythm})`);
  }
  if (touched && since >= rhythm * 0.8) {
    return reason('overdue', 10, () => `Due for a touch in ${rhythm - since} days (rhythm ${rhythm})`);
  }
  return null;
}

function interestReason(client: RankedClient, now: Date): Reason | null {
  const interest = interestOf(client, now);
  if (interest < 0.5) return null;
  const points = Math.min(20, interest * 8);
  const recent = client.recentInterest;
  if (recent && now.getTime() - Date.parse(recent.since) < 7 * 86_400_000) {
    const { kind, count } = recent;
    return reason('interest', points, () => `${INTEREST_TEXT[kind]} ${TIMES[count] ?? `${count} times`} this week`);
  }
  return reason('interest', points, () => 'Showed interest in the last weeks');
}

function tierReason(client: RankedClient, tier: RelationshipTier): Reason | null {
  const referrals = client.referrals ?? 0;
  if (tier === 'advocate') return reason('tier', 10, () => `Advocate: ${referrals} referrals`);
  if (tier === 'fan') {
    return reason('tier', 5, () => (referrals === 1 ? 'Fan: sent you a referral' : 'Fan: left you a review'));
  }
  return null;
}

/** A client who may be on the list: their reasons (the tier's last), their score and tier. */
type Scored = { client: RankedClient; reasons: Reason[]; score: number; tier: RelationshipTier };

/** The client's reasons and score today, or null when they are left out or nothing calls for a touch. */
function scoreClient(client: RankedClient, context: RankContext): Scored | null {
  const touched = lastTouchDay(client);
  if (leftOutOn(client, context, touched) !== null) return null;
  const { today, now } = context;
  const tier = tierOf(client);
  const reasons: Reason[] = [];
  const thanks = client.referralThanks;
  if (thanks) reasons.push(reason('thank-referrer', 45, () => `Referred ${thanks.name} to you: thank them`));
  for (const reason of [
    keyDateReason(client, today),
    purchaseReason(client, today),
    overdueReason(client, today, tier, touched),
    interestReason(client, now),
  ]) {
    if (reason) reasons.push(reason);
  }
  if (reasons.length === 0) return null;
  const tierPoints = tierReason(client, tier);
  if (tierPoints) reasons.push(tierPoints);
  let points = 0;
  for (const reason of reasons) points += reason.points;
  return { client, reasons, score: Math.min(100, Math.round(points)), tier };
}

/** The entry of a scored client, its two strongest reasons in words. */
function entryOf({ client, reasons, score, tier }: Scored): RankedEntry {
  // The strongest reasons first; equal ones in the order of NEXT_BEST_REASONS (the order they were added).
  const top = reasons
    .map((reason, index) => ({ reason, index }))
    .sort((a, b) => b.reason.points - a.reason.points || a.index - b.index)
    .slice(0, 2)
    .map(({ reason }) => ({ code: reason.code, text: reason.text() }));
  const channel = channelOf(client)!;
  return {
    clientId: client.id,
    name: client.name,
    score,
    reasons: top,
    channel,
    tier,
    rhythmDays: client.cadenceDays || TIER_RHYTHM_DAYS[tier],
    email: client.email && client.emailOptedOut !== true ? client.email : null,
    phone: client.phone && client.smsOptedOut !== true ? client.phone : null,
    draft: {
      occasion: client.referralThanks ? 'thank-referrer' : 'check-in',
      instructions: `Why now: ${top.map((reason) => reason.text).join('; ')}.`,
    },
  };
}

/** The client's entry on today's list, or null when they are left out or nothing calls for a touch. */
export function rankClient(client: RankedClient, context: RankContext): RankedEntry | null {
  const scored = scoreClient(client, context);
  return scored && entryOf(scored);
}

/** Orders entries: highest score first, ties by client id. */
export const compareEntries = (a: RankedEntry, b: RankedEntry) =>
  b.score - a.score || (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0);

const compareScored = (a: Scored, b: Scored) =>
  b.score - a.score || (a.client.id < b.client.id ? -1 : a.client.id > b.client.id ? 1 : 0);

/**
 * The day's list: every client scored, the best DAY_LIST_MAX kept, in order. Only those are written out in words (a
 * book of 50,000 scores every client and writes 60 entries).
 */
export function rankClients(clients: Iterable<RankedClient>, context: RankContext): RankedEntry[] {
  let scored: Scored[] = [];
  for (const client of clients) {
    const one = scoreClient(client, context);
    if (!one) continue;
    scored.push(one);
    // Only the best DAY_LIST_MAX so far are kept: the others are garbage while still young.
    if (scored.length >= 10 * DAY_LIST_MAX) scored = scored.sort(compareScored).slice(0, DAY_LIST_MAX);
  }
  return scored.sort(compareScored).slice(0, DAY_LIST_MAX).map(entryOf);
}
