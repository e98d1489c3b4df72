// POST /api/logout: ends the session, forgets every cached read and sets the user to null.
import type { ScopedMutator } from 'swr';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { USER_KEY, replaceCachedUser } from '@/lib/auth';

export const LOGOUT_URL = '/api/logout';

export function logout(): Promise<void> {
  return api.post<void>(LOGOUT_URL);
}

/** The next person on this browser must not see the previous agent's cached data. */
async function forgetSession(mutate: ScopedMutator): Promise<void> {
  await mutate((key) => key !== USER_KEY, undefined, { revalidate: false });
  await replaceCachedUser(mutate, null);
}

export function useLogout() {
  return useApiMutation(LOGOUT_URL, logout, forgetSession);
}
