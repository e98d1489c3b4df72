// POST /api/verify-email/resend: mails the signed-in agent a new verification link, a few an hour.
import { hitLimit } from '../../data/throttle';
import { sendVerificationLink } from '../../services/email-verification';
import { conflict, HttpError, tooManyRequests } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const VERIFICATION_RESEND_LIMIT = { perAccountPerHour: 3 } as const;

export const handler = defineHandler('auth/post-verify-email-resend', {}, async ({ user, log }) => {
  if (user.emailVerifiedAt) throw conflict('Your e-mail address is already verified.');
  const state = await hitLimit({
    scope: 'verify-resend',
    id: user.id,
    max: VERIFICATION_RESEND_LIMIT.perAccountPerHour,
    windowSeconds: 3600,
  });
  if (state.limited)
    throw tooManyRequests('Too many verification e-mails. Please try again later.', state.retryAfterSeconds);
  try {
    await sendVerificationLink(user);
  } catch (error) {
    log.error('verification e-mail failed', { error });
    throw new HttpError(502, 'The verification e-mail could not be sent. Please try again in a moment.', {
      code: 'MAIL_FAILED',
    });
  }
  return { status: 202, body: { message: `We sent a new verification link to ${user.username}.` } };
});
