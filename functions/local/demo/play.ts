// Plays the demo's year (functions/local/demo/timeline.ts) through the product's own use cases, each at the instant of
// its event, so every derived item and counter (Last Contact, the relationship state, the conversations and their
// unread count, the month counters of Insights, the occasion and check-in indexes) is what the product would have
// made of that year. A use case that refuses is a broken story: the seed stops and says which event.
import { withDefaultRules } from '@shared/automations';
import { addDays } from '@shared/dates';
import type { MessageChannel } from '@shared/messages';
import { changeClient } from '../../client-record/record';
import { getClient, type ClientItem } from '../../data/clients';
import { listActivity, rememberSesMessage, type MessageItem } from '../../data/messages';
import { getNextBestDay } from '../../data/next-best';
import { createSegment } from '../../data/segments';
import { setAutomationRules, type UserItem } from '../../data/users';
import { checkInDueDate } from '../../domain/check-ins';
import { compareEntries } from '../../domain/next-best';
import { isRefusal, type Refusal } from '../../domain/refusals';
import { randomId } from '../../domain/signed-tokens';
import { setLocalTaskQueue, type TaskMessage } from '../../integrations/task-queue';
import { sendDailyDigest } from '../../jobs/reminders-worker';
import { createLogger } from '../../observability/logger';
import { runBroadcastJob } from '../../services/broadcast-job';
import { approveAll, startBroadcast } from '../../services/broadcasts';
import { startBulkAction } from '../../services/bulk-actions';
import { addClient, editClient, logTouch } from '../../services/clients';
import { readConversation } from '../../services/conversations';
import { recordInboundReply } from '../../services/inbound-replies';
import { nextBestDone } from '../../services/next-best';
import { handleInboundText } from '../../services/inbound-texts';
import { sendClientEmail, sendClientText } from '../../services/messages';
import { openReviewLink } from '../../services/review-links';
import { requestReview } from '../../services/review-requests';
import { unsubscribe, unsubscribeToken } from '../../services/unsubscribe';
import { deliverSesEvent } from '../ses-events-job';
import type { DemoEvent } from './timeline';

/** Who the story is about: the agent as last read, and each client's id by name. */
export type Cast = { agent: UserItem; ids: Map<string, string>; broadcastId?: string };

const log = createLogger({ component: 'demo-seed' });
/** The number clients text back to (the outbox's): any E.164 number serves, it only routes the reply. */
const OUR_NUMBER = '+15125550000';

export class DemoStoryError extends Error {
  override name = 'DemoStoryError';
}

/** The outcome, or the story stops naming the event and what refused it. */
function ok<T>(outcome: T, event: DemoEvent): Exclude<T, Refusal> {
  if (isRefusal(outcome))
    throw new DemoStoryError(`${event.kind} at ${event.at.toISOString()}: ${JSON.stringify(outcome)}`);
  return outcome as Exclude<T, Refusal>;
}

