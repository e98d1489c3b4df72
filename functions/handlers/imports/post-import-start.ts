// POST /api/imports/{id}/start, after the browser uploaded the file: checks that it arrived and can
// be a client CSV or vCard (400 with the same message the request's import gives, otherwise), then
// queues the import job. Sent again it answers where the import stands; for an import the job has
// been silent on for 10 minutes, it queues it again (resumes it).
import { defineHandler } from '../../http/handler';
import { startImportJob } from '../../services/import-jobs';

export const handler = defineHandler('imports/post-import-start', {}, async ({ user, params }) => ({
  status: 202,
  body: await startImportJob(user, params.id ?? ''),
}));
