// GET /api/clients: the signed-in agent's clients.
import { listClients, toClient } from '../../data/clients';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('clients/get-clients', {}, async ({ user }) => {
  const clients = await listClients(user.id);
  return { body: clients.map(toClient).sort((a, b) => a.name.localeCompare(b.name)) };
});
