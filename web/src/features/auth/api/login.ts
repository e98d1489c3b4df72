// POST /api/login: signs in and puts the returned user in the session cache.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { User } from '../../../../../shared/api-types';
import type { LoginInput } from '../../../../../shared/schemas';
import { api } from '../../../lib/api-client';
import { USER_KEY } from '../../../lib/auth';

export const LOGIN_URL = '/api/login';

export function login(input: LoginInput): Promise<User> {
  return api.post<User>(LOGIN_URL, input);
}

export function useLogin() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<User, Error, string, LoginInput>(LOGIN_URL, async (_url, { arg }) => {
    const user = await login(arg);
    await mutate(USER_KEY, user, { revalidate: false });
    return user;
  });
}
