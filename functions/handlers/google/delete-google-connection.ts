// DELETE /api/google/connection: revokes the agent's Google token and forgets it, with the synced reviews.
import { defineHandler } from '../../http/handler';
import { disconnectGoogle } from '../../services/google-reviews';

export const handler = defineHandler('google/delete-google-connection', {}, async ({ user }) => ({
  body: await disconnectGoogle(user.id),
}));
