// POST /api/password-reset/confirm: sets the new password once per reset link and ends every session.
import { resetConfirmSchema } from '@shared/schemas';
import { config, signingKeys } from '../../config';
import { consumeResetRecord } from '../../data/reset-tokens';
import { deleteAllSessions } from '../../data/sessions';
import { setPasswordHash } from '../../data/users';
import { hashPassword } from '../../domain/passwords';
import { verifyToken } from '../../domain/signed-tokens';
import { badRequest } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';

const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new password reset link.';

export const handler = definePublicHandler(
  'password-reset/post-password-reset-confirm',
  { body: resetConfirmSchema },
  async ({ body, log }) => {
    const verified = await verifyToken(await signingKeys(), 'reset', body.token);
    if (!verified) throw badRequest(INVALID_LINK, undefined, 'INVALID_RESET_TOKEN');
    const passwordHash = await hashPassword(body.newPassword, config().passwordHashCost);
    if (!(await consumeResetRecord(verified.jti, verified.sub)))
      throw badRequest(INVALID_LINK, undefined, 'INVALID_RESET_TOKEN');
    await setPasswordHash(verified.sub, passwordHash);
    const ended = await deleteAllSessions(verified.sub);
    log.info('password reset', { userId: verified.sub, sessionsEnded: ended });
    return { body: { message: 'Your password has been reset. You can now log in with your new password.' } };
  },
);
