// GET /api/outgoing: the agent's queue, soonest first: automatic messages awaiting approval and
// messages scheduled, with how many wait for approval (the navigation badge).
import { outgoingQueue } from '../../services/outgoing';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('outgoing/get-outgoing', {}, async ({ user }) => ({
  body: await outgoingQueue(user),
}));
