// POST /api/logout: ends the server-side session and clears the cookie.
import { deleteSession } from '../../data/sessions';
import { clearedSessionCookie } from '../../http/cookies';
import { definePublicHandler } from '../../http/handler';

export const handler = definePublicHandler('auth/post-logout', {}, async ({ session }) => {
  const current = await session();
  if (current) await deleteSession(current.user.id, current.sessionId);
  return { status: 204, cookies: [clearedSessionCookie()] };
});
