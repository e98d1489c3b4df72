// GET /api/imports/{id}: where the agent's import stands (rows done of how many, imported, updated,
// skipped), and once done a short-lived link to its report. `latest` is the agent's most recent
// import: the clients page shows a running import again after a reload.
import type { RefusalOf } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineRecordHandler } from '../../http/record-handler';
import { readImportJob } from '../../services/import-jobs';

const REFUSALS = refusalAnswers<RefusalOf<typeof readImportJob>>({
  'not-found': ({ what }) =>
    notFound(what === 'latest-import' ? 'You have no imports yet.' : 'We could not find this import.'),
});

export const handler = defineRecordHandler('imports/get-import', { refusals: REFUSALS }, readImportJob);
