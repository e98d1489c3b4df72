// POST /api/logout: ends the session, forgets every cached read and sets the user to null.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import { USER_KEY } from '../../../lib/auth';

export const LOGOUT_URL = '/api/logout';

export function logout(): Promise<void> {
  return api.post<void>(LOGOUT_URL);
}

export function useLogout() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<void, Error, string>(LOGOUT_URL, async () => {
    await logout();
    // The next person on this browser must not see the previous agent's cached data.
    await mutate((key) => key !== USER_KEY, undefined, { revalidate: false });
    await mutate(USER_KEY, null, { revalidate: false });
  });
}
