// POST /api/clients/{id}/accept-registration: the agent accepts a client who registered through the
// public directory without waiting for the client's own confirmation: the client takes a plan slot
// (403 UPGRADE_REQUIRED when the free plan is full), gets automatic messages and completes the
// agent's open invitation. A client who is not pending is answered as is.
import { toClient } from '../../data/clients';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { acceptRegistration } from '../../services/client-registration';

const REFUSALS = refusalAnswers<RefusalOf<typeof acceptRegistration>>({
  'not-found': () => notFound('Client not found'),
});

export const handler = defineHandler(
  'clients/post-client-accept-registration',
  { errors: CLIENT_WRITE_ERRORS, refusals: REFUSALS },
  async ({ user, params }) => {
    const client = await acceptRegistration(user, params.id ?? '');
    return isRefusal(client) ? client : { body: toClient(client) };
  },
);
