// POST /api/outgoing/{id}/skip: drops a message waiting for approval or scheduled (its daily-cap
// slot goes back); it stays in the client's activity as skipped. Repeated, it answers the same.
import { skipOutgoing } from '../../services/outgoing';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('outgoing/post-outgoing-skip', {}, async ({ user, params }) => ({
  body: await skipOutgoing(user, params.id ?? ''),
}));
