// POST /api/verify-email: confirms the agent's e-mail with the token from the mailed link (once).
import { MESSAGES, verifyEmailSchema } from '@shared/schemas';
import { signingKeys } from '../../config';
import { consumeEmailVerificationRecord } from '../../data/email-verifications';
import { markEmailVerified, toPublicUser } from '../../data/users';
import { verifyToken } from '../../domain/signed-tokens';
import { badRequest } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';

export const EMAIL_VERIFIED_MESSAGE = 'Your e-mail address is verified.';

export const handler = definePublicHandler(
  'auth/post-verify-email',
  { body: verifyEmailSchema },
  async ({ body, log }) => {
    const invalid = () => badRequest(MESSAGES.invalidVerificationLink, undefined, 'INVALID_VERIFICATION_TOKEN');
    const verified = await verifyToken(await signingKeys(), 'verify-email', body.token);
    if (!verified || !(await consumeEmailVerificationRecord(verified.jti, verified.sub))) throw invalid();
    const user = await markEmailVerified(verified.sub, new Date().toISOString());
    if (!user) throw invalid();
    log.info('e-mail verified', { userId: user.id });
    return { body: { message: EMAIL_VERIFIED_MESSAGE, user: toPublicUser(user) } };
  },
);
