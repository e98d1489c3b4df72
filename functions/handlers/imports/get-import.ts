// GET /api/imports/{id}: where the agent's import stands (rows done of how many, imported, updated,
// skipped), and once done a short-lived link to its report. `latest` is the agent's most recent
// import: the clients page shows a running import again after a reload.
import { defineHandler } from '../../http/handler';
import { readImportJob } from '../../services/import-jobs';

export const handler = defineHandler('imports/get-import', {}, async ({ user, params }) => ({
  body: await readImportJob(user, params.id ?? ''),
}));
