// GET /api/broadcasts/{id}: where the broadcast stands: { status, total, drafted, awaiting, scheduled, sent, skipped:
// { reason: count }, lastSendDate } (404 when it is not the agent's).
import { getBroadcast } from '../../data/broadcasts';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { broadcastView } from '../../services/broadcasts';

export const handler = defineHandler('broadcasts/get-broadcast', {}, async ({ user, params }) => {
  const id = params.id ?? '';
  const item = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await getBroadcast(user.id, id) : undefined;
  if (!item) throw notFound('Broadcast not found');
  return { body: await broadcastView(item) };
});
