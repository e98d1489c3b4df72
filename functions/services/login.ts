// Signing in: the password checked, with guesses throttled per account and per client address, then a session.
import type { User } from '@shared/api-types';
import { config } from '../config';
import { loginThrottles, takeAll, takeAttempt, takeLimit } from '../data/throttle';
import { getUserByUsername, isAdmin, recordLogin, toPublicUser } from '../data/users';
import { verifyAgainstDummy, verifyPassword } from '../domain/passwords';
import type { TooManyFailedLogins, WrongCredentials } from '../domain/refusals';
import type { Logger } from '../observability/logger';
import { openSession } from './sessions';

/**
 * Every attempt takes a slot in each throttle before the password is checked (one conditional
 * write each), so parallel guesses cannot outrun them; a successful login gives its slots back and
 * clears the account's failures, so only failed checks ever count.
 *
 * - perIp: 30 failed checks per 15 minutes from one address (an IPv6 /64), across accounts: a
 *   password spray from one place.
 * - perAccountFromIp: one address guessing at one account gets 5 tries, then waits 1, 2, 4, 8 and
 *   then 15 minutes between tries: about 100 guesses a day, which slows that address only.
 * - perAccount: all addresses together get 10 tries at one account, then waits of 30 s doubling to
 *   5 minutes: under 300 guesses a day however many addresses guess, and no lockout: the owner waits
 *   5 minutes at most. Its cap is below perAccountFromIp's, so one guessing address leaves the
 *   account open two thirds of the time; keeping an owner out takes a fresh /64 every 5 minutes.
 */
export const LOGIN_LIMITS = {
  perIp: { max: 30, windowSeconds: 15 * 60 },
  perAccountFromIp: { free: 5, firstDelaySeconds: 60, maxDelaySeconds: 15 * 60 },
  perAccount: { free: 10, firstDelaySeconds: 30, maxDelaySeconds: 5 * 60 },
} as const;

/** The agent signed in and their new session's token, or why not (never which of username and password is wrong). */
export async function logIn(
  credentials: { username: string; password: string },
  ip: string,
  log: Pick<Logger, 'info'>,
): Promise<{ user: User; sessionToken: string } | TooManyFailedLogins | WrongCredentials> {
  const { passwordHashCost } = config();
  const username = credentials.username.trim().toLowerCase();
  const throttles = loginThrottles(username, ip);
  const attempt = await takeAll([
    () => takeLimit({ ...throttles.ip, ...LOGIN_LIMITS.perIp }),
    () => takeAttempt({ ...throttles.accountFromIp, ...LOGIN_LIMITS.perAccountFromIp }),
    () => takeAttempt({ ...throttles.account, ...LOGIN_LIMITS.perAccount }),
  ]);
  if (!attempt.granted) return { kind: 'too-many-failed-logins', retryAfterSeconds: attempt.retryAfterSeconds };
  const user = await getUserByUsername(username);
  const ok = user
    ? await verifyPassword(credentials.password, user.passwordHash)
    : await verifyAgainstDummy(credentials.password, passwordHashCost);
  if (!user || !ok) {
    await attempt.slot.failed();
    log.info('login failed', { known: Boolean(user) });
    return { kind: 'wrong-credentials' };
  }
  await attempt.slot.succeeded();
  const updated = await recordLogin(user.id, new Date().toISOString(), isAdmin(user));
  return { user: toPublicUser(updated), sessionToken: await openSession(user.id) };
}
