// POST /api/imports/{id}/start, after the browser uploaded the file: checks that it arrived and can
// be a client CSV or vCard (400 with the same message the request's import gives, otherwise), then
// queues the import job. Sent again it answers where the import stands; for an import the job has
// been silent on for 10 minutes, it queues it again (resumes it). While another import of the
// agent's runs: 409 IMPORT_RUNNING.
import { IMPORT_MESSAGES } from '@shared/imports';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { badRequest, HttpError, notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { IMPORT_RUNNING_ANSWERS } from '../../http/import-refusals';
import { startImportJob } from '../../services/import-jobs';

const REFUSALS = refusalAnswers<RefusalOf<typeof startImportJob>>({
  ...IMPORT_RUNNING_ANSWERS,
  'not-found': () => notFound('We could not find this import.'),
  'upload-missing': () =>
    new HttpError(409, 'The file has not been uploaded yet. Upload it, then start the import.', {
      code: 'UPLOAD_MISSING',
    }),
  'file-too-large': () => new HttpError(413, IMPORT_MESSAGES.tooLarge, { code: 'FILE_TOO_LARGE' }),
  'unreadable-file': ({ format, problem }) =>
    badRequest(problem, { file: problem }, format === 'csv' ? 'NOT_CSV' : 'NOT_VCARD'),
});

export const handler = defineHandler('imports/post-import-start', { refusals: REFUSALS }, async ({ user, params }) => {
  const started = await startImportJob(user, params.id ?? '');
  return isRefusal(started) ? started : { status: 202, body: started };
});
