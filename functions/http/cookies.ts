// The session cookie: __Host- prefixed, so always Secure, Path=/ and without Domain; HttpOnly,
// SameSite=Lax. Browsers keep Secure cookies from http://localhost and http://127.0.0.1 (both are
// potentially trustworthy origins), so the local runtime needs no exception.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SESSION_COOKIE } from '@shared/constants';

export function readCookie(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const all = [...(event.cookies ?? []), ...(event.headers?.cookie ? event.headers.cookie.split(';') : [])];
  for (const pair of all) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    if (pair.slice(0, index).trim() === name) {
      const value = pair.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function attributes(maxAgeSeconds: number): string {
  return ['Path=/', 'Secure', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`].join('; ');
}

export const sessionCookie = (token: string, maxAgeSeconds: number): string =>
  `${SESSION_COOKIE}=${token}; ${attributes(maxAgeSeconds)}`;
export const clearedSessionCookie = (): string => `${SESSION_COOKIE}=; ${attributes(0)}`;
