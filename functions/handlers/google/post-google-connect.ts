// POST /api/google/connect: Google's consent page for the signed-in agent (state bound to this session, PKCE).
import { defineHandler } from '../../http/handler';
import { GOOGLE_ERRORS } from '../../http/google-errors';
import { startGoogleConnection } from '../../services/google-reviews';

export const handler = defineHandler(
  'google/post-google-connect',
  { errors: GOOGLE_ERRORS },
  async ({ user, sessionId }) => ({
    body: { authorizationUrl: await startGoogleConnection(user.id, sessionId) },
  }),
);
