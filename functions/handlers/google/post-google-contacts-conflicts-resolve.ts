// POST /api/google/contacts/conflicts/resolve { clientId, field, keep }: the agent's choice for one conflict: Google's
// value set on the client ('google'), or the client's written to the contact in Google ('hearthside'); answers the
// conflicts left. A conflict that is no longer there is a 404; a contact that changed in Google again while it was
// written (read again and retried once) is a 409 to look at again; Google's e-mail that is another client's, a 409.
import { isRefusal } from '../../domain/refusals';
import { CLIENT_WRITE_ERRORS } from '../../http/client-errors';
import { HttpError, notFound, refusalAnswers } from '../../http/errors';
import { GOOGLE_ERRORS, GOOGLE_FEATURE_ANSWERS } from '../../http/google-errors';
import { defineHandler } from '../../http/handler';
import { contactConflictResolutionSchema } from '@shared/google';
import { resolveContactConflict, type ResolveRefusal } from '../../services/google-contacts-conflicts';

const REFUSALS = refusalAnswers<ResolveRefusal>({
  ...GOOGLE_FEATURE_ANSWERS,
  'not-found': () => notFound('That conflict is not there any more: it was resolved, or a newer sync replaced it.'),
  'contact-changed-again': () =>
    new HttpError(409, 'The contact changed in Google again while it was being saved. Look at it and choose again.', {
      code: 'CONTACT_CHANGED_AGAIN',
    }),
});

export const handler = defineHandler(
  'google/post-google-contacts-conflicts-resolve',
  { body: contactConflictResolutionSchema, refusals: REFUSALS, errors: [...GOOGLE_ERRORS, ...CLIENT_WRITE_ERRORS] },
  async ({ user, body }) => {
    const resolved = await resolveContactConflict(user.id, body);
    return isRefusal(resolved) ? resolved : { body: resolved };
  },
);
