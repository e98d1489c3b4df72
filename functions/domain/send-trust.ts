// How much an agent may send to clients, by how far we trust the account: a free account in its first
// days (NEW_ACCOUNT_DAYS from its creation) least, an older free account more, Pro most (today's caps). And when an
// agent's e-mails bounce or draw complaints past the levels at which SES reviews the whole account (5 % and 0.1 %),
// their client sends pause until an administrator lifts it. Rules only: the counting is data/outbound-caps.ts.
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

/** The agent's cap on the channel for the UTC day of `now`. */
export function dailySendCap(agent: TrustFacts, channel: MessageChannel, settings: SendCapSettings, now: Date): number {
  return settings.dailySendLimits[sendTier(agent, settings, now)][channel];
}

/** SES reviews an account whose bounce rate passes 5 % or whose complaint rate passes 0.1 %. */
export const SES_REVIEW_RATES = { bounces: 0.05, complaints: 0.001 } as const;

export type SendingRecord = { emails: number; bounces: number; complaints: number };
export type PauseReason = keyof typeof SES_REVIEW_RATES;

/**
 * Why an agent's sending pauses, or null: with at least `minEmails` e-mails in the window, a bounce rate above 5 % or a
 * complaint rate above 0.1 % (complaints first: they weigh more with mailbox providers).
 */
export function pauseReason(record: SendingRecord, minEmails: number): PauseReason | null {
  if (record.emails < Math.max(1, minEmails)) return null;
  if (record.complaints / record.emails > SES_REVIEW_RATES.complaints) return 'complaints';
  if (record.bounces / record.emails > SES_REVIEW_RATES.bounces) return 'bounces';
  return null;
}
