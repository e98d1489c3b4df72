// A password reset: asking for the link, and completing it. Asking mails a single-use, one-hour link, within a few an
// hour per account and per address; the answer never tells whether the account exists. Completing: the link proves the
// mailbox, so the address counts as verified; every session ends (whoever held one no longer knows the password), the
// login delays a guesser ran up stop keeping the owner out, and the calendar feed's secret is replaced (a URL someone
// else copied stops answering).
import { RESET_TOKEN_TTL_SECONDS } from '@shared/constants';
import { config, signingKeys } from '../config';
import { rotateCalendarFeed } from '../data/calendar-feeds';
import { consumeResetRecord, createResetRecord } from '../data/reset-tokens';
import { deleteAllSessions } from '../data/sessions';
import { clearDelay, hitLimit, loginThrottles } from '../data/throttle';
import { getUserByUsername, markEmailVerified, setPasswordHash } from '../data/users';
import { agentHtml, agentText } from '../domain/message-text';
import { hashPassword } from '../domain/passwords';
import type { InvalidLink, RateLimited } from '../domain/refusals';
import { randomId, signToken, verifyToken } from '../domain/signed-tokens';
import { escapeHtml, sendEmail, tokenLink } from '../integrations/mail';
import type { Logger } from '../observability/logger';
import { calendarFeedSealer } from './calendar-feed';
import { overLimit } from './rate-limits';

export const RESET_LIMITS = { perAccountPerHour: 3, perIpPerHour: 20 } as const;

/**
 * Mails the account `username` names a reset link, unless the address asked too often (refused) or the account did
 * (nothing mailed, and nothing said: the same outcome as an unknown username).
 */
export async function requestPasswordReset(
  username: string,
  ip: string,
  log: Pick<Logger, 'info'>,
): Promise<RateLimited<'password-resets'> | undefined> {
  const limited = await overLimit('password-resets', {
    scope: 'reset-ip',
    id: ip,
    max: RESET_LIMITS.perIpPerHour,
    windowSeconds: 3600,
  });
  if (limited) return limited;
  const account = username.toLowerCase();
  const user = await getUserByUsername(account);
  const accountState = await hitLimit({
    scope: 'reset-account',
    id: account,
    max: RESET_LIMITS.perAccountPerHour,
    windowSeconds: 3600,
  });
  if (!user || accountState.limited) return undefined;
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
  return undefined;
}

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
