// POST /api/verify-email: confirms the agent's e-mail with the token from the mailed link (once), signed in as the
// account it was mailed to.
import { MESSAGES, verifyEmailSchema } from '@shared/schemas';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { badRequest, HttpError, refusalAnswers } from '../../http/errors';
import { definePublicHandler } from '../../http/handler';
import { toPublicUser } from '../../data/users';
import { followVerificationLink } from '../../services/email-verification';

export const EMAIL_VERIFIED_MESSAGE = 'Your e-mail address is verified.';
export const SIGN_IN_TO_VERIFY_MESSAGE = 'Sign in to the account this link was sent for, then open the link again.';
export const ANOTHER_ACCOUNT_MESSAGE =
  'This link verifies another account. Sign out, then sign in to the account it was sent for.';

const REFUSALS = refusalAnswers<RefusalOf<typeof followVerificationLink>>({
  'sign-in-required': () => new HttpError(401, SIGN_IN_TO_VERIFY_MESSAGE, { code: 'SIGN_IN_REQUIRED' }),
  'another-account': () => new HttpError(403, ANOTHER_ACCOUNT_MESSAGE, { code: 'ANOTHER_ACCOUNT' }),
  'invalid-link': () => badRequest(MESSAGES.invalidVerificationLink, undefined, 'INVALID_VERIFICATION_TOKEN'),
});

export const handler = definePublicHandler(
  'auth/post-verify-email',
  { body: verifyEmailSchema, refusals: REFUSALS },
  async ({ body, session, log }) => {
    const user = await followVerificationLink(body.token, (await session())?.user);
    if (isRefusal(user)) return user;
    log.info('e-mail verified', { userId: user.id });
    return { body: { message: EMAIL_VERIFIED_MESSAGE, user: toPublicUser(user) } };
  },
);
