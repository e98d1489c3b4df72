// The answers to what a send to a client may refuse, shared by the routes that send (a message, an
// approved message, a review request, an invitation): each handler spreads the pieces its use case
// can meet into its own table (refusalAnswers in errors.ts).
import { SEND_MESSAGES } from '../domain/client-message';
import { smsCountriesMessage } from '../domain/phone-numbers';
import { SENDING_PAUSED_MESSAGES } from '@shared/sending-pause';
import { SMS_CONSENT_MESSAGES } from '@shared/sms-consent';
import type {
  DailyLimit,
  EmailDestinationRefusal,
  EmailUnverified,
  PlatformLimit,
  SendCapRefusal,
  SendFailed,
  TextDestinationRefusal,
} from '../domain/refusals';
import { normalizeTimeZone } from '../domain/time-zone';
import type { InviteRefusal } from '../services/invitations';
import {
  badRequest,
  HttpError,
  retryAfter,
  secondsUntil,
  serviceUnavailable,
  tooManyRequests,
  type RefusalTable,
} from './errors';

export const EMAIL_UNVERIFIED_MESSAGE = 'Verify your e-mail address before sending to clients.';
export const INVITATION_NOT_FOUND = 'Invitation not found. It may have been used or cancelled.';

const NOUNS: Record<DailyLimit['channel'], string> = { email: 'e-mails', sms: 'text messages' };

/** "midnight UTC (7:00 PM your time)". */
function resetPhrase(resetsAt: string, timeZone: string): string {
  const local = new Date(resetsAt).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: normalizeTimeZone(timeZone),
  });
  return `midnight UTC (${local} your time)`;
}

export function dailyLimitMessage({ channel, limit, resetsAt, timeZone }: DailyLimit): string {
  return `You have sent today's limit of ${limit} ${NOUNS[channel]} to clients. It resets at ${resetPhrase(resetsAt, timeZone)}.`;
}

export function platformLimitMessage({ channel, resetsAt, timeZone, share }: PlatformLimit): string {
  const accounts = share === 'free' ? 'free and new accounts' : 'all accounts';
  return `Hearthside has sent today's limit of ${NOUNS[channel]} to clients for ${accounts}, which protects everyone's delivery. Sending resumes at ${resetPhrase(resetsAt, timeZone)}.`;
}

/**
 * A verified sender, not paused, within the day's cap and the platform's: 403 EMAIL_UNVERIFIED, 403 SENDING_PAUSED,
 * 429 DAILY_LIMIT and 503 PLATFORM_LIMIT until the cap or the breaker resets.
 */
export const SENDER_ANSWERS: RefusalTable<EmailUnverified | SendCapRefusal> = {
  'email-unverified': () => new HttpError(403, EMAIL_UNVERIFIED_MESSAGE, { code: 'EMAIL_UNVERIFIED' }),
  'sending-paused': ({ reason }) => new HttpError(403, SENDING_PAUSED_MESSAGES[reason], { code: 'SENDING_PAUSED' }),
  'daily-limit': (refusal) =>
    new HttpError(429, dailyLimitMessage(refusal), {
      code: 'DAILY_LIMIT',
      headers: retryAfter(secondsUntil(refusal.resetsAt)),
    }),
  'platform-limit': (refusal) =>
    new HttpError(503, platformLimitMessage(refusal), {
      code: 'PLATFORM_LIMIT',
      headers: retryAfter(secondsUntil(refusal.resetsAt)),
    }),
};

/** A client who can receive on the channel. */
export const DESTINATION_ANSWERS: RefusalTable<EmailDestinationRefusal | TextDestinationRefusal> = {
  'opted-out': ({ channel }) =>
    new HttpError(409, channel === 'email' ? SEND_MESSAGES.emailOptedOut : SEND_MESSAGES.smsOptedOut, {
      code: 'OPTED_OUT',
    }),
  'no-email': () => new HttpError(422, SEND_MESSAGES.noEmail, { code: 'NO_EMAIL' }),
  'no-phone': () => new HttpError(422, SEND_MESSAGES.noPhone, { code: 'NO_PHONE' }),
  'email-suppressed': ({ reason }) =>
    new HttpError(409, SEND_MESSAGES.suppressed(reason), { code: 'EMAIL_SUPPRESSED' }),
  'sms-country-not-allowed': ({ allowedCountries }) =>
    badRequest(smsCountriesMessage(allowedCountries), undefined, 'SMS_COUNTRY_NOT_ALLOWED'),
  'sms-unavailable': () => serviceUnavailable(SEND_MESSAGES.smsUnavailable, 60),
  'no-sms-consent': () => new HttpError(409, SMS_CONSENT_MESSAGES.noConsent, { code: 'NO_SMS_CONSENT' }),
};

/** The provider did not take the message: 502. */
export const SEND_FAILED_ANSWERS: RefusalTable<SendFailed> = {
  'send-failed': ({ channel }) =>
    channel === 'email'
      ? new HttpError(502, SEND_MESSAGES.mailFailed, { code: 'MAIL_FAILED' })
      : new HttpError(502, SEND_MESSAGES.smsFailed, { code: 'SMS_FAILED' }),
};

/** inviteClient's refusals: POST /api/client-invitations and the resend. */
export const INVITE_ANSWERS: RefusalTable<InviteRefusal> = {
  ...SENDER_ANSWERS,
  'rate-limited': ({ max, retryAfterSeconds }) =>
    tooManyRequests(`You can send up to ${max} invitations a day. Please try again later.`, retryAfterSeconds),
  'send-failed': () =>
    new HttpError(502, 'The invitation e-mail could not be sent. Please try again in a moment.', {
      code: 'MAIL_FAILED',
    }),
};
