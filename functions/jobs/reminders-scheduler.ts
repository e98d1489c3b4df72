// jobs/reminders-scheduler: every hour, one message per agent whose local time just reached 8 am.
// It reads only the agents index (id and time zone): cost grows with agents, never with clients.
// A retried run may queue an agent twice; the worker's digest record sends once.
import { forEachAgentZonePage } from '../data/digests';
import { dueDigests, runHour } from '../domain/digest-schedule';
import { observeJob } from '../observability/job';
import { createLogger } from '../observability/logger';
import { enqueueDigests } from '../integrations/digest-queue';

/** EventBridge Scheduler's input ({ scheduledTime }) or an EventBridge event ({ time }). */
export type SchedulerEvent = { scheduledTime?: string; time?: string } | null | undefined;

export type SchedulerResult = { hour: string; agents: number; pages: number; queued: number };

export const handler = observeJob('reminders-scheduler', async (event: SchedulerEvent): Promise<SchedulerResult> => {
  const hour = runHour(event?.scheduledTime ?? event?.time);
  const log = createLogger({ hour: hour.toISOString() });
  let queued = 0;
  const { agents, pages } = await forEachAgentZonePage(async (page) => {
    const due = dueDigests(page, hour);
    if (due.length === 0) return;
    await enqueueDigests(due);
    queued += due.length;
  });
  log.info('digests queued', { agents, pages, queued });
  return { hour: hour.toISOString(), agents, pages, queued };
});
