// GET /api/clients/{id}: one of the agent's clients, so the client's page loads without the list. Another agent's
// client is not found, as an unknown one is.
import { isId } from '@shared/schemas';
import { actorOf, clientFor } from '../../data/client-access';
import { toClient } from '../../data/clients';
import { badRequest, notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('clients/get-client', {}, async ({ user, params }) => {
  if (!isId(params.id)) throw badRequest('The client id in the URL is not valid.', undefined, 'BAD_PATH_PARAMETER');
  const client = await clientFor(actorOf(user), params.id);
  if (!client) throw notFound('Client not found');
  return { body: toClient(client) };
});
