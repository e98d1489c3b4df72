// The tasks the background tasks queue carries (functions/integrations/task-queue.ts), listed as the route table lists
// routes and the job table jobs: one entry per message kind, with how a message of that kind is read, how it runs and
// its retry policy. jobs/imports-worker dispatches each message by its kind through this table; a kind the table does
// not name is a failed record (delivered again, then set aside in the dead-letter queue), never dropped.
import type { SQSRecord } from 'aws-lambda';
import type { TaskKind, TaskMessage } from '../integrations/task-queue';
import type { Logger } from '../observability/logger';
import { parseAccountErasureMessage, runAccountErasure } from '../services/account-erasure';
import { parseBroadcastMessage, runBroadcastJob } from '../services/broadcast-job';
import { parseBulkMessage, runBulkJob } from '../services/bulk-actions';
import { parseCalendarSyncMessage, runCalendarSyncTask } from '../services/google-calendar-sync';
import { parseImportMessage, runImportJob } from '../services/import-jobs';

/** What a run is given: the time its invocation has left (near the end it queues its continuation), its logger. */
export type TaskRunOptions = { remainingMs: () => number; log: Logger };

/** One kind of task, as the table declares it. */
export type TaskSpec<M extends TaskMessage, O extends string> = {
  /** What the log lines call a run: `<name> run`, `<name> run failed; will retry`. */
  name: string;
  /** The message as the worker receives it, or null when its fields do not make one of this kind. */
  parse: (record: Pick<SQSRecord, 'body'>) => M | null;
  /** One run: from the task's last checkpoint to its end, or to the continuation it queues near the timeout. */
  run: (message: M, options: TaskRunOptions) => Promise<O>;
  /**
   * The retry policy: the outcomes reported as a batch item failure, so SQS delivers the message again once its
   * visibility timeout passes. A malformed message and a run that throws are failures too. Every failed message is set
   * aside in the queue's dead-letter queue after MAX_RECEIVE_COUNT receives (infra/constructs/jobs.ts).
   */
  retryOn: readonly O[];
  /** The message's ids on the run's log line. */
  logged: (message: M) => Record<string, string>;
};

/** A table entry: its spec, and the one way a record of its kind is handled. */
export type TaskEntry<M extends TaskMessage, O extends string> = TaskSpec<M, O> & {
  /** Parses and runs one record of this kind: true when done with it, false for a batch item failure. */
  handle(record: Pick<SQSRecord, 'body'>, options: TaskRunOptions): Promise<boolean>;
};

function task<M extends TaskMessage, O extends string>(spec: TaskSpec<M, O>): TaskEntry<M, O> {
  // `handle` reads the entry's fields when called, so a test may replace a run.
  const entry: TaskEntry<M, O> = {
    ...spec,
    async handle(record, { remainingMs, log }) {
      const message = entry.parse(record);
      if (!message) {
        log.error(`malformed ${entry.name} message`);
        return false;
      }
      try {
        const outcome = await entry.run(message, { remainingMs, log });
        log.info(`${entry.name} run`, { ...entry.logged(message), outcome });
        return !entry.retryOn.includes(outcome);
      } catch (error) {
        log.error(`${entry.name} run failed; will retry`, { ...entry.logged(message), error });
        return false;
      }
    },
  };
  return entry;
}

export const backgroundTasks = {
  /** A big contacts file (CSV or vCard: the import's own format picks the parser), in batches with checkpoints. */
  import: task({
    name: 'import',
    parse: parseImportMessage,
    run: runImportJob,
    // Another run holds the import's lease (a second delivery): later, once that run has ended or its lease lapsed.
    retryOn: ['busy'],
    logged: ({ importId }) => ({ importId }),
  }),
  /** The erasure of a closing account, a page of clients at a time. */
  'close-account': task({
    name: 'account erasure',
    parse: parseAccountErasureMessage,
    run: runAccountErasure,
    // The account is not marked closing (yet): later, rather than erasing an account that stays.
    retryOn: ['not-closing'],
    logged: ({ agentId }) => ({ agentId }),
  }),
  /** A bulk action on an agent's clients (a tag added or removed, a cadence set, a delete), a batch at a time. */
  bulk: task({
    name: 'bulk action',
    parse: parseBulkMessage,
    run: runBulkJob,
    retryOn: ['busy'],
    logged: ({ jobId }) => ({ jobId }),
  }),
  /** The drafting of a broadcast, each recipient once. */
  broadcast: task({
    name: 'broadcast',
    parse: parseBroadcastMessage,
    run: runBroadcastJob,
    retryOn: [],
    logged: ({ broadcastId }) => ({ broadcastId }),
  }),
  /** A push from Google: the agent's calendar read since the last sync, meetings with clients on their timelines. */
  'calendar-sync': task({
    name: 'calendar sync',
    parse: parseCalendarSyncMessage,
    run: runCalendarSyncTask,
    // Google's limits and its own failures pass: later. A refused grant or a feature off does not.
    retryOn: ['quota', 'unavailable', 'timeout'],
    logged: ({ agentId }) => ({ agentId }),
  }),
} satisfies { [K in TaskKind]: TaskEntry<Extract<TaskMessage, { kind: K }>, string> };

/** The `kind` a message body names (undefined when it is not a JSON object). */
export function messageKind(body: string): unknown {
  try {
    return (JSON.parse(body) as { kind?: unknown } | null)?.kind;
  } catch {
    return undefined;
  }
}

/** Whether the table has an entry for `kind` (its own keys only: `toString` is no task). */
export const isTaskKind = (kind: unknown): kind is TaskKind =>
  typeof kind === 'string' && Object.hasOwn(backgroundTasks, kind);
