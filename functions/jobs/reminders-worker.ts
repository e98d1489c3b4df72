// jobs/reminders-worker: one agent's daily digest per message, from the reminders queue in
// batches. Each message: claim the day (functions/data/digests.ts explains once-per-day), make the
// day's automatic messages (functions/services/automations.ts), read the agent's clients (one
// Query), award the "{n} Year Homeowner" milestones that fell due, send the e-mail and/or SMS (and web push) the
// agent asked for when there is something to say, mark the day sent, count the day's reminders. Failed messages are
// reported one by one ({ batchItemFailures }), so SQS
// retries only those, and sends them to the dead-letter queue after 3 tries.
//
// The batch works to the function's time: a message starts only while more than RECORD_START_MARGIN_MS is left, and a
// digest's automatic messages stop when less than a message's time is left (functions/services/automations.ts). What
// did not start or finish goes back to the queue as a batch item failure, never the whole batch cut off by the
// timeout: the messages done are the ones not reported, and a digest taken up again finds the automatic messages
// already made and makes only the rest.
//
// The reminders counter and shared/activity.ts: "reminders provided" in a month are the key-date
// events that fell in it (on or before today) for clients who existed on the event's date. The
// worker adds, once per agent per local day, the events dated that day: so each event is counted
// once, on its own date, in the month it falls in, whether or not a message went out (the
// preferences only choose channels; the reminder was provided in the app either way). The upcoming
// days in the digest are not counted, or an event would count once for each day it was previewed.
// The dashboard computes the same figure per agent from the clients; the counter is its sum over
// all agents for the admin chart, without reading every client. They differ only where the counter
// cannot know the future: a client deleted later still counts in the counter, and a client added
// after the 8 am run is not counted that day.
import type { Context, SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { isCalendarDate } from '@shared/dates';
import { withDefaultPrefs } from '@shared/reminder-prefs';
import { isId } from '@shared/schemas';
import { config } from '../config';
import { listClients } from '../data/clients';
import { getMessage, listOutgoing } from '../data/messages';
import { claimDigest, markDigestSent, releaseDigest, type DigestOutcome } from '../data/digests';
import { awardDueMilestones } from '../services/milestones';
import { addToStats } from '../data/stats';
import { countInsights } from '../data/insights';
import { getUserById, pushPrefsOf, type UserItem } from '../data/users';
import type { DigestMessage } from '../domain/digest-schedule';
import { digestNotification } from '../domain/push-notifications';
import { textDestination } from '../domain/phone-numbers';
import {
  buildDigest,
  clientsOwedHomeownerMilestones,
  digestEmail,
  digestSms,
  DIGEST_TOUCHES,
  isEmptyDigest,
  type DigestTouch,
} from '../domain/reminder-digest';
import { OutOfTimeError, remainingTimeOf, UNLIMITED, type RemainingMs } from '../lib/time-budget';
import { observeJob } from '../observability/job';
import { createLogger, type Logger } from '../observability/logger';
import { countMetric } from '../observability/metrics';
import { sendEmail } from '../integrations/mail';
import { pushToAgent } from '../integrations/push';
import { sendSms } from '../integrations/sms';
import type { HeldNoticeMessage, QueueMessage, ScheduledTextMessage } from '../integrations/digest-queue';
import { integrationsNeedingAgent } from '../services/integrations';
import { runAutomations, type AutomationRun } from '../services/automations';
import { computeNextBestDay } from '../services/next-best';
import { getNextBestDay } from '../data/next-best';
import { compareEntries } from '../domain/next-best';
import { sendHeldReplyNotice } from '../services/inbound-replies';
import { deliverScheduledText } from '../services/messages';
import { sendMonthlySummary } from '../services/monthly-summary';

/** Messages of a batch handled at the same time (each sends mail; SES has a rate). */
const CONCURRENCY = 4;
/**
 * A message of the batch starts only while more than this is left before the timeout: a digest's own work after its
 * automatic messages (the clients read, the milestones, the e-mail and text) fits in it.
 */
export const RECORD_START_MARGIN_MS = 60_000;

export type DigestResult =
  | { status: 'sent'; outcome: DigestOutcome }
  | { status: 'duplicate' }
  /** Another delivery holds the day: retry later (it heals a claim left by a crash). */
  | { status: 'busy' }
  | { status: 'no-agent' };

export const handler = observeJob('reminders-worker', (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
  handleBatch(event, new Date(), remainingTimeOf(context)),
);

/**
 * One batch of the queue, as of `now`: the Lambda passes the time it runs; `npm run job:reminders`
 * passes each simulated hour of the day it replays, so drafts and due sends happen as they would. `remainingMs`: the
 * time the function has left (unlimited when not given).
 */
export async function handleBatch(
  event: SQSEvent,
  now: Date,
  remainingMs: RemainingMs = UNLIMITED,
): Promise<SQSBatchResponse> {
  const log = createLogger();
  const failures: SQSBatchItemFailure[] = [];
  let notStarted = 0;
  // The same agent and day twice in one batch: the later copies share the first one's fate.
  const byDay = new Map<string, Promise<boolean>>();
  const queue = [...(event?.Records ?? [])];
  const work = async () => {
    for (let record = queue.shift(); record; record = queue.shift()) {
      if (remainingMs() < RECORD_START_MARGIN_MS) {
        notStarted += 1;
        failures.push({ itemIdentifier: record.messageId });
        continue;
      }
      const message = parseMessage(record);
      let ok: Promise<boolean>;
      if (message && 'kind' in message) {
        ok =
          message.kind === 'reply-notice'
            ? processHeldNotice(message, record.messageId, now)
            : processScheduledText(message, record.messageId, now);
      } else if (!message) {
        log.error('malformed digest message', { messageId: record.messageId });
        ok = Promise.resolve(false);
      } else {
        const key = `${message.agentId}#${message.date}`;
        ok = byDay.get(key) ?? processMessage(message, record.messageId, now, remainingMs);
        byDay.set(key, ok);
      }
      if (!(await ok)) failures.push({ itemIdentifier: record.messageId });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, work));
  if (notStarted > 0) log.info('batch stopped before the timeout; the rest goes back to the queue', { notStarted });
  return { batchItemFailures: failures };
}

function parseMessage(record: SQSRecord): QueueMessage | null {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const { agentId, date, kind, clientId, messageId } = body as Record<string, unknown>;
  if (kind === 'scheduled-text') return isId(clientId) && isId(messageId) ? { kind, clientId, messageId } : null;
  if (kind === 'reply-notice') return isId(clientId) ? { kind, clientId } : null;
  if (!isId(agentId) || !isCalendarDate(date)) return null;
  return { agentId, date };
}

/** A scheduled text: sent once (the claim is conditional), or left alone when another delivery has it. */
async function processScheduledText(message: ScheduledTextMessage, messageId: string, now: Date): Promise<boolean> {
  const log = createLogger({ job: 'reminders-worker', messageId, kind: message.kind });
  try {
    const item = await getMessage(message.clientId, message.messageId);
    const outcome = item ? await deliverScheduledText(item, now) : 'no-message';
    log.info('scheduled text', { outcome });
    return true;
  } catch (error) {
    log.error('scheduled text failed; will retry', { error });
    return false;
  }
}

/** Replies a notice window held: sent once (the release is conditional), or nothing when a later reply sent them. */
async function processHeldNotice(message: HeldNoticeMessage, messageId: string, now: Date): Promise<boolean> {
  const log = createLogger({ job: 'reminders-worker', messageId, kind: message.kind });
  try {
    log.info('held reply notice', { sent: await sendHeldReplyNotice(message.clientId, now) });
    return true;
  } catch (error) {
    log.error('held reply notice failed; will retry', { error });
    return false;
  }
}

async function processMessage(
  message: DigestMessage,
  messageId: string,
  now: Date,
  remainingMs: RemainingMs,
): Promise<boolean> {
  const log = createLogger({ messageId, agentId: message.agentId, date: message.date });
  try {
    const result = await sendDailyDigest(message, log, now, remainingMs);
    if (result.status === 'busy') log.info('digest in progress elsewhere; will retry');
    return result.status !== 'busy';
  } catch (error) {
    if (error instanceof OutOfTimeError) log.info('digest stopped before the timeout; will continue', { error });
    else log.error('digest failed; will retry', { error });
    return false;
  }
}

export async function sendDailyDigest(
  { agentId, date }: DigestMessage,
  log: Logger,
  now: Date = new Date(),
  remainingMs: RemainingMs = UNLIMITED,
): Promise<DigestResult> {
  const agent = await getUserById(agentId);
  if (!agent) {
    log.warn('no such agent; message dropped');
    return { status: 'no-agent' };
  }
  const claim = await claimDigest(agentId, date, now);
  if (!claim.claimed) {
    // A retry of a day whose digest went out: the summary may be what failed.
    if (claim.status === 'sent') await monthlySummary(agent, date, log, now);
    return claim.status === 'sent' ? { status: 'duplicate' } : { status: 'busy' };
  }

  const { appUrl } = config();
  const prefs = withDefaultPrefs(agent.reminderPrefs);
  let emailed = false;
  let texted = false;
  let pushed = 0;
  const pushPrefs = pushPrefsOf(agent);
  let events = 0;
  let counted = 0;
  let automation: AutomationRun | undefined;
  try {
    // The day's automatic messages first, so the digest can point at those waiting for approval.
    automation = await runAutomations(agent, date, now, remainingMs);
    const clients = await listClients(agentId);
    for (const client of clientsOwedHomeownerMilestones(clients, date)) await awardDueMilestones(client, date, now);
    // The queue: the messages to approve, and the clients whose automatic message waits (left out of the touches).
    const outgoing = await listOutgoing(agentId);
    const approvals = automation.due > 0 ? outgoing.filter((m) => m.status === 'awaiting-approval').length : 0;
    const touches = await dayTouches(agent, date, now, { clients, outgoing }, log);
    const attention = await integrationsNeedingAgent(agentId, now);
    const digest = { ...buildDigest(clients, date, prefs.leadDays), approvals, touches, attention };
    events = digest.today.length + digest.upcoming.length;
    counted = digest.today.length;
    if (!isEmptyDigest(digest)) {
      if (prefs.emailDigest) {
        await sendEmail({ to: agent.username, ...digestEmail(digest, { agentName: agent.fullName, appUrl }) });
        emailed = true;
      }
      const destination = prefs.sms ? textDestination(agent.phone, config().smsAllowedCountries) : undefined;
      const phone = destination?.ok ? destination.to : undefined;
      if (destination && !destination.ok)
        log.warn('SMS is on but the phone number cannot receive texts', { reason: destination.reason });
      if (phone) {
        try {
          await sendSms(phone, digestSms(digest, appUrl));
          texted = true;
        } catch (error) {
          // The e-mail went out: retrying would send it again. Without one, retry the whole digest.
          if (!emailed) throw error;
          log.warn('digest SMS failed after the e-mail was sent', { error });
        }
      }
      // The key dates only: messages to approve have their own notification (services/automations.ts). Never throws.
      if (events > 0 && pushPrefs.digest) pushed = await pushToAgent(agentId, digestNotification(digest));
    }
  } catch (error) {
    // Nothing was sent: give the day back so the retry can send at once.
    await releaseDigest(agentId, date, claim.claimId);
    throw error;
  }
  const outcome: DigestOutcome = { emailed, texted, events, remindersCounted: counted };
  if (!(await markDigestSent(agentId, date, claim.claimId, outcome, now))) {
    log.warn('digest claim was taken over before it was marked sent');
    return { status: 'duplicate' };
  }
  if (emailed || texted) countMetric('DigestsSent');
  try {
    // The agent's local day decides the month, as shared/activity.ts counts by the event's date.
    await addToStats({ reminders: counted }, new Date(`${date}T12:00:00Z`));
    // The agent's own: the key dates that came round today (the digest's "today"), in the month of the agent's day.
    await countInsights(agentId, { occasionsDue: counted }, new Date(`${date}T12:00:00Z`), 'UTC');
  } catch (error) {
    // Sent and marked: a retry would find the day done. The counter misses this day; log it.
    log.error('reminders counter not updated', { error, reminders: counted });
  }
  log.info('digest done', { ...outcome, pushed, automation });
  await monthlySummary(agent, date, log, now);
  return { status: 'sent', outcome };
}

/**
 * The day's next best touch, computed from the clients the digest read (no second read) and stored for Today, unless
 * Today already computed that day's; its top DIGEST_TOUCHES with their first reason. A failure leaves the digest
 * without them (Today computes the list itself).
 */
async function dayTouches(
  agent: UserItem,
  date: string,
  now: Date,
  read: { clients: Awaited<ReturnType<typeof listClients>>; outgoing: Awaited<ReturnType<typeof listOutgoing>> },
  log: Logger,
): Promise<DigestTouch[]> {
  try {
    // The agent may have opened Today before 8:00: that day's list stands (and keeps what was acted on).
    const stored = await getNextBestDay(agent.id);
    const day =
      stored?.date === date ? stored : await computeNextBestDay(agent, date, now, { ...read, stored: stored ?? null });
    return Object.values(day.entries)
      .sort(compareEntries)
      .slice(0, DIGEST_TOUCHES)
      .map((entry) => ({ name: entry.name, reason: entry.reasons[0]?.text ?? '' }));
  } catch (error) {
    log.error('next best touch not computed; the digest goes without it', { error });
    return [];
  }
}

/**
 * On the 1st, the Pro agent's summary of last month (once; a failure is thrown so the message is retried, and the
 * digest is not sent again).
 */
async function monthlySummary(agent: UserItem, date: string, log: Logger, now: Date): Promise<void> {
  const outcome = await sendMonthlySummary(agent, date, now);
  if (outcome === 'sent' || outcome === 'already-sent') log.info('monthly summary', { outcome });
}
