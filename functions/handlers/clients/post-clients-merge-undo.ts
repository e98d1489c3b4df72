// POST /api/clients/merge/{id}/undo: within 10 minutes, both clients come back as they were, with their histories.
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { defineHandler } from '../../http/handler';
import { mergeRefusalAnswer } from '../../http/merge-answers';
import { undoMerge } from '../../services/client-merge';

export const handler = defineHandler(
  'clients/post-clients-merge-undo',
  { errors: CLIENT_WRITE_ERRORS },
  async ({ user, params }) => {
    // A merge id is ours (randomId): anything else names no merge, and would not fit in a key.
    const id = params.id ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw mergeRefusalAnswer({ kind: 'not-found', what: 'merge' });
    const undone = await undoMerge(user.id, id);
    if ('kind' in undone) throw mergeRefusalAnswer(undone);
    return { body: undone };
  },
);
