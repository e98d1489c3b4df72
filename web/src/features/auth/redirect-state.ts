// Where to go after signing in: the protected page that sent the visitor to /auth, else the first
// screen: Today on a phone (what the agent acts on between showings), the dashboard elsewhere.
import { paths } from '@/config/paths';

export type AuthRedirectState = { from: string };

export function authRedirectState(location: { pathname: string; search: string; hash: string }): AuthRedirectState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

export function redirectTarget(state: unknown, { isPhone = false }: { isPhone?: boolean } = {}): string {
  const from = typeof state === 'object' && state !== null ? (state as Partial<AuthRedirectState>).from : undefined;
  const firstScreen = isPhone ? paths.today.getHref() : paths.home.getHref();
  // Only same-app paths (never `//host`), and never back to the sign-in screen itself; home is no
  // particular page, so a phone opens on its first screen.
  if (
    typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !from.startsWith(paths.auth.path) &&
    from !== paths.home.getHref()
  )
    return from;
  return firstScreen;
}
