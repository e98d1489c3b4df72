// GET /api/google/callback?code=&state=: where Google's consent page sends the browser back. The state is taken once
// and must be this session's; the answer is always a redirect to /reviews, saying how it went.
import { googleCallbackQuerySchema } from '@shared/reviews';
import { definePublicHandler } from '../../http/handler';
import { completeGoogleConnection } from '../../services/google-reviews';

export const handler = definePublicHandler(
  'google/get-google-callback',
  { query: googleCallbackQuerySchema },
  async ({ query, session }) => {
    const current = await session();
    const outcome = await completeGoogleConnection(
      query,
      current ? { agentId: current.user.id, sessionId: current.sessionId } : null,
    );
    return { status: 302, headers: { location: `/reviews?google=${outcome}` } };
  },
);
