// The reminders job on this machine: the same scheduler and worker handlers as in AWS, with the in-process queue
// between them (QUEUE_PROVIDER=memory). Under the twin, each runs only through its trigger in the template: the
// scheduler on its schedule's payload, the worker on SQS batches of the mapping that drains the queue the scheduler
// sends to (at most its batch size, its answer read as Lambda reads it). `npm run job:reminders` runs a whole day;
// the local server runs the scheduler every hour at the schedule's minute.
import type { SQSEvent } from 'aws-lambda';
import { hourlyRunsCovering, runHour } from '../domain/digest-schedule';
import { takeLocalDigestMessages, type QueueMessage } from '../integrations/digest-queue';
import type { JobName } from '../jobs/jobs';
import { handler as scheduler, type SchedulerEvent } from '../jobs/reminders-scheduler';
import { handleBatch } from '../jobs/reminders-worker';
import { jobFunction, runAsJob } from './job-scopes';
import {
  failedMessageIds,
  hourlyMinute,
  inBatches,
  notDelivered,
  queueMapping,
  schedulerPayload,
  sqsRecord,
  type NotDelivered,
} from './twin/deliveries';
import { LOCAL_ACCOUNT } from './twin/stack-model';

const HOUR_MS = 3_600_000;
/** How long after its hour a replayed run is taken to happen (a scheduled run starts a few seconds late). */
const RUN_LAG_MS = 30_000;
/** The queue and its mapping without the twin (no template). */
const LOCAL_MAPPING = {
  queueArn: `arn:aws:sqs:local:${LOCAL_ACCOUNT}:reminders`,
  batchSize: 10,
  reportBatchItemFailures: true,
};

export type LocalRunResult = { queued: number; processed: number; failed: number };

/** An SQS event as Lambda delivers it, one record per message. */
export function sqsEvent(
  messages: readonly QueueMessage[] | readonly string[],
  queueArn = LOCAL_MAPPING.queueArn,
): SQSEvent {
  return {
    Records: messages.map((message) =>
      sqsRecord(typeof message === 'string' ? message : JSON.stringify(message), queueArn),
    ),
  };
}

/** The minute past each hour the job's schedule in the template fires at (`fallback` without the twin). */
export function scheduledMinute(name: JobName, fallback: number): number {
  const [schedule] = jobFunction(name)?.triggers.schedules ?? [];
  return schedule ? hourlyMinute(schedule) : fallback;
}

/** The scheduler's run of the hour `hour` starts, by each of its schedules. */
async function schedulerRun(hour: Date): Promise<NotDelivered | undefined> {
  const schedules = jobFunction('reminders-scheduler')?.triggers.schedules;
  if (schedules?.length === 0) return notDelivered('No schedule of the template invokes jobs/reminders-scheduler');
  for (const schedule of schedules ?? [undefined]) {
    const at = new Date(hour.getTime() + (schedule ? hourlyMinute(schedule) : 0) * 60_000);
    const payload = schedule ? schedulerPayload(schedule, at) : { scheduledTime: at.toISOString() };
    await runAsJob('reminders-scheduler', () => scheduler(payload as SchedulerEvent));
  }
  return undefined;
}

async function work(messages: QueueMessage[], now: Date = new Date()): Promise<LocalRunResult | NotDelivered> {
  const result: LocalRunResult = { queued: messages.length, processed: 0, failed: 0 };
  if (messages.length === 0) return result;
  const worker = jobFunction('reminders-worker');
  const mapping = worker
    ? queueMapping(worker.triggers, jobFunction('reminders-scheduler')!.env.REMINDERS_QUEUE_URL)
    : LOCAL_MAPPING;
  if (!mapping)
    return notDelivered("No event source mapping of the template feeds jobs/reminders-worker the scheduler's queue");
  const records = messages.map((message) => sqsRecord(JSON.stringify(message), mapping.queueArn));
  for (const batch of inBatches(records, mapping.batchSize)) {
    const outcome = await runAsJob('reminders-worker', () => handleBatch({ Records: batch }, now)).then(
      (answer) => ({ answer }),
      (error: unknown) => {
        process.stderr.write(`reminders worker failed: ${error instanceof Error ? error.stack : String(error)}\n`);
        return { error };
      },
    );
    result.failed += failedMessageIds(batch, outcome, mapping.reportBatchItemFailures).length;
  }
  result.processed = result.queued - result.failed;
  return result;
}

/** Runs go one after another: they share the in-process queue, and each takes what its own scheduler runs queued. */
let runs: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const started = runs.then(run);
  runs = started.catch(() => undefined);
  return started;
}

/** One scheduler run (the hour of `instant`) and the worker for what it queued. */
export function runRemindersAt(instant: Date): Promise<LocalRunResult | NotDelivered> {
  return oneAtATime(async () => {
    takeLocalDigestMessages();
    return (await schedulerRun(runHour(undefined, instant))) ?? work(takeLocalDigestMessages());
  });
}

/**
 * A whole local `date` replayed: each hourly run that can be 8 am somewhere that day, in order, each
 * handled as of its own hour: every agent's digest for that date and the day's automatic messages,
 * then the sends that fall due in the runs after (texts held for 8:00, automatic messages at their
 * time). Digests of other dates that the same runs queue are left for their own day. With `agentId`, only that
 * agent's digest is handled (a browser spec's own agent: the others on the same server are left as they are).
 */
export function runRemindersForDate(date: string, { agentId }: { agentId?: string } = {}) {
  return oneAtATime(() => replayDate(date, agentId));
}

async function replayDate(date: string, agentId: string | undefined): Promise<LocalRunResult | NotDelivered> {
  takeLocalDigestMessages();
  const total: LocalRunResult = { queued: 0, processed: 0, failed: 0 };
  for (const run of hourlyRunsCovering(date)) {
    const refused = await schedulerRun(run);
    if (refused) return refused;
    const messages = takeLocalDigestMessages().filter(
      (message) => !('date' in message) || (message.date === date && (!agentId || message.agentId === agentId)),
    );
    const result = await work(messages, new Date(run.getTime() + RUN_LAG_MS));
    if ('delivered' in result) return result;
    total.queued += result.queued;
    total.processed += result.processed;
    total.failed += result.failed;
  }
  return total;
}

/** Runs the scheduler every hour at its schedule's minute while the server is up; returns the stop function. */
export function startHourlyReminders(onError: (error: unknown) => void): () => void {
  return everyHour(() => runRemindersAt(new Date()), onError, scheduledMinute('reminders-scheduler', 0) * 60_000);
}

/**
 * Runs `run` every hour, `afterMs` past the hour (a run still going when the next is due is not started twice);
 * returns the stop function.
 */
export function everyHour(run: () => Promise<unknown>, onError: (error: unknown) => void, afterMs = 0): () => void {
  return everyPeriod(HOUR_MS, run, onError, afterMs);
}

/**
 * Runs `run` every `periodMs`, `afterMs` into each period of the clock (a run still going when the next is due is not
 * started twice); returns the stop function.
 */
export function everyPeriod(
  periodMs: number,
  run: () => Promise<unknown>,
  onError: (error: unknown) => void,
  afterMs = 0,
): () => void {
  let interval: NodeJS.Timeout | undefined;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    run()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(
    () => {
      tick();
      interval = setInterval(tick, periodMs);
      interval.unref();
    },
    ((periodMs - (Date.now() % periodMs) + afterMs) % periodMs) + 1000,
  );
  first.unref();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
