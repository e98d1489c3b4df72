// POST /api/clients/merge/{id}/undo: within 10 minutes, both clients come back as they were, with their histories.
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { MERGE_ANSWERS } from '../../http/merge-refusals';
import { undoMerge } from '../../services/client-merge';

export const handler = defineHandler(
  'clients/post-clients-merge-undo',
  { errors: CLIENT_WRITE_ERRORS, refusals: refusalAnswers<RefusalOf<typeof undoMerge>>(MERGE_ANSWERS) },
  async ({ user, params }) => {
    // A merge id is ours (randomId): anything else names no merge, and would not fit in a key.
    const id = params.id ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return { kind: 'not-found', what: 'merge' };
    const undone = await undoMerge(user.id, id);
    return isRefusal(undone) ? undone : { body: undone };
  },
);
