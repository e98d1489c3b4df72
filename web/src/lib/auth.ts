// GET /api/user: the signed-in user, or null when the session is missing (a 401 is not an error).
import useSWR, { type ScopedMutator } from 'swr';
import type { User } from '@shared/api-types';
import { api, nullWhen } from './api-client';
import { forgetSignedInAccount } from './offline/offline-queue';

export const USER_KEY = '/api/user';

export function getUser(): Promise<User | null> {
  return nullWhen(401, api.get<User>(USER_KEY));
}

export function useUser() {
  const { data, error, isLoading, mutate } = useSWR<User | null, Error>(USER_KEY, getUser);
  return { user: data ?? null, isLoading, error, mutate };
}

/**
 * Puts `user` (the answer of a write that returns the user, or null after sign-out) in the session cache without
 * reading it again.
 */
export function replaceCachedUser(mutate: ScopedMutator, user: User | null): Promise<unknown> {
  return mutate(USER_KEY, user, { revalidate: false });
}

/**
 * After a session ends (sign-out, a closed account): the next person on this browser sees no cached data, in memory or
 * kept for offline use.
 */
export async function forgetSession(mutate: ScopedMutator): Promise<void> {
  await forgetSignedInAccount();
  await mutate((key) => key !== USER_KEY, undefined, { revalidate: false });
  await replaceCachedUser(mutate, null);
}
