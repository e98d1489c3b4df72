// POST /api/password-reset/request: e-mails a single-use, one-hour reset link. The answer is the
// same whether or not the account exists.
import { resetRequestSchema } from '@shared/schemas';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { refusalAnswers, tooManyRequests } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { requestPasswordReset } from '../../services/password-reset';

export const RESET_REQUEST_ANSWER =
  'If an account exists with that email, you will receive password reset instructions.';

const REFUSALS = refusalAnswers<RefusalOf<typeof requestPasswordReset>>({
  'rate-limited': ({ retryAfterSeconds }) =>
    tooManyRequests('Too many password reset requests. Please try again later.', retryAfterSeconds),
});

export const handler = definePublicHandler(
  'password-reset/post-password-reset-request',
  { body: resetRequestSchema, refusals: REFUSALS },
  async ({ body, ip, log }) => {
    const refused = await requestPasswordReset(body.username, ip, log);
    return isRefusal(refused) ? refused : { status: 202, body: { message: RESET_REQUEST_ANSWER } };
  },
);
