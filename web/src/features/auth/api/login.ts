// POST /api/login: signs in and puts the returned user in the session cache.
import type { User } from '@shared/api-types';
import type { LoginInput } from '@shared/schemas';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { replaceCachedUser, sendPendingLogoutBeforeSignIn } from '@/lib/auth';

export const LOGIN_URL = '/api/login';

export async function login(input: LoginInput): Promise<User> {
  await sendPendingLogoutBeforeSignIn();
  return api.post<User>(LOGIN_URL, input);
}

export function useLogin() {
  return useApiMutation(LOGIN_URL, login, replaceCachedUser);
}
