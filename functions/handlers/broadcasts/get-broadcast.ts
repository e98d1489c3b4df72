// GET /api/broadcasts/{id}: where the broadcast stands: { status, total, drafted, awaiting, scheduled, sent, skipped:
// { reason: count }, lastSendDate } (404 when it is not the agent's).
import { getBroadcast } from '../../data/broadcasts';
import type { NotFound } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { broadcastView } from '../../services/broadcasts';

const REFUSALS = refusalAnswers<NotFound<'broadcast'>>({ 'not-found': () => notFound('Broadcast not found') });

export const handler = defineHandler('broadcasts/get-broadcast', { refusals: REFUSALS }, async ({ user, params }) => {
  const id = params.id ?? '';
  const item = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await getBroadcast(user.id, id) : undefined;
  if (!item) return { kind: 'not-found', what: 'broadcast' };
  return { body: await broadcastView(item) };
});
