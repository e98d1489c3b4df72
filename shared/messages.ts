// Messages an agent sends a client (e-mail or text) and touches logged by hand: the request schemas
// POST /api/clients/{id}/messages and /touches validate with, shared with the composer's form.
import * as yup from 'yup';
import { isCalendarDate } from './dates';
import { DRAFT_OCCASIONS } from './draft-occasions';

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** A message is sent for the occasions its draft is written for, or as a monthly home update (written from the
 * estimate, not drafted: functions/services/home-updates.ts). */
export const MESSAGE_OCCASIONS = [...DRAFT_OCCASIONS, 'home-update'] as const;
export type MessageOccasion = (typeof MESSAGE_OCCASIONS)[number];

export const TOUCH_KINDS = ['call', 'meeting', 'note'] as const;
export type TouchKind = (typeof TOUCH_KINDS)[number];

export const MESSAGE_SUBJECT_MAX = 150;
export const EMAIL_BODY_MAX = 5000;
/** Ten SMS segments of GSM-7 text; the STOP notice is added after it. */
export const SMS_BODY_MAX = 1530;
export const TOUCH_NOTE_MAX = 1000;
export { QUIET_HOURS } from './quiet-hours';
/** What the first text to a client ends with. */
export const SMS_STOP_NOTICE = 'Reply STOP to opt out';

export const MESSAGE_MESSAGES = {
  channel: 'Choose email or sms',
  occasion: `Choose one of ${MESSAGE_OCCASIONS.join(', ')}`,
  subjectRequired: 'A subject is required for an e-mail',
  bodyRequired: 'Write the message first',
  emailBodyTooLong: `An e-mail is at most ${EMAIL_BODY_MAX} characters`,
  smsBodyTooLong: `A text is at most ${SMS_BODY_MAX} characters`,
  subjectTooLong: `A subject is at most ${MESSAGE_SUBJECT_MAX} characters`,
  touchKind: `Choose ${TOUCH_KINDS.join(', ')}`,
  touchDate: 'Enter the date of the touch (YYYY-MM-DD, or an ISO date and time)',
  touchFuture: 'A touch cannot be in the future',
  noteTooLong: `A note is at most ${TOUCH_NOTE_MAX} characters`,
} as const;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const messageSchema = yup.object({
  channel: yup
    .string<MessageChannel>()
    .strict()
    .required(MESSAGE_MESSAGES.channel)
    .oneOf(MESSAGE_CHANNELS, MESSAGE_MESSAGES.channel),
  subject: yup
    .string()
    .strict(false)
    .transform(blankToUndefined)
    .trim()
    .max(MESSAGE_SUBJECT_MAX, MESSAGE_MESSAGES.subjectTooLong)
    .when('channel', { is: 'email', then: (s) => s.required(MESSAGE_MESSAGES.subjectRequired) }),
  body: yup
    .string()
    .strict(false)
    .transform(blankToUndefined)
    .trim()
    .required(MESSAGE_MESSAGES.bodyRequired)
    .when('channel', {
      is: 'sms',
      then: (s) => s.max(SMS_BODY_MAX, MESSAGE_MESSAGES.smsBodyTooLong),
      otherwise: (s) => s.max(EMAIL_BODY_MAX, MESSAGE_MESSAGES.emailBodyTooLong),
    }),
  occasion: yup.string<MessageOccasion>().strict().oneOf(MESSAGE_OCCASIONS, MESSAGE_MESSAGES.occasion),
});
export type MessageInput = yup.InferType<typeof messageSchema>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A touch's moment as an ISO-8601 UTC timestamp: a plain date is taken as noon UTC that day; null when unreadable. */
export function touchInstant(value: string): string | null {
  if (isCalendarDate(value)) return `${value}T12:00:00.000Z`;
  if (!ISO_INSTANT.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export const touchSchema = yup.object({
  kind: yup
    .string<TouchKind>()
    .strict()
    .required(MESSAGE_MESSAGES.touchKind)
    .oneOf(TOUCH_KINDS, MESSAGE_MESSAGES.touchKind),
  note: yup.string().strict(false).transform(blankToUndefined).trim().max(TOUCH_NOTE_MAX, MESSAGE_MESSAGES.noteTooLong),
  date: yup
    .string()
    .strict(false)
    .trim()
    .required(MESSAGE_MESSAGES.touchDate)
    .test('touch-date', MESSAGE_MESSAGES.touchDate, (value) => value === undefined || touchInstant(value) !== null)
    // A day ahead at most: the agent's "today" may be tomorrow in UTC.
    .test('touch-past', MESSAGE_MESSAGES.touchFuture, (value) => {
      const at = value === undefined ? null : touchInstant(value);
      return at === null || Date.parse(at) <= Date.now() + 36 * 3_600_000;
    }),
});
export type TouchInput = yup.InferType<typeof touchSchema>;
