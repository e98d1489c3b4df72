// How the merge routes answer what a merge or its undo refuses (functions/services/client-merge.ts).
import type { MergeRefusal } from '../services/client-merge';
import { conflict, HttpError, notFound } from './errors';

export function mergeRefusalAnswer(refusal: MergeRefusal): HttpError {
  switch (refusal.kind) {
    case 'not-found':
      return notFound(refusal.what === 'client' ? 'Client not found' : 'Merge not found');
    case 'registration-pending':
      return new HttpError(
        409,
        'This client registered through your directory page and is not confirmed yet: accept or confirm the registration before merging.',
        { code: 'REGISTRATION_PENDING', errors: { clientId: refusal.clientId } },
      );
    case 'already-undone':
      return new HttpError(409, 'This merge was already undone.', { code: 'ALREADY_UNDONE' });
    case 'merge-in-progress':
      return new HttpError(409, 'These clients are being merged right now. Try again in a minute.', {
        code: 'MERGE_IN_PROGRESS',
      });
    case 'merge-unfinished':
      return conflict('This merge did not finish and cannot be undone.');
    case 'undo-expired':
      return new HttpError(410, 'A merge can be undone for 10 minutes only: this one can no longer be undone.', {
        code: 'UNDO_EXPIRED',
      });
  }
}
