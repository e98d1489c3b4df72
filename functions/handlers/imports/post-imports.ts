// POST /api/imports { fileName, contentType, size }: a big import begins. Answers the
// import (waiting for its file) and a presigned POST that uploads the file straight to S3: its key
// made here, its size bounded by the policy (CSV or vCard, up to 25 MB), valid 15 minutes. Then
// POST /api/imports/{id}/start. At most 20 imports an agent an hour.
import { importCreateSchema } from '@shared/imports';
import { IMPORT_ACCEPTS } from '../../domain/client-import';
import { isRefusal, type RefusalOf } from '../../domain/refusals';
import { badRequest, refusalAnswers, tooManyRequests } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { createImportJob } from '../../services/import-jobs';

const REFUSALS = refusalAnswers<RefusalOf<typeof createImportJob>>({
  'unsupported-file': () => badRequest(IMPORT_ACCEPTS, { fileName: IMPORT_ACCEPTS }, 'NOT_CSV'),
  'rate-limited': ({ max, retryAfterSeconds }) =>
    tooManyRequests(`You can start up to ${max} imports an hour.`, retryAfterSeconds),
});

export const handler = defineHandler(
  'imports/post-imports',
  { body: importCreateSchema, refusals: REFUSALS },
  async ({ user, body, log }) => {
    const created = await createImportJob(user, body);
    if (isRefusal(created)) return created;
    log.info('import created', { importId: created.import.id, size: body.size });
    return { status: 201, body: created };
  },
);
