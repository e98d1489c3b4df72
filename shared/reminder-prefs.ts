// An agent's reminder preferences (the daily digest by e-mail and SMS, how far ahead it looks, and
// the time zone its 8 am is in): the defaults, and the schema PATCH /api/user/preferences and the
// Settings form share.
import * as yup from 'yup';
import { pushPrefsSchema } from './push';

export const LEAD_DAY_OPTIONS = [1, 3, 7, 14] as const;
export type LeadDays = (typeof LEAD_DAY_OPTIONS)[number];

export type ReminderPrefs = {
  /** The daily digest e-mail at 8 am. */
  emailDigest: boolean;
  /** A one-line text message with the digest, to the agent's phone. */
  sms: boolean;
  /** How many days after today the digest looks ahead. */
  leadDays: LeadDays;
  /** Pro: the monthly summary e-mail of the agent's insights, on the 1st (opt-out). */
  monthlySummary: boolean;
};

export const DEFAULT_REMINDER_PREFS: ReminderPrefs = {
  emailDigest: true,
  sms: false,
  leadDays: 7,
  monthlySummary: true,
};
/** The local hour the digest goes out at. */
export const DIGEST_HOUR = 8;

export const PREFERENCE_MESSAGES = {
  leadDays: `Choose ${LEAD_DAY_OPTIONS.slice(0, -1).join(', ')} or ${LEAD_DAY_OPTIONS.at(-1)} days`,
  timeZone: 'Choose a time zone from the list (like America/New_York)',
  nothingToChange: 'Send at least one preference to change',
} as const;

/** Stored preferences with the defaults filled in; anything unreadable falls back to the default. */
export function withDefaultPrefs(
  stored: Partial<Record<keyof ReminderPrefs, unknown>> | null | undefined,
): ReminderPrefs {
  const leadDays = Number(stored?.leadDays);
  return {
    emailDigest: typeof stored?.emailDigest === 'boolean' ? stored.emailDigest : DEFAULT_REMINDER_PREFS.emailDigest,
    sms: typeof stored?.sms === 'boolean' ? stored.sms : DEFAULT_REMINDER_PREFS.sms,
    leadDays: (LEAD_DAY_OPTIONS as readonly number[]).includes(leadDays)
      ? (leadDays as LeadDays)
      : DEFAULT_REMINDER_PREFS.leadDays,
    monthlySummary:
      typeof stored?.monthlySummary === 'boolean' ? stored.monthlySummary : DEFAULT_REMINDER_PREFS.monthlySummary,
  };
}

/** The canonical spelling of an IANA time zone Intl knows (`america/new_york` → `America/New_York`), or null. */
export function canonicalTimeZone(value: string): string | null {
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** PATCH /api/user/preferences: any of the five settings and the push switches; the ones left out stay as they are. */
export const reminderPreferencesSchema = yup
  .object({
    emailDigest: yup.boolean().strict(),
    sms: yup.boolean().strict(),
    monthlySummary: yup.boolean().strict(),
    leadDays: yup.number<LeadDays>().strict().oneOf(LEAD_DAY_OPTIONS, PREFERENCE_MESSAGES.leadDays),
    timeZone: yup
      .string()
      .strict(false)
      .trim()
      .test(
        'time-zone',
        PREFERENCE_MESSAGES.timeZone,
        (value) => value === undefined || canonicalTimeZone(value) !== null,
      )
      .transform((value: unknown) => (typeof value === 'string' ? (canonicalTimeZone(value.trim()) ?? value) : value)),
    /** The web push switches (shared/push.ts). */
    push: pushPrefsSchema.optional(),
  })
  .test('something', PREFERENCE_MESSAGES.nothingToChange, (value) =>
    Object.values(value ?? {}).some((v) =>
      v !== null && typeof v === 'object' ? Object.values(v).some((w) => w !== undefined) : v !== undefined,
    ),
  );

export type ReminderPreferencesInput = yup.InferType<typeof reminderPreferencesSchema>;
