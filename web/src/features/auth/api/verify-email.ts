// POST /api/verify-email (the token from the mailed link) and POST /api/verify-email/resend.
import useSWRMutation from 'swr/mutation';
import type { EmailVerified, MessageResult } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const VERIFY_EMAIL_URL = '/api/verify-email';
export const RESEND_VERIFICATION_URL = '/api/verify-email/resend';

export function verifyEmail(token: string): Promise<EmailVerified> {
  return api.post<EmailVerified>(VERIFY_EMAIL_URL, { token });
}

export function resendVerification(): Promise<MessageResult> {
  return api.post<MessageResult>(RESEND_VERIFICATION_URL);
}

export function useResendVerification() {
  return useSWRMutation<MessageResult, Error, string>(RESEND_VERIFICATION_URL, () => resendVerification());
}
