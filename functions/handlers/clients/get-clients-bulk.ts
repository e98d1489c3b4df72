// GET /api/clients/bulk/{id}: how a bulk action is going, { status, total, done, failed } (404 when not the agent's).
import { getBulkJob } from '../../data/bulk-jobs';
import { notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { toBulkJob } from '../../services/bulk-actions';

export const handler = defineHandler('clients/get-clients-bulk', {}, async ({ user, params }) => {
  const job = await getBulkJob(user.id, params.id ?? '');
  if (!job) throw notFound('Bulk action not found');
  return { body: toBulkJob(job) };
});
