// POST /api/register: creates an agent, signs them in and mails the link that verifies their e-mail
// (an administrator only once verified and in ADMIN_EMAILS).
import { registerSchema, digitsOnly } from '@shared/schemas';
import { config } from '../../config';
import { hitLimit } from '../../data/throttle';
import { toPublicUser, UniqueFieldTakenError } from '../../data/users';
import { hashPassword } from '../../domain/passwords';
import { randomId } from '../../domain/signed-tokens';
import { normalizeTimeZone } from '../../domain/time-zone';
import { sessionCookieFor } from '../../http/auth';
import { conflict, tooManyRequests } from '../../http/errors';
import { registerAgent } from '../../services/agent-registration';
import { sendVerificationLink } from '../../services/email-verification';
import { definePublicHandler } from '../../http/handler';

export const handler = definePublicHandler(
  'auth/post-register',
  { body: registerSchema },
  async ({ body, ip, log }) => {
    const { passwordHashCost, registrationsPerIpPerHour } = config();
    const limit = await hitLimit({ scope: 'register-ip', id: ip, max: registrationsPerIpPerHour, windowSeconds: 3600 });
    if (limit.limited)
      throw tooManyRequests(
        'Too many accounts were created from your network. Please try again later.',
        limit.retryAfterSeconds,
      );
    const username = body.username.toLowerCase();
    const now = new Date().toISOString();
    const phoneDigits = digitsOnly(body.phone);
    let registered;
    try {
      registered = await registerAgent({
        id: randomId(),
        username,
        fullName: body.fullName,
        phone: body.phone,
        phoneDigits,
        passwordHash: await hashPassword(body.password, passwordHashCost),
        timeZone: normalizeTimeZone(body.timeZone),
        googlePlaceId: body.googlePlaceId,
        businessName: body.businessName,
        businessLocation: body.businessLocation,
        now,
      });
    } catch (error) {
      if (error instanceof UniqueFieldTakenError) {
        throw error.field === 'username'
          ? conflict('An account with this email already exists.', {
              username: 'An account with this email already exists.',
            })
          : conflict('This phone number is already registered to another account.', {
              phone: 'This phone number is already registered to another account.',
            });
      }
      throw error;
    }
    const { user } = registered;
    const cookie = sessionCookieFor(registered.sessionToken);
    // The account stands without the e-mail: "Resend link" sends another.
    await sendVerificationLink(user).catch((error: unknown) => log.warn('verification e-mail failed', { error }));
    log.info('user registered', { userId: user.id });
    return { status: 201, body: toPublicUser(user), cookies: [cookie] };
  },
);
