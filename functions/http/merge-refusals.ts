// How the merge routes answer what a merge or its undo refuses (functions/services/client-merge.ts).
import type { MergeRefusal } from '../services/client-merge';
import { conflict, HttpError, notFound, type RefusalTable } from './errors';

export const MERGE_ANSWERS: RefusalTable<MergeRefusal> = {
  'not-found': ({ what }) => notFound(what === 'client' ? 'Client not found' : 'Merge not found'),
  'registration-pending': ({ clientId }) =>
    new HttpError(
      409,
      'This client registered through your directory page and is not confirmed yet: accept or confirm the registration before merging.',
      { code: 'REGISTRATION_PENDING', errors: { clientId } },
    ),
  'already-undone': () => new HttpError(409, 'This merge was already undone.', { code: 'ALREADY_UNDONE' }),
  'merge-in-progress': () =>
    new HttpError(409, 'These clients are being merged right now. Try again in a minute.', {
      code: 'MERGE_IN_PROGRESS',
    }),
  'merge-unfinished': () => conflict('This merge did not finish and cannot be undone.'),
  'undo-expired': () =>
    new HttpError(410, 'A merge can be undone for 10 minutes only: this one can no longer be undone.', {
      code: 'UNDO_EXPIRED',
    }),
};
