// POST /api/verify-email (the token from the mailed link) and POST /api/verify-email/resend.
import useSWRMutation from 'swr/mutation';
import type { EmailVerified, MessageResult } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { replaceCachedUser } from '@/lib/auth';

export const VERIFY_EMAIL_URL = '/api/verify-email';
export const RESEND_VERIFICATION_URL = '/api/verify-email/resend';

export function verifyEmail(token: string): Promise<EmailVerified> {
  return api.post<EmailVerified>(VERIFY_EMAIL_URL, { token });
}

/** Verifies, signed in as the account the link was mailed for, and puts the verified user in the session cache. */
export function useVerifyEmail() {
  return useApiMutation(VERIFY_EMAIL_URL, verifyEmail, (mutate, result) => replaceCachedUser(mutate, result.user));
}

export function resendVerification(): Promise<MessageResult> {
  return api.post<MessageResult>(RESEND_VERIFICATION_URL);
}

export function useResendVerification() {
  return useSWRMutation<MessageResult, Error, string>(RESEND_VERIFICATION_URL, () => resendVerification());
}
