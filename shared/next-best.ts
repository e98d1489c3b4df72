// The next best touch (Today's list of whom to contact, why and how): the API's shapes and limits, shared by the
// routes' validation (shared/next-best-requests.ts, with yup) and the web app, whose Today reads this file without
// yup. The scoring itself is the server's (functions/domain/next-best.ts).

/** GET /api/today/next-best?limit=: how many clients the list gives (default 10). */
export const NEXT_BEST_LIMIT = { min: 1, max: 60, default: 10 } as const;
/** A free account sees this many of the day's list; Pro the whole list and the drafts. */
export const FREE_NEXT_BEST = 3;
/** POST /api/today/next-best/{clientId}/snooze { days }. */
export const NEXT_BEST_SNOOZE_DAYS = { min: 1, max: 30 } as const;
/** POST /api/today/next-best/{clientId}/dismiss { reason }. */
export const DISMISS_REASONS = ['not-relevant', 'contacted-elsewhere', 'wrong-cadence'] as const;
export type DismissReason = (typeof DISMISS_REASONS)[number];

/** Why a client is on the list (each item carries its top two, in words). */
export const NEXT_BEST_REASONS = [
  'thank-referrer',
  'key-date',
  'purchase-window',
  'home-anniversary',
  'overdue',
  'never-contacted',
  'interest',
  'tier',
] as const;
export type NextBestReasonCode = (typeof NEXT_BEST_REASONS)[number];

/** Referral tiers: Advocate (2+ referrals), Fan (1 referral, or a review given), everyone else. */
export type RelationshipTier = 'advocate' | 'fan' | 'other';
/** The channel the client answers on: the one they last wrote back on, else e-mail, text, then a call. */
export type NextBestChannel = 'email' | 'sms' | 'call';

export type NextBestItem = {
  clientId: string;
  name: string;
  /** 0–100: the higher, the more the touch matters today. */
  score: number;
  /** The top two reasons, most important first. */
  reasons: Array<{ code: NextBestReasonCode; text: string }>;
  channel: NextBestChannel;
  /** "Write it for me" is offered: a Pro account, and the client can be e-mailed or texted. */
  draftable: boolean;
  tier: RelationshipTier;
  /** The keep-in-touch rhythm the ranking used, in days: the client's own, else their tier's (30, 45 or 60). */
  rhythmDays: number;
  /** For one-tap Call, Text and E-mail: null when the client has none, or stopped that channel. */
  email: string | null;
  phone: string | null;
  /** What "Write it for me" asks the draft engine for (POST /api/clients/{id}/drafts). */
  draft: { occasion: 'check-in' | 'thank-referrer'; instructions: string };
};

/** GET /api/today/next-best: the agent's list for their own date (`YYYY-MM-DD`, their time zone). */
export type NextBestList = {
  date: string;
  items: NextBestItem[];
  /** How many clients the day's list holds (a free account sees FREE_NEXT_BEST of them). */
  total: number;
  /** True when the plan cut the list (a free account with more than FREE_NEXT_BEST). */
  limited: boolean;
};

/** POST /api/today/next-best/{clientId}/done | snooze | dismiss. */
export type NextBestFeedback = {
  clientId: string;
  action: 'done' | 'snooze' | 'dismiss';
  /** Back on the list from this date (snooze, dismiss); absent for done. */
  until?: string;
  /** done and dismiss 'contacted-elsewhere': the touch logged now. */
  touchLogged: boolean;
};

/** How strong the relationship is, from the decayed sum of touches (functions/domain/relationship.ts). */
export type StrengthLevel = 'strong' | 'warm' | 'cooling' | 'cold';

/** GET /api/clients/{id}/relationship: the client page's strength, tier and referral line. */
export type ClientRelationship = {
  /** The decayed sum of touches today (half-life 90 days), one decimal. */
  strength: number;
  level: StrengthLevel;
  tier: RelationshipTier;
  /** How many clients this client referred. */
  referrals: number;
  /** The client who referred this one (still a client of the agent), or null. */
  referredBy: { id: string; name: string } | null;
  lastTouchAt: string | null;
  /** The client's personal referral link: a person who registers through it is credited to them. */
  referralLink: string;
};

/** GET /api/insights/referrals: top referrers and referred clients by month (the agent's time zone). */
export type ReferralInsights = {
  topReferrers: Array<{ clientId: string; name: string; referrals: number; tier: RelationshipTier }>;
  /**
   * The last 12 months, oldest first (`YYYY-MM`), with the clients added with a referrer in each (a client counts in
   * the UTC month it was added).
   */
  byMonth: Array<{ month: string; referred: number }>;
  /** The suggested touches of the last 8 weeks, oldest first (weeks start on Monday), and how many were acted on. */
  weeks: Array<{ week: string; suggested: number; acted: number }>;
};
