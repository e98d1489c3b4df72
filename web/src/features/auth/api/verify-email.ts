// POST /api/verify-email (the token from the mailed link) and POST /api/verify-email/resend.
import useSWRMutation from 'swr/mutation';
import type { User } from '../../../../../shared/api-types';
import { api } from '../../../lib/api-client';

export const VERIFY_EMAIL_URL = '/api/verify-email';
export const RESEND_VERIFICATION_URL = '/api/verify-email/resend';

export type VerifyEmailResponse = { message: string; user: User };

export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return api.post<VerifyEmailResponse>(VERIFY_EMAIL_URL, { token });
}

export function resendVerification(): Promise<{ message: string }> {
  return api.post<{ message: string }>(RESEND_VERIFICATION_URL);
}

export function useResendVerification() {
  return useSWRMutation<{ message: string }, Error, string>(RESEND_VERIFICATION_URL, () => resendVerification());
}
