// GET /api/clients/{id}/milestones: the achievements of one of the agent's clients.
import { actorOf, clientFor } from '../../data/client-access';
import { listMilestones } from '../../data/milestones';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('clients/get-client-milestones', {}, async ({ user, params }) => {
  const client = await clientFor(actorOf(user), params.id ?? '');
  if (!client) throw notFound('Client not found');
  return { body: await listMilestones(client.id) };
});
