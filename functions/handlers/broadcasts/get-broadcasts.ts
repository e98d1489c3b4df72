// GET /api/broadcasts: the agent's recent broadcasts, newest first, each as GET /api/broadcasts/{id} answers it.
import { defineHandler } from '../../http/handler';
import { recentBroadcasts } from '../../services/broadcasts';

export const handler = defineHandler('broadcasts/get-broadcasts', {}, async ({ user }) => ({
  body: { broadcasts: await recentBroadcasts(user.id) },
}));
