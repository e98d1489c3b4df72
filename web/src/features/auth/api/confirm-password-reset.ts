// POST /api/password-reset/confirm: sets a new password with the token from the e-mailed link.
import useSWRMutation from 'swr/mutation';
import type { MessageResult } from '@shared/api-types';
import type { ResetConfirmInput } from '@shared/schemas';
import { api } from '@/lib/api-client';

export const CONFIRM_PASSWORD_RESET_URL = '/api/password-reset/confirm';

export function confirmPasswordReset(input: ResetConfirmInput): Promise<MessageResult | undefined> {
  return api.post<MessageResult | undefined>(CONFIRM_PASSWORD_RESET_URL, input);
}

export function useConfirmPasswordReset() {
  return useSWRMutation<MessageResult | undefined, Error, string, ResetConfirmInput>(
    CONFIRM_PASSWORD_RESET_URL,
    (_url, { arg }) => confirmPasswordReset(arg),
  );
}
