// POST /api/clients/bulk/{id}/undo: brings back the clients a bulk delete took, with their ids, dates, tags and
// history, within 10 minutes of its end (410 UNDO_EXPIRED after); the plan's cap applies to each.
import { isRefusal } from '../../domain/refusals';
import { HttpError, notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { undoBulkDelete, type UndoRefusal } from '../../services/bulk-actions';

const REFUSALS = refusalAnswers<UndoRefusal>({
  'not-found': () => notFound('Bulk action not found'),
  'not-undoable': () => new HttpError(409, 'Only a bulk delete can be undone.', { code: 'NOT_UNDOABLE' }),
  'still-running': () =>
    new HttpError(409, 'This bulk delete is still running: undo it once it has finished.', { code: 'NOT_FINISHED' }),
  'already-undone': () => new HttpError(409, 'This bulk delete was already undone.', { code: 'ALREADY_UNDONE' }),
  'undo-expired': () =>
    new HttpError(410, 'A bulk delete can be undone for 10 minutes only: these clients are gone.', {
      code: 'UNDO_EXPIRED',
    }),
});

export const handler = defineHandler(
  'clients/post-clients-bulk-undo',
  { refusals: REFUSALS },
  async ({ user, params }) => {
    const undone = await undoBulkDelete(user.id, params.id ?? '');
    return isRefusal(undone) ? undone : { body: { restored: undone.restored, failed: undone.failed } };
  },
);
