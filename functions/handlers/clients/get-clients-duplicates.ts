// GET /api/clients/duplicates: the agent's likely duplicates, grouped by why they look alike, with those clients.
import { defineHandler } from '../../http/handler';
import { findDuplicates } from '../../services/client-merge';

export const handler = defineHandler('clients/get-clients-duplicates', {}, async ({ user }) => ({
  body: await findDuplicates(user.id),
}));
