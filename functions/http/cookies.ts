// The session cookie: HttpOnly, SameSite=Lax, Secure except on http://localhost.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SESSION_COOKIE } from '../../shared/constants';
import { config } from '../config';

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
  const parts = ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (!config().insecureLocalhost) parts.push('Secure');
  return parts.join('; ');
}

export const sessionCookie = (token: string, maxAgeSeconds: number): string => `${SESSION_COOKIE}=${token}; ${attributes(maxAgeSeconds)}`;
export const clearedSessionCookie = (): string => `${SESSION_COOKIE}=; ${attributes(0)}`;
