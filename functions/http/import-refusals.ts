// The answer to a second import while the agent's first still runs, on both import routes (the
// request's POST /api/clients/import and the job's POST /api/imports/{id}/start).
import { IMPORT_MESSAGES } from '@shared/imports';
import type { ImportRunning } from '../domain/refusals';
import { HttpError, type RefusalTable } from './errors';

export const IMPORT_RUNNING_ANSWERS: RefusalTable<ImportRunning> = {
  'import-running': () => new HttpError(409, IMPORT_MESSAGES.running, { code: 'IMPORT_RUNNING' }),
};