export async function playEvent(event: DemoEvent, cast: Cast): Promise<void> {
  const { agent } = cast;
  const at = event.at;
  switch (event.kind) {
    case 'add': {
      const { name, tags, cadenceDays, keyDates, referredBy, email, phone, address, postalCode } = event.client;
      const { birthday, anniversary, purchaseDate, purchasePrice } = event.client;
      const input = { name, email, phone, address, postalCode, birthday, anniversary, purchaseDate, purchasePrice };
      const referrer = referredBy ? cast.ids.get(referredBy) : undefined;
      const added = ok(
        await addClient(agent, { ...input, keyDates, cadenceDays, referredBy: referrer }, tags, log, at),
        event,
      );
      cast.ids.set(name, added.client.id);
      return;
    }
    case 'keep': {
      const { cadenceDays, keyDates } = event.keeping;
      if (cadenceDays === undefined && !keyDates) return;
      ok(await editClient(await found(cast, event.name), { changes: { cadenceDays, keyDates } }, at), event);
      return;
    }
    case 'tag': {
      const ids = event.names.map((name) => idOf(cast, name));
      await startBulkAction(agent, { action: 'add-tag', ids, tag: event.tag }, log, at);
      return;
    }
    case 'consent':
      ok(await editClient(await found(cast, event.name), { changes: {}, smsConsent: 'granted' }, at), event);
      return;
    case 'message': {
      const client = await clientNamed(cast, event.name);
      const input = { channel: event.channel, subject: event.subject, body: event.body, occasion: 'check-in' as const };
      const send = event.channel === 'email' ? sendClientEmail : sendClientText;
      ok(await send(agent, client, input, at), event);
      return;
    }
    case 'reply': {
      const client = await clientNamed(cast, event.name);
      const from = event.channel === 'email' ? client.email : e164(client.phone);
      const subject =
        event.channel === 'email' ? `Re: ${(await lastSent(client.id, 'email'))?.subject ?? 'Hello'}` : undefined;
      await recordInboundReply({
        agentId: agent.id,
        clientId: client.id,
        channel: event.channel,
        subject,
        body: event.body,
        at,
        from,
      });
      // The agent opened the conversation, but for the two answers the story leaves unread.
      if (!event.unread) await readConversation(agent, client.id);
      return;
    }
    case 'touch':
      ok(
        await logTouch(
          agent,
          idOf(cast, event.name),
          { kind: event.touch, note: event.note, date: at.toISOString() },
          at,
        ),
        event,
      );
      return;
    case 'referral': {
      const changes = { referredBy: idOf(cast, event.referrer) };
      ok(await editClient(await found(cast, event.name), { changes }, at), event);
      return;
    }
    case 'review-request':
      ok(await requestReview(agent, idOf(cast, event.name), at), event);
      return;
    case 'review-link-opened': {
      // The link the client was e-mailed, followed as the browser does.
      const request = await lastSent(idOf(cast, event.name), 'email', 'review-request');
      const token = /\/r\/([\w-]+)/.exec(request?.body ?? '')?.[1];
      if (!token || !(await openReviewLink(token, at))) throw new DemoStoryError(`no review link for ${event.name}`);
      return;
    }
    case 'link-opened-again':
      // Asked before the story began (functions/local/seed.ts marks the request): the opening is the record's change.
      await changeClient(
        agent.id,
        idOf(cast, event.name),
        { kind: 'review-link-opened', at: at.toISOString() },
        { now: at },
      );
      return;
    case 'unsubscribe':
      if (!(await unsubscribe(await unsubscribeToken(agent.id, idOf(cast, event.name)), at)))
        throw new DemoStoryError(`${event.name} could not unsubscribe`);
      return;
    case 'stop': {
      const client = await clientNamed(cast, event.name);
      await handleInboundText({ from: e164(client.phone), to: OUR_NUMBER, body: 'STOP', provider: 'twilio', at });
      return;
    }
    case 'bounce':
      await bounce(cast, event.name, at);
      return;
    case 'rules':
      cast.agent = (await setAutomationRules(agent.id, withDefaultRules(event.rules))) ?? agent;
      return;
    case 'morning':
      await sendDailyDigest({ agentId: agent.id, date: event.date }, log, at);
      return;
    case 'approve':
      await approveAll(agent, event.broadcast ? cast.broadcastId : undefined, at);
      return;
    case 'broadcast':
      cast.broadcastId = await broadcast(cast, event, at);
      return;
    case 'today-done':
      await doneFromToday(cast, event.count, event);
      return;
  }
}

/** Reasons the automatic messages answer (the agent leaves those clients to them). */
const KEY_DATE_REASONS: ReadonlySet<string> = new Set(['key-date', 'home-anniversary', 'purchase-window']);
const QUIET_MS = 90 * 86_400_000;
/** A rhythm falling due this soon is the automatic check-in's. */
const CHECK_IN_SOON_DAYS = 3;

/**
 * The first `count` of the day's list marked done as Today's button does, passing over the clients whose key date or
 * rhythm the automatic messages take care of, and those quiet for months (Insights' Reach keeps them).
 */
