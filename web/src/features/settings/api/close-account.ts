// DELETE /api/user: closes the account (the password again); the session ends with it.
import type { AccountClosed } from '@shared/api-types';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { forgetSession, USER_KEY } from '@/lib/auth';

export function closeAccount(password: string): Promise<AccountClosed> {
  return api.delete<AccountClosed>(USER_KEY, { password });
}

export function useCloseAccount() {
  return useApiMutation(`${USER_KEY}#delete`, closeAccount, forgetSession);
}
