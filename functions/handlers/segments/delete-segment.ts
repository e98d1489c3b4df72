// DELETE /api/segments/{id}: deletes one of the agent's segments (404 when it is not theirs); the clients stay.
import { deleteSegment } from '../../data/segments';
import type { NotFound } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';

const REFUSALS = refusalAnswers<NotFound<'segment'>>({ 'not-found': () => notFound('Segment not found') });

export const handler = defineHandler('segments/delete-segment', { refusals: REFUSALS }, async ({ user, params }) => {
  if (!(await deleteSegment(user.id, params.id ?? ''))) return { kind: 'not-found', what: 'segment' };
  return { status: 204 };
});
