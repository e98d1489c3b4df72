// GET /api/google/callback?code=&state=: where Google's consent page sends the browser back. The state is taken once
// and must be this session's; the answer is always a redirect saying how it went: to /reviews, or to /settings when
// the agent was turning a feature on (`declined` naming a feature Google did not grant).
import { googleCallbackQuerySchema } from '@shared/reviews';
import { definePublicHandler } from '../../http/handler';
import { completeGoogleConnection } from '../../services/google-reviews';

export const handler = definePublicHandler(
  'google/get-google-callback',
  { query: googleCallbackQuerySchema },
  async ({ query, session }) => {
    const current = await session();
    const { outcome, asked, declined } = await completeGoogleConnection(
      query,
      current ? { agentId: current.user.id, sessionId: current.sessionId } : null,
    );
    const back = new URLSearchParams({ google: outcome, ...(declined.length ? { declined: declined.join(',') } : {}) });
    return { status: 302, headers: { location: `/${asked.length ? 'settings' : 'reviews'}?${back.toString()}` } };
  },
);
