// POST /api/google/connect { features? }: Google's consent page for the signed-in agent (state bound to this session,
// PKCE); with `features: ['contacts']` or `['calendar']`, that feature's consent added to what was granted before.
import { googleConnectSchema } from '@shared/google';
import { defineHandler } from '../../http/handler';
import { GOOGLE_ERRORS } from '../../http/google-errors';
import { startGoogleConnection } from '../../services/google-reviews';

export const handler = defineHandler(
  'google/post-google-connect',
  { body: googleConnectSchema, errors: GOOGLE_ERRORS },
  async ({ user, sessionId, body }) => ({
    body: { authorizationUrl: await startGoogleConnection(user.id, sessionId, body.features ?? []) },
  }),
);
