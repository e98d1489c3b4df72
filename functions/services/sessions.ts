// Sessions: the signed token a cookie carries names a session item, which must still exist, so
// logout and a password reset really end a session. The cookie itself is functions/http/auth.ts's.
import { SESSION_TTL_SECONDS } from '@shared/constants';
import { signingKeys } from '../config';
import { createSession, getLiveSession } from '../data/sessions';
import { isAdmin, type UserItem } from '../data/users';
import { randomId, signToken, verifyToken } from '../domain/signed-tokens';

export { isAdmin, type UserItem };

export type Session = { user: UserItem; sessionId: string };

/** The live session a token names, or null when the token is forged or expired or the session ended. */
export async function sessionFromToken(token: string): Promise<Session | null> {
  const verified = await verifyToken(await signingKeys(), 'session', token);
  if (!verified) return null;
  const live = await getLiveSession(verified.sub, verified.jti);
  return live ? { user: live.user, sessionId: verified.jti } : null;
}

/** Starts a session for the user and returns its signed token (valid SESSION_TTL_SECONDS). */
export async function openSession(userId: string): Promise<string> {
  const sessionId = randomId();
  await createSession(userId, sessionId, SESSION_TTL_SECONDS);
  return signToken(await signingKeys(), 'session', { sub: userId, jti: sessionId }, SESSION_TTL_SECONDS);
}
