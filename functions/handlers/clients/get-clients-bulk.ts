// GET /api/clients/bulk/{id}: how a bulk action is going, { status, total, done, failed } (404 when not the agent's).
import { getBulkJob } from '../../data/bulk-jobs';
import type { NotFound } from '../../domain/refusals';
import { notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';
import { toBulkJob } from '../../services/bulk-actions';

const REFUSALS = refusalAnswers<NotFound<'bulk-action'>>({ 'not-found': () => notFound('Bulk action not found') });

export const handler = defineHandler('clients/get-clients-bulk', { refusals: REFUSALS }, async ({ user, params }) => {
  const job = await getBulkJob(user.id, params.id ?? '');
  if (!job) return { kind: 'not-found', what: 'bulk-action' };
  return { body: toBulkJob(job) };
});
