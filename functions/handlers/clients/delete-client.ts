// DELETE /api/clients/{id}: deletes one of the agent's clients and frees its plan slot.
import { deleteClient } from '../../data/clients';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('clients/delete-client', {}, async ({ user, params }) => {
  if (!(await deleteClient(user.id, params.id ?? ''))) throw notFound('Client not found');
  return { status: 204 };
});
