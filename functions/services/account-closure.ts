// Closing an account (DELETE /api/user): checks the password, cancels the Stripe subscription, marks the account
// closing, queues its erasure (functions/services/account-erasure.ts), takes away every way in (the login answers
// 401, sessions end, no list or search shows the agent) and mails a confirmation. Safe to repeat at every step.
import { endAccountAccess, markAccountClosing } from '../data/account-erasure';
import { applySubscriptionState } from '../data/subscriptions';
import type { UserItem } from '../data/users';
import { verifyPassword } from '../domain/passwords';
import type { WrongPassword } from '../domain/refusals';
import { sendAccountClosedEmail } from '../integrations/account-emails';
import { enqueueTask } from '../integrations/task-queue';
import { cancelSubscription } from '../integrations/payments';
import type { Logger } from '../observability/logger';

/**
 * Closes the account when `password` is its own (a missing one is refused alike). Stripe first: when it cannot cancel,
 * nothing has changed and the agent may try again.
 */
export async function closeAccount(
  user: UserItem,
  password: string | undefined,
  log: Logger,
  now = new Date(),
): Promise<{ closingAt: string } | WrongPassword> {
  if (!password || !(await verifyPassword(password, user.passwordHash))) return { kind: 'wrong-password' };
  if (user.stripeSubscriptionId) await cancelSubscription(user.stripeSubscriptionId);
  // Pro ends now, counted once: Stripe's own cancellation event, later, finds it ended already.
  if (user.isPro)
    await applySubscriptionState(user.id, { isPro: false, eventCreated: Math.floor(now.getTime() / 1000) });
  const closing = await markAccountClosing(user.id, now);
  if (!closing) return { closingAt: now.toISOString() };
  await enqueueTask({ kind: 'close-account', agentId: user.id });
  await endAccountAccess(closing);
  try {
    await sendAccountClosedEmail(closing);
  } catch (error) {
    log.warn('account closed e-mail not sent', { error });
  }
  log.info('account closing', { agentId: user.id });
  return { closingAt: closing.closingAt ?? now.toISOString() };
}
