// GET /api/user: the signed-in user, or null when the session is missing (a 401 is not an error). And the session's end
// on this device: POST /api/logout, taken offline too (the device is signed out at once, the logout sent later).
import useSWR, { type ScopedMutator } from 'swr';
import type { User } from '@shared/api-types';
import { api, ApiError, isNetworkFailure, nullWhen, OfflineError } from './api-client';
import { forgetSignedInAccount } from './offline/offline-queue';
import {
  forgetPendingLogout,
  hasPendingLogout,
  isMarkedSignedOut,
  rememberPendingLogout,
} from './offline/offline-store';

export const USER_KEY = '/api/user';
export const LOGOUT_URL = '/api/logout';

/**
 * Who is signed in. A logout taken offline is sent first and the answer is null whatever it gives: the session it ends
 * must not sign the device in again. A 401 (the session ended elsewhere, expired, a password reset) deletes the
 * account's offline copies and waiting writes before null is answered; offline, a device marked signed out answers null
 * (the sign-in page) rather than an error.
 */
export async function getUser(): Promise<User | null> {
  if (await hasPendingLogout()) {
    await sendPendingLogout();
    return null;
  }
  let user: User | null;
  try {
    user = await nullWhen(401, api.get<User>(USER_KEY));
  } catch (error) {
    if (error instanceof OfflineError && (await isMarkedSignedOut())) return null;
    throw error;
  }
  if (!user) await forgetSignedInAccount();
  return user;
}

/**
 * POST /api/logout. Offline, the sign-out goes ahead on this device (the caller forgets the session) and the logout
 * waits to be sent; a browser that cannot keep it fails as before.
 */
export async function logout(): Promise<void> {
  try {
    await api.post<void>(LOGOUT_URL);
  } catch (error) {
    if (!isNetworkFailure(error) || !(await rememberPendingLogout())) throw error;
  }
}

export type PendingLogoutOutcome = 'none' | 'sent' | 'offline' | 'busy';
let sending: Promise<PendingLogoutOutcome> | null = null;

/**
 * Sends the logout taken offline, if one waits (one send at a time). It is forgotten once the server has answered it
 * (a 401 too: that session had ended already), and stays while the network is down or the server busy (5xx, 429).
 */
export function sendPendingLogout(): Promise<PendingLogoutOutcome> {
  sending ??= (async (): Promise<PendingLogoutOutcome> => {
    if (!(await hasPendingLogout())) return 'none';
    try {
      await api.post<void>(LOGOUT_URL);
    } catch (error) {
      if (!(error instanceof ApiError)) return 'offline';
      if (error.status >= 500 || error.status === 429) return 'busy';
    }
    await forgetPendingLogout();
    return 'sent';
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/** Sends a logout taken offline whenever the browser is back online (getUser sends it at the next start); the stop. */
export function sendPendingLogoutWhenOnline(): () => void {
  const send = () => void sendPendingLogout();
  window.addEventListener('online', send);
  return () => window.removeEventListener('online', send);
}

/**
 * Before a sign-in (login, registration): a logout taken offline is sent first, as once the new session's cookie
 * replaces the old one a later send would end the new session. A server that cannot take it now does not hold the
 * sign-in up (the old cookie is replaced all the same); with the network down it stays, and the sign-in fails.
 */
export async function sendPendingLogoutBeforeSignIn(): Promise<void> {
  if (!(await hasPendingLogout())) return;
  try {
    await api.post<void>(LOGOUT_URL);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  await forgetPendingLogout();
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
 * After a session ends (sign-out, offline too, a closed account): the device is marked signed out and the next person
 * on this browser sees no cached data, in memory or kept for offline use.
 */
export async function forgetSession(mutate: ScopedMutator): Promise<void> {
  await forgetSignedInAccount();
  await mutate((key) => key !== USER_KEY, undefined, { revalidate: false });
  await replaceCachedUser(mutate, null);
}
