// Who is calling: the session cookie's signed token names a session item, which must still exist.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '@shared/constants';
import { sessionFromToken, type Session } from '../services/sessions';
import { readCookie, sessionCookie } from './cookies';

export type { Session };

export async function readSession(event: APIGatewayProxyEventV2): Promise<Session | null> {
  const token = readCookie(event, SESSION_COOKIE);
  return token ? sessionFromToken(token) : null;
}

/** The Set-Cookie value carrying a session token. */
export const sessionCookieFor = (token: string): string => sessionCookie(token, SESSION_TTL_SECONDS);
