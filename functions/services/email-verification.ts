// E-mail verification: the link registration and "Resend link" mail, following it (only signed in as the account it
// was mailed to: a click by the mailbox's owner must never verify an address someone else registered), and the one
// check every route that sends to clients on an agent's behalf makes first.
import { EMAIL_VERIFICATION_TTL_SECONDS } from '@shared/constants';
import { signingKeys } from '../config';
import { consumeEmailVerificationRecord, createEmailVerificationRecord } from '../data/email-verifications';
import { markEmailVerified, type UserItem } from '../data/users';
import type { AnotherAccount, EmailUnverified, InvalidLink, SignInRequired } from '../domain/refusals';
import { randomId, signToken, verifyToken } from '../domain/signed-tokens';
import { agentHtml, agentText } from '../domain/message-text';
import { escapeHtml, sendEmail, tokenLink } from '../integrations/mail';

/** The refusal for an agent whose e-mail is not verified yet, else undefined: ask before sending anything to anyone. */
export function unverifiedSender(user: Pick<UserItem, 'emailVerifiedAt'>): EmailUnverified | undefined {
  return user.emailVerifiedAt ? undefined : { kind: 'email-unverified' };
}

/** Mails a single-use, 24-hour link to `{APP_URL}/verify-email#token=…`. */
export async function sendVerificationLink(user: Pick<UserItem, 'id' | 'username' | 'fullName'>): Promise<void> {
  const jti = randomId();
  await createEmailVerificationRecord(jti, user.id, EMAIL_VERIFICATION_TTL_SECONDS);
  const token = await signToken(
    await signingKeys(),
    'verify-email',
    { sub: user.id, jti },
    EMAIL_VERIFICATION_TTL_SECONDS,
  );
  const link = tokenLink('/verify-email', token);
  await sendEmail({
    to: user.username,
    subject: 'Verify your Hearthside e-mail address',
    text: `Hi ${agentText(user.fullName)},\n\nOpen this link within 24 hours to verify your e-mail address. Until then you can use Hearthside, but it sends nothing to your clients:\n\n${link}\n\nIf you did not create a Hearthside account, you can ignore this e-mail.\n`,
    html: `<p>Hi ${agentHtml(user.fullName)},</p><p>Open this link within 24 hours to verify your e-mail address. Until then you can use Hearthside, but it sends nothing to your clients:</p><p><a href="${escapeHtml(link)}">Verify my e-mail address</a></p><p>If you did not create a Hearthside account, you can ignore this e-mail.</p>`,
  });
}

/**
 * Verifies the address of the account the link was mailed for, when the caller is signed in as that account: the
 * password proves who registered, the link proves the mailbox. Another account's session leaves the link unused.
 */
export async function followVerificationLink(
  token: string,
  caller: Pick<UserItem, 'id'> | undefined,
  now = new Date(),
): Promise<UserItem | SignInRequired | AnotherAccount | InvalidLink> {
  if (!caller) return { kind: 'sign-in-required' };
  const verified = await verifyToken(await signingKeys(), 'verify-email', token);
  if (!verified) return { kind: 'invalid-link' };
  if (verified.sub !== caller.id) return { kind: 'another-account' };
  if (!(await consumeEmailVerificationRecord(verified.jti, verified.sub, now))) return { kind: 'invalid-link' };
  return (await markEmailVerified(verified.sub, now.toISOString())) ?? { kind: 'invalid-link' };
}
