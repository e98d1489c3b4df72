// GET /api/clients/{id}: one of the agent's clients, so the client's page loads without the list. Another agent's
// client is not found, as an unknown one is.
import { isId } from '@shared/schemas';
import { isRefusal, type InvalidId, type NotFound } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { INVALID_ID_ANSWERS } from '../../http/request-refusals';
import { readClient } from '../../services/clients';

const REFUSALS = refusalAnswers<InvalidId | NotFound<'client'>>({
  ...INVALID_ID_ANSWERS,
  'not-found': () => notFound('Client not found'),
});

export const handler = defineHandler('clients/get-client', { refusals: REFUSALS }, async ({ user, params }) => {
  if (!isId(params.id)) return { kind: 'invalid-id', what: 'client' };
  const client = await readClient(user, params.id);
  return isRefusal(client) ? client : { body: client };
});
