// What a message draft may say about a client: the facts the product knows, and nothing else.
// Every engine (the local composer and the models) writes from these, so none can invent an age,
// a year count or a link. Client fields may come from the client (self-registration, a CSV), so
// every value is plain text here: cut, one line, and defanged (message-text.ts).
import type { DraftChannel, DraftOccasion, DraftTone } from '@shared/drafts';
import { addDays, dateParts, isCalendarDate } from '@shared/dates';
import { nextOccurrence } from '@shared/reminders';
import { agentText, firstName } from './message-text';

/** A date this many days past still counts as this year's occasion (a belated note keeps its number). */
export const RECENT_OCCASION_DAYS = 14;

export type DraftFacts = {
  occasion: DraftOccasion;
  channel: DraftChannel;
  tone: DraftTone;
  clientFirstName: string;
  /**
   * The client's last message, when it is the latest of the conversation (they wrote, the agent has not answered):
   * untrusted text the client typed, cut and defanged, for a model's <client_reply> block only. The local composer
   * thanks the client for it and never quotes it.
   */
  lastReply: DraftReply | null;
  /** "birthday", "7th home anniversary", "10th wedding anniversary", "check-in"… */
  occasionLabel: string;
  /** The year count of the occasion (age, years married, years in the home), only when the dates give it. */
  years: number | null;
  /** The day of the occasion (YYYY-MM-DD), when the client has that date. */
  date: string | null;
  agentName: string;
  businessName: string | null;
  /** Google's write-a-review link, for review-request only. */
  reviewLink: string | null;
  /** The agent's own words for the writer; only a model follows them. */
  instructions: string | null;
  /** The only e-mail address and phone number a draft may hold: the agent's own (draft-output.ts). */
  agentContacts: { email: string | null; phone: string | null };
};

export type DraftReply = {
  channel: 'email' | 'sms';
  /** The day it arrived, in the agent's time zone (YYYY-MM-DD). */
  on: string;
  /** An excerpt of what the client wrote (an e-mail's subject first). */
  excerpt: string;
};

export type DraftFactsInput = {
  client: {
    name: string;
    birthday?: string | null;
    anniversary?: string | null;
    purchaseDate?: string | null;
    keyDates?: ReadonlyArray<{ label: string; date: string }>;
  };
  agent: { fullName: string; businessName?: string | null; username?: string | null; phone?: string | null };
  request: {
    occasion: DraftOccasion;
    channel: DraftChannel;
    tone: DraftTone;
    instructions?: string | null;
    /** With occasion 'custom': a custom date's label, the occasion the draft is for. */
    label?: string | null;
  };
  /** The agent's today (YYYY-MM-DD). */
  today: string;
  reviewLink: string | null;
  /** The client's last message, when nothing was sent to them since. */
  lastReply?: DraftReply | null;
};

const INSTRUCTIONS_MAX = 500;
/** How much of the client's reply a model reads. */
export const REPLY_EXCERPT_MAX = 300;

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 101st, 111th. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const KEY_DATE = { birthday: 'birthday', anniversary: 'anniversary', 'home-anniversary': 'purchaseDate' } as const;
const NOUN: Record<DraftOccasion, string> = {
  birthday: 'birthday',
  anniversary: 'wedding anniversary',
  'home-anniversary': 'home anniversary',
  'review-request': 'review request',
  'check-in': 'check-in',
  'thank-referrer': 'thank-you for a referral',
  custom: 'note',
};

/** This year's occasion of `keyDate` (or the next one), and how many years it marks when the key date has its year. */
function occurrence(keyDate: string, today: string): { date: string; years: number | null } {
  const date = nextOccurrence(keyDate, addDays(today, -RECENT_OCCASION_DAYS));
  // A birthday may have no year (--MM-DD): then there is no age to give.
  const years = isCalendarDate(keyDate) ? dateParts(date).year - dateParts(keyDate).year : null;
  return { date, years: years !== null && years >= 1 ? years : null };
}

export function draftFacts({ client, agent, request, today, reviewLink, lastReply }: DraftFactsInput): DraftFacts {
  const field = request.occasion in KEY_DATE ? KEY_DATE[request.occasion as keyof typeof KEY_DATE] : undefined;
  // A custom date is named by its label, and counted from its day when the client has a date of that label.
  const label = request.occasion === 'custom' ? request.label?.trim() || null : null;
  const custom = label ? client.keyDates?.find((d) => d.label.toLowerCase() === label.toLowerCase()) : undefined;
  const keyDate = field ? client[field] : (custom?.date ?? null);
  const found = keyDate ? occurrence(keyDate, today) : { date: null, years: null };
  // The label says what the day is ("Son turns 16"): no count of years goes before it.
  const when = custom ? { ...found, years: null } : found;
  const noun = label ? agentText(label) : NOUN[request.occasion];
  const instructions = (request.instructions ?? '').trim();
  return {
    occasion: request.occasion,
    channel: request.channel,
    tone: request.tone,
    clientFirstName: firstName(client.name) || 'there',
    lastReply: lastReply
      ? { channel: lastReply.channel, on: lastReply.on, excerpt: agentText(lastReply.excerpt, REPLY_EXCERPT_MAX) }
      : null,
    occasionLabel: when.years !== null ? `${ordinal(when.years)} ${noun}` : noun,
    years: when.years,
    date: when.date,
    agentName: agentText(agent.fullName),
    businessName: agent.businessName ? agentText(agent.businessName) : null,
    agentContacts: { email: agent.username ?? null, phone: agent.phone ?? null },
    reviewLink: request.occasion === 'review-request' ? reviewLink : null,
    instructions: instructions ? instructions.slice(0, INSTRUCTIONS_MAX) : null,
  };
}
