// POST /api/verify-email/resend: mails the signed-in agent a new verification link, a few an hour.
import type { AlreadyVerified, RateLimited, SendFailed } from '../../domain/refusals';
import { sendVerificationLink } from '../../services/email-verification';
import { overLimit } from '../../services/rate-limits';
import { conflict, HttpError, refusalAnswers, tooManyRequests } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const VERIFICATION_RESEND_LIMIT = { perAccountPerHour: 3 } as const;

const REFUSALS = refusalAnswers<AlreadyVerified | RateLimited<'verification-emails'> | SendFailed<'email'>>({
  'already-verified': () => conflict('Your e-mail address is already verified.'),
  'rate-limited': ({ retryAfterSeconds }) =>
    tooManyRequests('Too many verification e-mails. Please try again later.', retryAfterSeconds),
  'send-failed': () =>
    new HttpError(502, 'The verification e-mail could not be sent. Please try again in a moment.', {
      code: 'MAIL_FAILED',
    }),
});

export const handler = defineHandler('auth/post-verify-email-resend', { refusals: REFUSALS }, async ({ user, log }) => {
  if (user.emailVerifiedAt) return { kind: 'already-verified' };
  const max = VERIFICATION_RESEND_LIMIT.perAccountPerHour;
  const limited = await overLimit('verification-emails', {
    scope: 'verify-resend',
    id: user.id,
    max,
    windowSeconds: 3600,
  });
  if (limited) return limited;
  try {
    await sendVerificationLink(user);
  } catch (error) {
    log.error('verification e-mail failed', { error });
    return { kind: 'send-failed', channel: 'email' };
  }
  return { status: 202, body: { message: `We sent a new verification link to ${user.username}.` } };
});
