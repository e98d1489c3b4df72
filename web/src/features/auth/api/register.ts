// POST /api/register: creates the account (the answer signs the user in) and caches the user.
import type { User } from '@shared/api-types';
import type { RegisterInput } from '@shared/schemas';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { replaceCachedUser, sendPendingLogoutBeforeSignIn } from '@/lib/auth';

export const REGISTER_URL = '/api/register';

export type RegisterRequest = Pick<RegisterInput, 'username' | 'password' | 'fullName' | 'phone'>;

/** The browser's IANA time zone: the server sends the daily reminder digest at 8 am local time. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export async function register(input: RegisterRequest): Promise<User> {
  await sendPendingLogoutBeforeSignIn();
  return api.post<User>(REGISTER_URL, { ...input, timeZone: browserTimeZone() });
}

export function useRegister() {
  return useApiMutation(REGISTER_URL, register, replaceCachedUser);
}
