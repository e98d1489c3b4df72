// Completing a password reset. The link proves the mailbox, so the address counts as verified; every session ends
// (whoever held one no longer knows the password), the login delays a guesser ran up stop keeping the owner out, and
// the calendar feed's secret is replaced (a URL someone else copied stops answering).
import { config, signingKeys } from '../config';
import { rotateCalendarFeed } from '../data/calendar-feeds';
import { consumeResetRecord } from '../data/reset-tokens';
import { deleteAllSessions } from '../data/sessions';
import { clearDelay, loginThrottles } from '../data/throttle';
import { markEmailVerified, setPasswordHash } from '../data/users';
import { hashPassword } from '../domain/passwords';
import type { InvalidLink } from '../domain/refusals';
import { verifyToken } from '../domain/signed-tokens';
import { calendarFeedSealer } from './calendar-feed';

export type PasswordReset = { userId: string; sessionsEnded: number; calendarFeedRotated: boolean };

/** Sets the new password once per reset link; `ip` is the resetting browser's address (its own login delay ends). */
export async function completePasswordReset(
  token: string,
  newPassword: string,
  ip: string,
  now = new Date(),
): Promise<PasswordReset | InvalidLink> {
  const verified = await verifyToken(await signingKeys(), 'reset', token);
  if (!verified) return { kind: 'invalid-link' };
  const passwordHash = await hashPassword(newPassword, config().passwordHashCost);
  if (!(await consumeResetRecord(verified.jti, verified.sub))) return { kind: 'invalid-link' };
  const userId = verified.sub;
  await setPasswordHash(userId, passwordHash);
  const user = await markEmailVerified(userId, now.toISOString());
  const sessionsEnded = await deleteAllSessions(userId);
  if (user) {
    const throttles = loginThrottles(user.username, ip);
    await Promise.all([clearDelay(throttles.account), clearDelay(throttles.accountFromIp)]);
  }
  const calendarFeedRotated = Boolean(user?.calendarSecretHash);
  if (calendarFeedRotated) await rotateCalendarFeed(userId, await calendarFeedSealer(), now);
  return { userId, sessionsEnded, calendarFeedRotated };
}
