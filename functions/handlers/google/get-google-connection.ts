// GET /api/google/connection: whether the agent connected Google, the account, its locations and the chosen one.
import { getConnection } from '../../data/google-connections';
import { defineHandler } from '../../http/handler';
import { toConnection } from '../../services/google-reviews';

export const handler = defineHandler('google/get-google-connection', {}, async ({ user }) => ({
  body: toConnection(await getConnection(user.id)),
}));
