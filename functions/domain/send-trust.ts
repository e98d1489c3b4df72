// How much an agent may send to clients, by how far we trust the account: a free account in its first
// days (NEW_ACCOUNT_DAYS from its creation) least, an older free account more, Pro most (today's caps). And when an
// agent's e-mails bounce or draw complaints past the levels at which SES reviews the whole account (5 % and 0.1 %),
// their client sends pause until an administrator lifts it. Free accounts and new senders (any account in its first
// NEW_SENDER_DAYS) share a bounded part of the platform's daily limit, and a new sender is also paused on absolute
// counts. Rules only: the counting is data/outbound-caps.ts.
import type { MessageChannel } from '@shared/messages';

export type SendTier = 'new' | 'free' | 'pro';
export type ChannelCaps = Readonly<Record<MessageChannel, number>>;
export type SendCapSettings = {
  /** Per UTC day, by tier. */
  dailySendLimits: Readonly<Record<SendTier, ChannelCaps>>;
  /** How long a free account counts as new, from its creation. */
  newAccountDays: number;
};
type TrustFacts = { isPro: boolean; signupDate: string };

const DAY_MS = 86_400_000;

/** Pro, else new for `newAccountDays` from the account's creation, else free. */
export function sendTier(agent: TrustFacts, settings: Pick<SendCapSettings, 'newAccountDays'>, now: Date): SendTier {
  if (agent.isPro) return 'pro';
  const created = Date.parse(agent.signupDate);
  // An account without a readable creation time is treated as new: the lower cap.
  if (!Number.isFinite(created)) return 'new';
  return now.getTime() - created < settings.newAccountDays * DAY_MS ? 'new' : 'free';
}

/**
 * An account this young (from its creation, Pro included) is a new sender: it draws on the free share of the
 * platform's limit (a stolen card buys a first month of Pro), and the sending review judges it on absolute counts too.
 * The sending review's default window: a new sender's record in it is its whole history.
 */
export const NEW_SENDER_DAYS = 14;

/** Within NEW_SENDER_DAYS of the account's creation (an unreadable creation time counts as new). */
export function isNewSender(agent: Pick<TrustFacts, 'signupDate'>, now: Date): boolean {
  const created = Date.parse(agent.signupDate);
  return !Number.isFinite(created) || now.getTime() - created < NEW_SENDER_DAYS * DAY_MS;
}

/** Free accounts and new senders share a part of the platform's daily limit; a Pro account past its start does not. */
export function drawsOnFreeShare(agent: TrustFacts, now: Date): boolean {
  return !agent.isPro || isNewSender(agent, now);
}

/** The free share of a platform limit: `percent` of it, rounded down. */
export function freeShareOf(platformLimit: number, percent: number): number {
  return Math.floor((platformLimit * percent) / 100);
}

/** Only Pro books slots of later days (a broadcast, "Approve all"); others send within today's caps. */
export const booksLaterDays = (agent: Pick<TrustFacts, 'isPro'>): boolean => agent.isPro;

/** The agent's cap on the channel for the UTC day of `now`. */
export function dailySendCap(agent: TrustFacts, channel: MessageChannel, settings: SendCapSettings, now: Date): number {
  return settings.dailySendLimits[sendTier(agent, settings, now)][channel];
}

/** SES reviews an account whose bounce rate passes 5 % or whose complaint rate passes 0.1 %. */
export const SES_REVIEW_RATES = { bounces: 0.05, complaints: 0.001 } as const;

/**
 * Anyone who becomes an agent's client can press "Report spam": complaints pause the agent only when this many distinct
 * addresses made them in the window. Fewer are suppressed and an administrator is told.
 */
export const MIN_COMPLAINANTS = 3;
/** A new sender pauses at this many bounces while it has sent at most this many e-mails, whatever the minimum. */
export const NEW_SENDER_BOUNCES = { bounces: 10, withinEmails: 50 } as const;

/**
 * The window's client e-mails that left (`emails`), their permanent bounces and complaints, and how many distinct
 * addresses complained.
 */
export type SendingRecord = { emails: number; bounces: number; complaints: number; complainants: number };
export type PauseReason = keyof typeof SES_REVIEW_RATES;

/**
 * Why an agent's sending pauses, or null: with at least `minEmails` e-mails in the window, a complaint rate above 0.1 %
 * from at least MIN_COMPLAINANTS distinct addresses, or a bounce rate above 5 % (complaints first: they weigh more with
 * mailbox providers); and for a new sender, NEW_SENDER_BOUNCES within its first e-mails, whatever their number.
 */
export function pauseReason(record: SendingRecord, minEmails: number, newSender = false): PauseReason | null {
  if (record.emails >= Math.max(1, minEmails)) {
    if (record.complainants >= MIN_COMPLAINANTS && record.complaints / record.emails > SES_REVIEW_RATES.complaints)
      return 'complaints';
    if (record.bounces / record.emails > SES_REVIEW_RATES.bounces) return 'bounces';
  }
  if (newSender && record.emails <= NEW_SENDER_BOUNCES.withinEmails && record.bounces >= NEW_SENDER_BOUNCES.bounces)
    return 'bounces';
  return null;
}
