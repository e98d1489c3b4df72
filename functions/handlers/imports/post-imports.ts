// POST /api/imports { fileName, contentType, size }: a big import (issue 17) begins. Answers the
// import (waiting for its file) and a presigned POST that uploads the file straight to S3: its key
// made here, its size bounded by the policy (CSV or vCard, up to 25 MB), valid 15 minutes. Then
// POST /api/imports/{id}/start. At most 20 imports an agent an hour.
import { importCreateSchema } from '@shared/imports';
import { defineHandler } from '../../http/handler';
import { createImportJob } from '../../services/import-jobs';

export const handler = defineHandler(
  'imports/post-imports',
  { body: importCreateSchema },
  async ({ user, body, log }) => {
    const created = await createImportJob(user, body);
    log.info('import created', { importId: created.import.id, size: body.size });
    return { status: 201, body: created };
  },
);
