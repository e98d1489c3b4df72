// POST /api/password-reset/request: asks for a reset e-mail (the answer never says whether the
// account exists).
import useSWRMutation from 'swr/mutation';
import type { ResetRequestInput } from '@shared/schemas';
import { api } from '@/lib/api-client';

export const REQUEST_PASSWORD_RESET_URL = '/api/password-reset/request';

export async function requestPasswordReset(input: ResetRequestInput): Promise<void> {
  await api.post<unknown>(REQUEST_PASSWORD_RESET_URL, input);
}

export function useRequestPasswordReset() {
  return useSWRMutation<void, Error, string, ResetRequestInput>(REQUEST_PASSWORD_RESET_URL, (_url, { arg }) =>
    requestPasswordReset(arg),
  );
}
