// POST /api/clients/bulk/{id}/undo: brings back the clients a bulk delete took, with their ids, dates, tags and
// history, within 10 minutes of its end (410 UNDO_EXPIRED after); the plan's cap applies to each.
import { HttpError, notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { undoBulkDelete } from '../../services/bulk-actions';

export const handler = defineHandler('clients/post-clients-bulk-undo', {}, async ({ user, params }) => {
  const outcome = await undoBulkDelete(user.id, params.id ?? '');
  switch (outcome.kind) {
    case 'undone':
      return { body: { restored: outcome.restored, failed: outcome.failed } };
    case 'not-found':
      throw notFound('Bulk action not found');
    case 'not-undoable':
      throw new HttpError(409, 'Only a bulk delete can be undone.', { code: 'NOT_UNDOABLE' });
    case 'not-finished':
      throw new HttpError(409, 'This bulk delete is still running: undo it once it has finished.', {
        code: 'NOT_FINISHED',
      });
    case 'already-undone':
      throw new HttpError(409, 'This bulk delete was already undone.', { code: 'ALREADY_UNDONE' });
    case 'expired':
      throw new HttpError(410, 'A bulk delete can be undone for 10 minutes only: these clients are gone.', {
        code: 'UNDO_EXPIRED',
      });
  }
});
