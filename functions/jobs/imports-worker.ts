// jobs/imports-worker: the background tasks queue's worker, one message at a time. A message names a task (an agent's
// import, the erasure of a closing account, a bulk action on clients, the drafting of a broadcast) by its kind, and the
// table of task kinds (functions/jobs/background-tasks.ts) says how it is read, how it runs and when it is tried again:
// each run continues the task from its last checkpoint. A message the worker cannot take (a kind the table does not
// name, or fields that do not make its kind's message) or whose run fails or asks to be tried again (another run
// holds the task) is reported as a batch item failure, so SQS delivers it again later, and sets it aside in the
// dead-letter queue after 3 tries. The job keeps its first name: it names the function, its log group and alarms.
import type { Context, SQSBatchItemFailure, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { observeJob } from '../observability/job';
import { createLogger } from '../observability/logger';
import { backgroundTasks, isTaskKind, messageKind } from './background-tasks';

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
    const kind = messageKind(record.body);
    if (!isTaskKind(kind)) {
      log.error('unknown task kind', { kind: typeof kind === 'string' ? kind.slice(0, 64) : typeof kind });
      failures.push({ itemIdentifier: record.messageId });
      continue;
    }
    if (!(await backgroundTasks[kind].handle(record, { remainingMs, log })))
      failures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures: failures };
}
