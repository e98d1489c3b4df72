// POST /api/login: checks the password, with failures throttled per account and per client IP.
import { loginSchema } from '../../../shared/schemas';
import { config } from '../../config';
import { hitLimit, readLimit, type Limit } from '../../data/throttle';
import { getUserByUsername, isAdmin, recordLogin, toPublicUser } from '../../data/users';
import { verifyAgainstDummy, verifyPassword } from '../../domain/passwords';
import { startSession } from '../../http/auth';
import { tooManyRequests, unauthorized } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';

export const LOGIN_LIMITS = { perAccount: 5, perIp: 30, windowSeconds: 15 * 60 } as const;

export const handler = definePublicHandler('auth/post-login', { body: loginSchema }, async ({ body, ip, log }) => {
  const { passwordHashCost } = config();
  const username = body.username.trim().toLowerCase();
  const limits: Limit[] = [
    { scope: 'login-account', id: username, max: LOGIN_LIMITS.perAccount, windowSeconds: LOGIN_LIMITS.windowSeconds },
    { scope: 'login-ip', id: ip, max: LOGIN_LIMITS.perIp, windowSeconds: LOGIN_LIMITS.windowSeconds },
  ];
  const states = await Promise.all(limits.map((l) => readLimit(l)));
  const blocked = states.filter((s) => s.limited);
  if (blocked.length > 0) {
    throw tooManyRequests('Too many failed login attempts. Please wait a few minutes and try again.', Math.max(...blocked.map((s) => s.retryAfterSeconds)));
  }
  const user = await getUserByUsername(username);
  const ok = user ? await verifyPassword(body.password, user.passwordHash) : await verifyAgainstDummy(body.password, passwordHashCost);
  if (!user || !ok) {
    await Promise.all(limits.map((l) => hitLimit(l)));
    log.info('login failed', { known: Boolean(user) });
    throw unauthorized('Invalid username or password');
  }
  const updated = await recordLogin(user.id, new Date().toISOString(), isAdmin(user));
  return { body: toPublicUser(updated), cookies: [await startSession(user.id)] };
});
