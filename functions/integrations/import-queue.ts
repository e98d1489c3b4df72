// The imports queue (which also carries account erasures, long jobs of the same shape): SQS in AWS
// (IMPORTS_QUEUE_URL, drained by jobs/imports-worker), and in the local runtime the in-process queue
// functions/local/import-jobs.ts registers, which hands each message to the same worker. The only place that chooses.
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config, ConfigError } from '../config';
import { traced } from '../observability/tracing';

/** What one message asks: run (or continue) this agent's import. */
export type ImportJobMessage = { kind: 'import'; agentId: string; importId: string };
/** What one message asks: erase (or go on erasing) this closing account. */
export type AccountErasureMessage = { kind: 'close-account'; agentId: string };
/** What one message asks: run (or continue) this agent's bulk action on their clients. */
export type BulkJobMessage = { kind: 'bulk'; agentId: string; jobId: string };
/** What one message asks: draft (or go on drafting) this agent's broadcast. */
export type BroadcastJobMessage = { kind: 'broadcast'; agentId: string; broadcastId: string };
export type JobQueueMessage = ImportJobMessage | AccountErasureMessage | BulkJobMessage | BroadcastJobMessage;

export type LocalImportQueue = { send(message: JobQueueMessage): void };

let sqs: SQSClient | undefined;
let local: LocalImportQueue | undefined;

/**
 * The local runtime's queue (QUEUE_PROVIDER=memory); undefined to forget it when the runtime stops. Returns the one it
 * replaces.
 */
export function setLocalImportQueue(queue: LocalImportQueue | undefined): LocalImportQueue | undefined {
  const before = local;
  local = queue;
  return before;
}

export async function enqueueImport(message: JobQueueMessage): Promise<void> {
  const { queueProvider, importsQueueUrl, region } = config();
  if (queueProvider === 'memory') {
    if (!local) throw new ConfigError('No local imports queue: the local runtime starts one');
    local.send(message);
    return;
  }
  if (!importsQueueUrl) throw new ConfigError('Missing required setting IMPORTS_QUEUE_URL');
  sqs ??= traced(new SQSClient({ region }));
  await sqs.send(new SendMessageCommand({ QueueUrl: importsQueueUrl, MessageBody: JSON.stringify(message) }));
}
