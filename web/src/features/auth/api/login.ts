// POST /api/login: signs in and puts the returned user in the session cache.
import type { User } from '@shared/api-types';
import type { LoginInput } from '@shared/schemas';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { replaceCachedUser } from '@/lib/auth';

export const LOGIN_URL = '/api/login';

export function login(input: LoginInput): Promise<User> {
  return api.post<User>(LOGIN_URL, input);
}

export function useLogin() {
  return useApiMutation(LOGIN_URL, login, replaceCachedUser);
}