async function doneFromToday(cast: Cast, count: number, event: DemoEvent): Promise<void> {
  const entries = Object.values((await getNextBestDay(cast.agent.id))?.entries ?? {}).sort(compareEntries);
  let done = 0;
  for (const entry of entries) {
    if (done === count) return;
    if (entry.reasons.some((reason) => KEY_DATE_REASONS.has(reason.code))) continue;
    const client = await getClient(cast.agent.id, entry.clientId);
    const last = client?.lastContactDate;
    if (!client || !last || Date.parse(last) < event.at.getTime() - QUIET_MS) continue;
    const checkIn = checkInDueDate(client);
    if (checkIn && checkIn <= addDays(event.at.toISOString().slice(0, 10), CHECK_IN_SOON_DAYS)) continue;
    ok(await nextBestDone(cast.agent, entry.clientId, event.at, 'Called from Today'), event);
    done += 1;
  }
}

/**
 * The agent's broadcast to a saved segment, drafted by its background task as the queue's worker runs it. The seed has
 * no queue running yet (the runtime starts it after seeding): the task is caught as it is queued and run here.
 */
async function broadcast(
  cast: Cast,
  { segment: name, tag, instructions }: { segment: string; tag: string; instructions: string },
  at: Date,
): Promise<string> {
  const segment = await createSegment(cast.agent.id, name, { tag }, at);
  if (!segment) throw new DemoStoryError('the segment was refused');
  const queued: TaskMessage[] = [];
  const before = setLocalTaskQueue({ send: (message) => queued.push(message) });
  let started;
  try {
    const request = {
      segmentId: segment.id,
      channel: 'email',
      occasion: 'check-in',
      instructions,
      mode: 'approve',
    } as const;
    started = await startBroadcast(cast.agent, request, at);
  } finally {
    setLocalTaskQueue(before);
  }
  if (started.outcome !== 'started') throw new DemoStoryError(`broadcast ${started.outcome}`);
  for (const message of queued)
    if (message.kind === 'broadcast') await runBroadcastJob(message, { remainingMs: () => Infinity, log }, at);
  return started.id;
}

/**
 * SES reports the client's last e-mail bounced, through the SES events job. The outbox gives a message no SES id, so
 * the one SES would have answered is recorded as the send records it (`rememberSesMessage`): the job finds the message
 * by it, as in AWS.
 */
async function bounce(cast: Cast, name: string, at: Date): Promise<void> {
  const client = await clientNamed(cast, name);
  const message = await lastSent(client.id, 'email');
  if (!message) throw new DemoStoryError(`no e-mail to ${name} to bounce`);
  const sesMessageId = `demo-${randomId()}`;
  await rememberSesMessage(sesMessageId, { agentId: cast.agent.id, clientId: client.id, messageId: message.id }, at);
  const bounced = { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: client.email }] };
  await deliverSesEvent(
    { eventType: 'Bounce', bounce: bounced, mail: { messageId: sesMessageId, tags: { agent: [cast.agent.id] } } },
    at,
  );
}

function idOf(cast: Cast, name: string): string {
  const id = cast.ids.get(name);
  if (!id) throw new DemoStoryError(`no client named ${name}`);
  return id;
}

async function clientNamed(cast: Cast, name: string): Promise<ClientItem> {
  const client = await getClient(cast.agent.id, idOf(cast, name));
  if (!client) throw new DemoStoryError(`${name} is gone`);
  return client;
}

const found = async (cast: Cast, name: string) => ({
  client: await clientNamed(cast, name),
  agentTimeZone: cast.agent.timeZone,
});

/** The client's latest message of ours on the channel (of the occasion, when given). */
async function lastSent(
  clientId: string,
  channel: MessageChannel,
  occasion?: string,
): Promise<MessageItem | undefined> {
  const activity = (await listActivity(clientId)).filter(
    (item): item is MessageItem =>
      item.type === 'message' &&
      (item as MessageItem).channel === channel &&
      (item as MessageItem).direction !== 'inbound',
  );
  return activity
    .filter((message) => !occasion || message.occasion === occasion)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .at(-1);
}

/** A US number as E.164, as the text provider gives it. */
const e164 = (phone: string): string => `+1${phone.replace(/\D/g, '').slice(-10)}`;
