// POST /api/logout: ends the session, forgets every cached read and sets the user to null.
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { forgetSession } from '@/lib/auth';

export const LOGOUT_URL = '/api/logout';

export function logout(): Promise<void> {
  return api.post<void>(LOGOUT_URL);
}

export function useLogout() {
  return useApiMutation(LOGOUT_URL, logout, forgetSession);
}
