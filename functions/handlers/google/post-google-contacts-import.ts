// POST /api/google/contacts/import { label? }: the agent's Google contacts (all, or one label) read into an import,
// answered 202 with its preview (new, matched, errors); POST /api/imports/{id}/start then runs it, as any big import.
// Google Contacts must be connected and turned on (409 otherwise); imports count against the agent's hourly limit.
import { googleContactsImportSchema } from '@shared/google';
import { isRefusal } from '../../domain/refusals';
import { HttpError, refusalAnswers, tooManyRequests } from '../../http/errors';
import { GOOGLE_ERRORS, GOOGLE_FEATURE_ANSWERS } from '../../http/google-errors';
import { defineHandler } from '../../http/handler';
import { prepareGoogleContactsImport, type GoogleImportRefusal } from '../../services/google-contacts-import';

const REFUSALS = refusalAnswers<GoogleImportRefusal>({
  ...GOOGLE_FEATURE_ANSWERS,
  'rate-limited': ({ max, retryAfterSeconds }) =>
    tooManyRequests(`You can start up to ${max} imports an hour.`, retryAfterSeconds),
  'too-many-contacts': ({ max }) =>
    new HttpError(413, `An import takes up to ${max.toLocaleString('en-US')} contacts: import one label at a time.`, {
      code: 'TOO_MANY_CONTACTS',
    }),
});

export const handler = defineHandler(
  'google/post-google-contacts-import',
  { body: googleContactsImportSchema, refusals: REFUSALS, errors: GOOGLE_ERRORS },
  async ({ user, body, log }) => {
    const prepared = await prepareGoogleContactsImport(user, { label: body.label });
    if (isRefusal(prepared)) return prepared;
    log.info('google contacts import prepared', { importId: prepared.id, ...prepared.preview, firstErrors: undefined });
    return { status: 202, body: prepared };
  },
);
