// jobs/imports-worker: the import job (functions/services/import-jobs.ts), one message at a time
// from the imports queue. A message names an agent's import; the run continues it from its last
// checkpoint. A run that finds another run holding the import (a second delivery of the message)
// is reported as a batch item failure, so SQS tries it again later; one that fails is retried too,
// and set aside in the dead-letter queue after 3 tries. A malformed message goes there as well. The same queue
// carries the erasure of closing accounts (functions/services/account-erasure.ts), bulk actions on an agent's
// clients (functions/services/bulk-actions.ts) and the drafting of broadcasts (functions/services/broadcasts.ts), jobs
// of the same shape.
import type { Context, SQSBatchItemFailure, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { observeJob } from '../observability/job';
import type { AccountErasureMessage } from '../integrations/import-queue';
import { createLogger, type Logger } from '../observability/logger';
import { parseAccountErasureMessage, runAccountErasure } from '../services/account-erasure';
import { parseImportMessage, runImportJob } from '../services/import-jobs';
import { parseBulkMessage, runBulkJob } from '../services/bulk-actions';
import { parseBroadcastMessage, runBroadcastJob } from '../services/broadcast-job';

export const handler = observeJob('imports-worker', (event: SQSEvent, context?: Context) =>
  handleImportMessages(event, context),
);

export async function handleImportMessages(
  event: SQSEvent,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<SQSBatchResponse> {
  const failures: SQSBatchItemFailure[] = [];
  for (const record of event?.Records ?? []) {
    const log = createLogger({ job: 'imports-worker', messageId: record.messageId });
    const remainingMs = () => context?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY;
    const erasure = parseAccountErasureMessage(record);
    if (erasure) {
      if (!(await eraseAccount(erasure, remainingMs, log))) failures.push({ itemIdentifier: record.messageId });
      continue;
    }
    const bulk = parseBulkMessage(record);
    if (bulk) {
      try {
        const outcome = await runBulkJob(bulk, { remainingMs, log });
        log.info('bulk action run', { jobId: bulk.jobId, outcome });
        if (outcome === 'busy') failures.push({ itemIdentifier: record.messageId });
      } catch (error) {
        log.error('bulk action run failed; will retry', { jobId: bulk.jobId, error });
        failures.push({ itemIdentifier: record.messageId });
      }
      continue;
    }
    const broadcast = parseBroadcastMessage(record);
    if (broadcast) {
      try {
        const outcome = await runBroadcastJob(broadcast, { remainingMs, log });
        log.info('broadcast run', { broadcastId: broadcast.broadcastId, outcome });
      } catch (error) {
        log.error('broadcast run failed; will retry', { broadcastId: broadcast.broadcastId, error });
        failures.push({ itemIdentifier: record.messageId });
      }
      continue;
    }
    const message = parseImportMessage(record);
    if (!message) {
      log.error('malformed import message');
      failures.push({ itemIdentifier: record.messageId });
      continue;
    }
    try {
      const outcome = await runImportJob(message, { remainingMs, log });
      log.info('import run', { importId: message.importId, outcome });
      if (outcome === 'busy') failures.push({ itemIdentifier: record.messageId });
    } catch (error) {
      log.error('import run failed; will retry', { importId: message.importId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}

/** One run of an account's erasure; false when SQS should deliver the message again. */
async function eraseAccount(message: AccountErasureMessage, remainingMs: () => number, log: Logger): Promise<boolean> {
  try {
    const outcome = await runAccountErasure(message, { remainingMs, log });
    log.info('account erasure run', { agentId: message.agentId, outcome });
    return outcome !== 'not-closing';
  } catch (error) {
    log.error('account erasure failed; will retry', { agentId: message.agentId, error });
    return false;
  }
}
