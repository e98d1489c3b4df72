// POST /api/logout: ends the session, forgets every cached read and sets the user to null. Offline, this device is
// signed out at once and the logout is sent when the network returns (lib/auth.ts).
import { useApiMutation } from '@/lib/api-mutation';
import { forgetSession, LOGOUT_URL, logout } from '@/lib/auth';

export { LOGOUT_URL, logout };

export function useLogout() {
  return useApiMutation(LOGOUT_URL, logout, forgetSession);
}
