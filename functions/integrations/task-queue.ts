// The background tasks queue: long jobs an agent starts and the job runs a piece at a time (an import, the erasure of
// a closing account, a bulk action on clients, the drafting of a broadcast). SQS in AWS (IMPORTS_QUEUE_URL: the queue
// keeps its first name in the stack, as its logical id must not change), drained by jobs/imports-worker, which runs
// each message through the table of task kinds (functions/jobs/background-tasks.ts); in the local runtime the
// in-process queue functions/local/import-jobs.ts registers, which hands each message to the same worker. The only
// place that chooses.
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { isId } from '@shared/schemas';
import { config, ConfigError } from '../config';
import { authorizeQueueStandIn } from './queue-stand-in';
import { traced } from '../observability/tracing';

/** What one message asks: run (or continue) this agent's import. */
export type ImportJobMessage = { kind: 'import'; agentId: string; importId: string };
/** What one message asks: erase (or go on erasing) this closing account. */
export type AccountErasureMessage = { kind: 'close-account'; agentId: string };
/** What one message asks: run (or continue) this agent's bulk action on their clients. */
export type BulkJobMessage = { kind: 'bulk'; agentId: string; jobId: string };
/** What one message asks: draft (or go on drafting) this agent's broadcast. */
export type BroadcastJobMessage = { kind: 'broadcast'; agentId: string; broadcastId: string };
/** What one message asks: read this agent's Google calendar since the last sync (Google said it changed). */
export type CalendarSyncMessage = { kind: 'calendar-sync'; agentId: string };
export type TaskMessage =
  ImportJobMessage | AccountErasureMessage | BulkJobMessage | BroadcastJobMessage | CalendarSyncMessage;
export type TaskKind = TaskMessage['kind'];

/**
 * The `kind` task a message body carries, each of `ids` a well-formed id; null when it is not one (not JSON, another
 * kind, an id missing or malformed). Only `kind` and the ids are kept.
 */
export function parseTaskMessage<M extends TaskMessage>(
  body: string,
  kind: M['kind'],
  ids: ReadonlyArray<Exclude<keyof M, 'kind'> & string>,
): M | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const fields = (parsed ?? {}) as Record<string, unknown>;
  if (fields.kind !== kind || !ids.every((name) => isId(fields[name]))) return null;
  return { kind, ...Object.fromEntries(ids.map((name) => [name, fields[name]])) } as M;
}

export type LocalTaskQueue = { send(message: TaskMessage): void };

let sqs: SQSClient | undefined;
let local: LocalTaskQueue | undefined;

/**
 * The local runtime's queue (QUEUE_PROVIDER=memory); undefined to forget it when the runtime stops. Returns the one it
 * replaces.
 */
export function setLocalTaskQueue(queue: LocalTaskQueue | undefined): LocalTaskQueue | undefined {
  const before = local;
  local = queue;
  return before;
}

export async function enqueueTask(message: TaskMessage): Promise<void> {
  const { queueProvider, importsQueueUrl, region } = config();
  if (queueProvider === 'memory') {
    if (!local) throw new ConfigError('No local background tasks queue: the local runtime starts one');
    authorizeQueueStandIn('SendMessageCommand', 'IMPORTS_QUEUE_URL');
    local.send(message);
    return;
  }
  if (!importsQueueUrl) throw new ConfigError('Missing required setting IMPORTS_QUEUE_URL');
  sqs ??= traced(new SQSClient({ region }));
  await sqs.send(new SendMessageCommand({ QueueUrl: importsQueueUrl, MessageBody: JSON.stringify(message) }));
}
