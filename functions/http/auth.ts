// Who is calling: the session cookie's signed token names a session item, which must still exist.
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '../../shared/constants';
import { sessionSecret } from '../config';
import { db, table } from '../data/db';
import { sessionKey, userKey } from '../data/keys';
import { createSession } from '../data/sessions';
import type { UserItem } from '../data/users';
import { randomId, signToken, verifyToken } from '../domain/signed-tokens';
import { readCookie, sessionCookie } from './cookies';

export type Session = { user: UserItem; sessionId: string };

export async function readSession(event: APIGatewayProxyEventV2): Promise<Session | null> {
  const token = readCookie(event, SESSION_COOKIE);
  if (!token) return null;
  const verified = await verifyToken(await sessionSecret(), 'session', token);
  if (!verified) return null;
  const out = await db().send(
    new BatchGetCommand({
      RequestItems: { [table()]: { Keys: [sessionKey(verified.sub, verified.jti), userKey(verified.sub)], ConsistentRead: true } },
    }),
  );
  const items = out.Responses?.[table()] ?? [];
  const session = items.find((i) => i.type === 'session');
  const user = items.find((i) => i.type === 'user') as UserItem | undefined;
  if (!session || !user || Date.parse(String(session.expiresAt)) <= Date.now()) return null;
  return { user, sessionId: verified.jti };
}

/** Starts a session for the user and returns the Set-Cookie value. */
export async function startSession(userId: string): Promise<string> {
  const sessionId = randomId();
  await createSession(userId, sessionId, SESSION_TTL_SECONDS);
  const token = await signToken(await sessionSecret(), 'session', { sub: userId, jti: sessionId }, SESSION_TTL_SECONDS);
  return sessionCookie(token, SESSION_TTL_SECONDS);
}
