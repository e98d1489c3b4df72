// DELETE /api/clients/{id}: erases one of the agent's clients (functions/services/client-erasure.ts): their
// registrations, videos and history go with them, and their plan slot is freed.
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { eraseClient } from '../../services/client-erasure';

const REFUSALS = refusalAnswers<RefusalOf<typeof eraseClient>>({ 'not-found': () => notFound('Client not found') });

export const handler = defineHandler('clients/delete-client', { refusals: REFUSALS }, async ({ user, params, log }) => {
  const erased = await eraseClient(user.id, params.id ?? '', log);
  return isRefusal(erased) ? erased : { status: 204 };
});
