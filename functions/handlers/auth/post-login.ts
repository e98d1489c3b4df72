// POST /api/login: checks the password, with guesses throttled per account and per client IP.
import { loginSchema } from '@shared/schemas';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { sessionCookieFor } from '../../http/auth';
import { refusalAnswers, tooManyRequests, unauthorized } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { logIn } from '../../services/login';

const REFUSALS = refusalAnswers<RefusalOf<typeof logIn>>({
  'too-many-failed-logins': ({ retryAfterSeconds }) =>
    tooManyRequests('Too many failed login attempts. Please wait a few minutes and try again.', retryAfterSeconds),
  'wrong-credentials': () => unauthorized('Invalid username or password'),
});

export const handler = definePublicHandler(
  'auth/post-login',
  { body: loginSchema, refusals: REFUSALS },
  async ({ body, ip, log }) => {
    const loggedIn = await logIn(body, ip, log);
    if (isRefusal(loggedIn)) return loggedIn;
    return { body: loggedIn.user, cookies: [sessionCookieFor(loggedIn.sessionToken)] };
  },
);
