// POST /api/clients/merge/{id}/undo: within 10 minutes, both clients come back as they were, with their histories.
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { defineHandler } from '../../http/handler';
import { mergeRefusalAnswer } from '../../http/merge-answers';
import { undoMerge } from '../../services/client-merge';

export const handler = defineHandler(
  'clients/post-clients-merge-undo',
  { errors: CLIENT_WRITE_ERRORS },
  async ({ user, params }) => {
    const undone = await undoMerge(user.id, params.id ?? '');
    if ('kind' in undone) throw mergeRefusalAnswer(undone);
    return { body: undone };
  },
);
