// Who is calling: the session cookie's signed token names a session item, which must still exist.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '@shared/constants';
import { openSession, sessionFromToken, type Session } from '../services/sessions';
import { readCookie, sessionCookie } from './cookies';

export type { Session };

export async function readSession(event: APIGatewayProxyEventV2): Promise<Session | null> {
  const token = readCookie(event, SESSION_COOKIE);
  return token ? sessionFromToken(token) : null;
}

/** Starts a session for the user and returns the Set-Cookie value. */
export async function startSession(userId: string): Promise<string> {
  return sessionCookieFor(await openSession(userId));
}

/** The Set-Cookie value carrying a session token. */
export const sessionCookieFor = (token: string): string => sessionCookie(token, SESSION_TTL_SECONDS);
