// POST /api/register: creates the account (the answer signs the user in) and caches the user.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { User } from '../../../../../shared/api-types';
import type { RegisterInput } from '../../../../../shared/schemas';
import { api } from '../../../lib/api-client';
import { USER_KEY } from '../../../lib/auth';

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

export function register(input: RegisterRequest): Promise<User> {
  return api.post<User>(REGISTER_URL, { ...input, timeZone: browserTimeZone() });
}

export function useRegister() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<User, Error, string, RegisterRequest>(REGISTER_URL, async (_url, { arg }) => {
    const user = await register(arg);
    await mutate(USER_KEY, user, { revalidate: false });
    return user;
  });
}
