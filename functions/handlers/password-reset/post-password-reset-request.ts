// POST /api/password-reset/request: e-mails a single-use, one-hour reset link. The answer is the
// same whether or not the account exists.
import { RESET_TOKEN_TTL_SECONDS } from '@shared/constants';
import { resetRequestSchema } from '@shared/schemas';
import { signingKeys } from '../../config';
import { createResetRecord } from '../../data/reset-tokens';
import { hitLimit } from '../../data/throttle';
import { getUserByUsername } from '../../data/users';
import { agentHtml, agentText } from '../../domain/message-text';
import { randomId, signToken } from '../../domain/signed-tokens';
import { tooManyRequests } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { escapeHtml, sendEmail, tokenLink } from '../../integrations/mail';

export const RESET_LIMITS = { perAccountPerHour: 3, perIpPerHour: 20 } as const;
export const RESET_REQUEST_ANSWER =
  'If an account exists with that email, you will receive password reset instructions.';

export const handler = definePublicHandler(
  'password-reset/post-password-reset-request',
  { body: resetRequestSchema },
  async ({ body, ip, log }) => {
    const ipState = await hitLimit({ scope: 'reset-ip', id: ip, max: RESET_LIMITS.perIpPerHour, windowSeconds: 3600 });
    if (ipState.limited)
      throw tooManyRequests('Too many password reset requests. Please try again later.', ipState.retryAfterSeconds);

    const username = body.username.toLowerCase();
    const user = await getUserByUsername(username);
    const accountState = await hitLimit({
      scope: 'reset-account',
      id: username,
      max: RESET_LIMITS.perAccountPerHour,
      windowSeconds: 3600,
    });
    if (user && !accountState.limited) {
      const jti = randomId();
      await createResetRecord(jti, user.id, RESET_TOKEN_TTL_SECONDS);
      const token = await signToken(await signingKeys(), 'reset', { sub: user.id, jti }, RESET_TOKEN_TTL_SECONDS);
      const link = tokenLink('/reset-password', token);
      await sendEmail({
        to: user.username,
        subject: 'Reset your Hearthside password',
        text: `Hi ${agentText(user.fullName)},\n\nWe received a request to reset your password. Open this link within one hour to choose a new one:\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail: your password stays the same.\n`,
        html: `<p>Hi ${agentHtml(user.fullName)},</p><p>We received a request to reset your password. Open this link within one hour to choose a new one:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If you did not ask for this, you can ignore this e-mail: your password stays the same.</p>`,
      });
      log.info('password reset mailed', { userId: user.id });
    }
    return { status: 202, body: { message: RESET_REQUEST_ANSWER } };
  },
);
