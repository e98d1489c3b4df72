// Where to go after signing in: the protected page that sent the visitor to /auth, else home.
import { paths } from '@/config/paths';

export type AuthRedirectState = { from: string };

export function authRedirectState(location: { pathname: string; search: string; hash: string }): AuthRedirectState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

export function redirectTarget(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as Partial<AuthRedirectState>).from : undefined;
  // Only same-app paths (never `//host`), and never back to the sign-in screen itself.
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(paths.auth.path))
    return from;
  return paths.home.getHref();
}
