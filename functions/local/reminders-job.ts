// The reminders job on this machine: the same scheduler and worker handlers as in AWS, with the
// in-process queue between them (QUEUE_PROVIDER=memory) and SQS-shaped events for the worker.
// `npm run job:reminders` runs a whole day; the local server runs the scheduler every hour.
import type { SQSEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { hourlyRunsCovering, runHour } from '../domain/digest-schedule';
import { takeLocalDigestMessages, type QueueMessage } from '../integrations/digest-queue';
import { handler as scheduler } from '../jobs/reminders-scheduler';
import { handleBatch } from '../jobs/reminders-worker';
import { runAsJob } from './job-scopes';

const BATCH_SIZE = 10;
const HOUR_MS = 3_600_000;
/** How long after its hour a replayed run is taken to happen (a scheduled run starts a few seconds late). */
const RUN_LAG_MS = 30_000;

export type LocalRunResult = { queued: number; processed: number; failed: number };

/** An SQS event as Lambda delivers it, one record per message. */
export function sqsEvent(messages: readonly QueueMessage[] | readonly string[]): SQSEvent {
  return {
    Records: messages.map((message) => {
      const messageId = randomUUID();
      return {
        messageId,
        receiptHandle: messageId,
        body: typeof message === 'string' ? message : JSON.stringify(message),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: String(Date.now()),
          SenderId: 'local',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:reminders',
        awsRegion: 'local',
      };
    }),
  };
}

async function work(messages: QueueMessage[], now: Date = new Date()): Promise<LocalRunResult> {
  let failed = 0;
  for (let i = 0; i < messages.length; i += BATCH_SIZE) {
    const batch = sqsEvent(messages.slice(i, i + BATCH_SIZE));
    const { batchItemFailures } = await runAsJob('reminders-worker', () => handleBatch(batch, now));
    failed += batchItemFailures.length;
  }
  return { queued: messages.length, processed: messages.length - failed, failed };
}

/** One scheduler run (the hour of `instant`) and the worker for what it queued. */
export async function runRemindersAt(instant: Date): Promise<LocalRunResult> {
  takeLocalDigestMessages();
  await runAsJob('reminders-scheduler', () => scheduler({ scheduledTime: runHour(undefined, instant).toISOString() }));
  return work(takeLocalDigestMessages());
}

/**
 * A whole local `date` replayed: each hourly run that can be 8 am somewhere that day, in order, each
 * handled as of its own hour: every agent's digest for that date and the day's automatic messages,
 * then the sends that fall due in the runs after (texts held for 8:00, automatic messages at their
 * time). Digests of other dates that the same runs queue are left for their own day.
 */
export async function runRemindersForDate(date: string): Promise<LocalRunResult> {
  takeLocalDigestMessages();
  const total: LocalRunResult = { queued: 0, processed: 0, failed: 0 };
  for (const run of hourlyRunsCovering(date)) {
    await runAsJob('reminders-scheduler', () => scheduler({ scheduledTime: run.toISOString() }));
    const messages = takeLocalDigestMessages().filter((message) => !('date' in message) || message.date === date);
    const result = await work(messages, new Date(run.getTime() + RUN_LAG_MS));
    total.queued += result.queued;
    total.processed += result.processed;
    total.failed += result.failed;
  }
  return total;
}

/** Runs the scheduler at the top of every hour while the server is up; returns the stop function. */
export function startHourlyReminders(onError: (error: unknown) => void): () => void {
  return everyHour(() => runRemindersAt(new Date()), onError);
}

/**
 * Runs `run` every hour, `afterMs` past the hour (a run still going when the next is due is not started twice);
 * returns the stop function.
 */
export function everyHour(run: () => Promise<unknown>, onError: (error: unknown) => void, afterMs = 0): () => void {
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
      interval = setInterval(tick, HOUR_MS);
      interval.unref();
    },
    ((HOUR_MS - (Date.now() % HOUR_MS) + afterMs) % HOUR_MS) + 1000,
  );
  first.unref();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
