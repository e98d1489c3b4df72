// DELETE /api/user: closes the agent's account once they give their password again (functions/services/
// account-closure.ts). 202: the account can no longer sign in, and its erasure runs as a job.
import { CLOSE_ACCOUNT_MESSAGES, closeAccountSchema } from '@shared/close-account';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { clearedSessionCookie } from '../../http/cookies';
import { forbidden, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { PAYMENT_ERRORS } from '../../http/payment-errors';
import { closeAccount } from '../../services/account-closure';

const REFUSALS = refusalAnswers<RefusalOf<typeof closeAccount>>({
  'wrong-password': () => forbidden(CLOSE_ACCOUNT_MESSAGES.wrongPassword, 'WRONG_PASSWORD'),
});

export const handler = defineHandler(
  'user/delete-user',
  { body: closeAccountSchema, refusals: REFUSALS, errors: PAYMENT_ERRORS },
  async ({ user, body, log }) => {
    const closed = await closeAccount(user, body.password, log);
    if (isRefusal(closed)) return closed;
    return { status: 202, body: { message: CLOSE_ACCOUNT_MESSAGES.closed }, cookies: [clearedSessionCookie()] };
  },
);
