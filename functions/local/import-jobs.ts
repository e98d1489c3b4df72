// The background tasks queue on this machine: SQS's part, played in-process for jobs/imports-worker (the
// same handler as in AWS, given SQS-shaped events and a Lambda-like clock). A message is kept until
// the worker has handled it, as a file under $DATA_DIR/queues/imports/ when there is a data
// directory (else in memory), so an import cut by a crash or a stop continues when the runtime
// starts again, as SQS delivers again a message whose receiver died. A message the worker could
// not handle (another run holds the import, or an error) is delivered again after a pause; one
// that keeps failing is set aside under dead/, as SQS moves it to the dead-letter queue.
//
// Once the runtime stops, a run in progress sees no time left: it checkpoints, queues its
// continuation (kept on disk) and returns, as a run near its Lambda timeout does.
//
// Under the twin a message reaches the worker only through the template's event source mapping on the queue the
// worker's IMPORTS_QUEUE_URL names (else it waits, as in a queue nothing drains), and the worker's answer is read as
// Lambda reads it for that mapping (partial batch failures or not).
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { handler } from '../jobs/imports-worker';
import { jobs } from '../jobs/jobs';
import { setLocalTaskQueue, type TaskMessage } from '../integrations/task-queue';
import { lambdaContext } from './http-event';
import { jobFunction, runAsJob } from './job-scopes';
import { failedMessageIds, queueMapping, sqsRecord } from './twin/deliveries';
import { LOCAL_ACCOUNT } from './twin/stack-model';

/** Pauses before a message is delivered again (then the last one each time). */
const RETRY_MS = [1000, 2000, 3000, 5000];
/** Deliveries before a message is set aside (a busy delivery waits out the lease of a run that died: seconds). */
const MAX_RECEIVES = 30;
/** The queue's mapping without the twin (no template). */
const LOCAL_MAPPING = { queueArn: `arn:aws:sqs:local:${LOCAL_ACCOUNT}:imports`, reportBatchItemFailures: true };

export type LocalImportQueue = { close(): Promise<void> };

export function startLocalImportQueue({
  dir,
  onError,
}: {
  dir?: string;
  onError: (error: unknown) => void;
}): LocalImportQueue {
  const job = jobs.find((j) => j.name === 'imports-worker')!;
  const pending = new Map<string, { body: string; receives: number }>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const file = (id: string) => join(dir!, `${id}.json`);
  const forget = (id: string) => {
    pending.delete(id);
    if (dir) rmSync(file(id), { force: true });
  };
  const setAside = (id: string) => {
    pending.delete(id);
    if (!dir) return;
    mkdirSync(join(dir, 'dead'), { recursive: true });
    renameSync(file(id), join(dir, 'dead', `${id}.json`));
  };
  const schedule = (id: string, delayMs: number) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      deliver(id);
    }, delayMs);
    timers.add(timer);
  };
  const deliver = (id: string) => {
    const message = pending.get(id);
    if (!message || closed) return;
    const worker = jobFunction('imports-worker');
    const mapping = worker ? queueMapping(worker.triggers, worker.env.IMPORTS_QUEUE_URL) : LOCAL_MAPPING;
    if (!mapping) {
      onError(
        new Error(`import message ${id} waits: no event source mapping of the template feeds jobs/imports-worker`),
      );
      return;
    }
    message.receives += 1;
    // Each delivery is an invocation of its own (its own ids on every log line), with the job's clock.
    const context = lambdaContext('imports-worker', randomUUID(), job.timeoutSeconds * 1000, job.memoryMb);
    const remaining = context.getRemainingTimeInMillis;
    const run = (async () => {
      // One message an invocation: within any batch size the mapping allows.
      const batch = [sqsRecord(message.body, mapping.queueArn)];
      const outcome = await runAsJob('imports-worker', () =>
        handler({ Records: batch }, { ...context, getRemainingTimeInMillis: () => (closed ? 0 : remaining()) }),
      ).then(
        (answer) => ({ answer }),
        (error: unknown) => {
          onError(error);
          return { error };
        },
      );
      const handled = failedMessageIds(batch, outcome, mapping.reportBatchItemFailures).length === 0;
      if (handled) forget(id);
      else if (message.receives >= MAX_RECEIVES) {
        onError(new Error(`import message ${id} failed ${message.receives} times: set aside`));
        setAside(id);
      } else schedule(id, RETRY_MS[Math.min(message.receives, RETRY_MS.length) - 1]!);
    })();
    running.add(run);
    void run.finally(() => running.delete(run));
  };

  const send = (message: TaskMessage) => {
    // Named by time first, so messages kept on disk are delivered again in the order they were sent.
    const id = `${Date.now().toString(36).padStart(9, '0')}-${randomUUID()}`;
    const body = JSON.stringify(message);
    pending.set(id, { body, receives: 0 });
    if (dir) writeFileSync(file(id), body);
    schedule(id, 0);
  };

  if (dir) {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const id = name.slice(0, -'.json'.length);
      pending.set(id, { body: readFileSync(join(dir, name), 'utf8'), receives: 0 });
      schedule(id, 0);
    }
  }
  setLocalTaskQueue({ send });

  return {
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
      setLocalTaskQueue(undefined);
    },
  };
}
