// DELETE /api/segments/{id}: deletes one of the agent's segments (404 when it is not theirs); the clients stay.
import { deleteSegment } from '../../data/segments';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('segments/delete-segment', {}, async ({ user, params }) => {
  if (!(await deleteSegment(user.id, params.id ?? ''))) throw notFound('Segment not found');
  return { status: 204 };
});
