// POST /api/register: creates an agent, signs them in and mails the link that verifies their e-mail
// (an administrator only once verified and in ADMIN_EMAILS).
import { registerSchema, digitsOnly } from '@shared/schemas';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { randomId } from '../../domain/signed-tokens';
import { normalizeTimeZone } from '../../domain/time-zone';
import { sessionCookieFor } from '../../http/auth';
import { conflict, HttpError, refusalAnswers, retryAfter, tooManyRequests } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { signUp } from '../../services/agent-registration';

const TAKEN = {
  username: 'An account with this email already exists.',
  phone: 'This phone number is already registered to another account.',
} as const;

const REFUSALS = refusalAnswers<RefusalOf<typeof signUp>>({
  'rate-limited': ({ retryAfterSeconds }) =>
    tooManyRequests('Too many accounts were created from your network. Please try again later.', retryAfterSeconds),
  'account-exists': ({ field }) => conflict(TAKEN[field], { [field]: TAKEN[field] }),
  'registrations-busy': ({ retryAfterSeconds }) =>
    new HttpError(429, registrationsBusyMessage(retryAfterSeconds), {
      code: 'REGISTRATIONS_BUSY',
      headers: retryAfter(retryAfterSeconds),
    }),
});

/** The platform took its hour's new accounts (REGISTRATIONS_PER_HOUR): when to come back, in minutes. */
function registrationsBusyMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Many agents are signing up right now, so new accounts are paused for a little while. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export const handler = definePublicHandler(
  'auth/post-register',
  { body: registerSchema, refusals: REFUSALS },
  async ({ body, ip, log }) => {
    const username = body.username.toLowerCase();
    const now = new Date().toISOString();
    const phoneDigits = digitsOnly(body.phone);
    const registration = {
      id: randomId(),
      username,
      fullName: body.fullName,
      phone: body.phone,
      phoneDigits,
      password: body.password,
      timeZone: normalizeTimeZone(body.timeZone),
      googlePlaceId: body.googlePlaceId,
      businessName: body.businessName,
      businessLocation: body.businessLocation,
      now,
    };
    const registered = await signUp(registration, ip, log);
    if (isRefusal(registered)) return registered;
    return { status: 201, body: registered.user, cookies: [sessionCookieFor(registered.sessionToken)] };
  },
);
