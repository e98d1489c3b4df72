// jobs/reminders-scheduler: every hour, one message per agent whose local time just reached 8 am.
// It reads only the agents index (id and time zone): cost grows with agents, never with clients.
// A retried run may queue an agent twice; the worker's digest record sends once.
import { forEachAgentZonePage } from '../data/digests';
import { scheduledInHour } from '../data/messages';
import { heldNoticesInHour } from '../data/reply-notices';
import { dueDigests, runHour } from '../domain/digest-schedule';
import { observeJob } from '../observability/job';
import { createLogger } from '../observability/logger';
import { enqueueDigests } from '../integrations/digest-queue';

/** EventBridge Scheduler's input ({ scheduledTime }) or an EventBridge event ({ time }). */
export type SchedulerEvent = { scheduledTime?: string; time?: string } | null | undefined;

export type SchedulerResult = {
  hour: string;
  agents: number;
  pages: number;
  queued: number;
  texts: number;
  notices: number;
};

/** Hours back the scheduler looks for scheduled texts still waiting (a failed run's are sent by the next ones). */
const SCHEDULED_TEXT_LOOKBACK_HOURS = 6;

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
  const texts = await queueDueTexts(hour);
  log.info('scheduled texts queued', { texts });
  const notices = await queueHeldNotices(hour);
  log.info('held reply notices queued', { notices });
  return { hour: hour.toISOString(), agents, pages, queued, texts, notices };
});

/** The scheduled texts due by this run: one Query of the due-send index per hour looked at, never a scan. */
async function queueDueTexts(hour: Date): Promise<number> {
  let texts = 0;
  for (let back = SCHEDULED_TEXT_LOOKBACK_HOURS - 1; back >= 0; back -= 1) {
    const key = new Date(hour.getTime() - back * 3_600_000).toISOString().slice(0, 13);
    const due = await scheduledInHour(key);
    if (due.length === 0) continue;
    await enqueueDigests(due.map((m) => ({ kind: 'scheduled-text' as const, clientId: m.clientId, messageId: m.id })));
    texts += due.length;
  }
  return texts;
}

/**
 * The reply notices holding replies whose window ended by this run (the hours before it, as for scheduled texts): one
 * Query of their index per hour. A notice whose window is still open is left for the next run.
 */
async function queueHeldNotices(hour: Date): Promise<number> {
  let notices = 0;
  for (let back = SCHEDULED_TEXT_LOOKBACK_HOURS; back >= 1; back -= 1) {
    const key = new Date(hour.getTime() - back * 3_600_000).toISOString().slice(0, 13);
    const held = await heldNoticesInHour(key);
    if (held.length === 0) continue;
    await enqueueDigests(held.map((clientId) => ({ kind: 'reply-notice' as const, clientId })));
    notices += held.length;
  }
  return notices;
}
