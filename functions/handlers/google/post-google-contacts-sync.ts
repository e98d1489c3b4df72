// POST /api/google/contacts/sync: keeps the agent's clients in step with their Google contacts now (what changed in
// Google since the last sync; everything again when Google's sync token expired), answered 202 with what it did.
// Google Contacts must be turned on and imported once (409 otherwise).
import { isRefusal } from '../../domain/refusals';
import { HttpError, refusalAnswers } from '../../http/errors';
import { GOOGLE_ERRORS, GOOGLE_FEATURE_ANSWERS } from '../../http/google-errors';
import { defineHandler } from '../../http/handler';
import { syncGoogleContacts, type ContactsSyncRefusal } from '../../services/google-contacts-sync';

const REFUSALS = refusalAnswers<ContactsSyncRefusal>({
  ...GOOGLE_FEATURE_ANSWERS,
  'contacts-not-imported': () =>
    new HttpError(409, 'Import your Google contacts first: the sync keeps in step what the import brought in.', {
      code: 'CONTACTS_NOT_IMPORTED',
    }),
});

export const handler = defineHandler(
  'google/post-google-contacts-sync',
  { refusals: REFUSALS, errors: GOOGLE_ERRORS },
  async ({ user, log }) => {
    const synced = await syncGoogleContacts(user);
    if (isRefusal(synced)) return synced;
    log.info('google contacts synced', synced);
    return { status: 202, body: synced };
  },
);
