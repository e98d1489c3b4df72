// POST /api/password-reset/confirm: sets the new password once per reset link, verifies the address, ends every
// session, clears the login delay and replaces the calendar feed's secret (functions/services/password-reset.ts).
import { resetConfirmSchema } from '@shared/schemas';
import { isRefusal, type InvalidLink } from '../../domain/refusals';
import { badRequest, refusalAnswers } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { completePasswordReset } from '../../services/password-reset';

const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new password reset link.';

const REFUSALS = refusalAnswers<InvalidLink>({
  'invalid-link': () => badRequest(INVALID_LINK, undefined, 'INVALID_RESET_TOKEN'),
});

export const handler = definePublicHandler(
  'password-reset/post-password-reset-confirm',
  { body: resetConfirmSchema, refusals: REFUSALS },
  async ({ body, ip, log }) => {
    const reset = await completePasswordReset(body.token, body.newPassword, ip);
    if (isRefusal(reset)) return reset;
    log.info('password reset', reset);
    return { body: { message: 'Your password has been reset. You can now log in with your new password.' } };
  },
);
