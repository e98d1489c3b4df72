// Automated follow-ups. On the morning of a key date (the agent's 8:00 run, with the digest) each
// enabled rule drafts one message per due client (the `check-in` rule: per client due for a check-in by their
// keep-in-touch rhythm, once per due day) with the same composer as the agent's own drafts,
// and either leaves it in the agent's queue (`approve`, services/outgoing.ts) or schedules it for the
// rule's time in the client's zone (`auto`, Pro); the agent's devices hear of the new ones waiting (web push, when the
// `approvals` switch is on), once per run. Exactly once per client, occasion and year: the
// message's id is made from those three and written with a condition, so retries, duplicate queue
// deliveries and a crash between drafting and writing never make a second one. What is not sent
// says why, on the message.
import { createHash } from 'node:crypto';
import {
  APPROVAL_NOTES,
  minutesOf,
  RECENT_CONTACT_DAYS,
  SKIP_REASONS,
  withDefaultRules,
  type AutomationOccasion,
  type AutomationRule,
} from '@shared/automations';
import type { DraftEngine } from '@shared/api-types';
import { dateParts } from '@shared/dates';
import type { MessageChannel } from '@shared/messages';
import { config } from '../config';
import type { ClientItem } from '../data/clients';
import { getMessage, putMessageOnce, type NewMessage } from '../data/messages';
import { dueForCheckInPage } from '../data/check-ins';
import { dueOccasionClients } from '../data/occasions';
import { releaseSend, type SendSlot } from '../data/outbound-caps';
import { pushPrefsOf, type UserItem } from '../data/users';
import { KIND_OCCASION } from '../domain/automation-occasions';
import { checkInDueDate } from '../domain/check-ins';
import { automaticSendAt } from '../domain/client-message';
import { approvalsNotification } from '../domain/push-notifications';
import { textDestination } from '../domain/phone-numbers';
import { textsAllowed } from '../domain/sms-consent';
import { isRefusal, type SendCapRefusal } from '../domain/refusals';
import { replyPause } from '../domain/reply-pause';
import { pushToAgent } from '../integrations/push';
import { OutOfTimeError, UNLIMITED, type RemainingMs } from '../lib/time-budget';
import { writeDraft } from './drafts';
import { homeUpdateContent } from './home-updates';
import { homeUpdateClientsOn } from '../data/home-update-index';
import { homeUpdateCadence } from '../domain/home-update';
import { homeUpdatesStoppedNotification } from '../domain/push-notifications';
import { reserveDailySend } from './send-limits';

const DAY_MS = 86_400_000;

/**
 * The id of the one automatic message for this client, occasion and year (for a check-in: the day it became due, so
 * a client who stays due gets one, and the next round of the rhythm another).
 */
export function automaticMessageId(clientId: string, occasion: AutomationOccasion, period: number | string): string {
  return createHash('sha256').update(`auto|${clientId}|${occasion}|${period}`).digest('base64url').slice(0, 22);
}

/** Why any message for a client is skipped (broadcasts skip for these too). */
export type ClientSkipReason = 'paused' | 'replied' | 'opted-out' | 'no-consent' | 'no-address' | 'recent-contact';
/** And a home update: no estimate, or stopped after six without a click. */
export type SkipReason = ClientSkipReason | 'no-estimate' | 'home-updates-stopped';

export type AutomationRun = {
  /** Clients with a key date today that an enabled rule covers. */
  due: number;
  awaiting: number;
  scheduled: number;
  skipped: Partial<Record<SkipReason, number>>;
  /** Already made by an earlier run (a retry or a duplicate delivery). */
  existing: number;
  /** DynamoDB reads of the due clients: entries of the occasion index and client items. */
  reads: { calls: number; entries: number; clients: number };
};

/** Why this client gets no message on this channel today, or null. */
export function skipReason(
  client: ClientItem,
  channel: MessageChannel,
  now: Date,
): { reason: ClientSkipReason; text: string } | null {
  if (client.automationsPaused) return { reason: 'paused', text: SKIP_REASONS.paused };
  const replied = replyPause(client, now);
  if (replied) return { reason: 'replied', text: SKIP_REASONS.replied(replied) };
  if (channel === 'email' ? client.emailOptedOut : client.smsOptedOut)
    return { reason: 'opted-out', text: SKIP_REASONS.optedOut(channel) };
  const reachable =
    channel === 'email' ? Boolean(client.email) : textDestination(client.phone, config().smsAllowedCountries).ok;
  if (!reachable) return { reason: 'no-address', text: SKIP_REASONS.noAddress(channel) };
  if (channel === 'sms' && !textsAllowed(client)) return { reason: 'no-consent', text: SKIP_REASONS.noConsent };
  if (client.lastContactDate && now.getTime() - Date.parse(client.lastContactDate) < RECENT_CONTACT_DAYS * DAY_MS)
    return { reason: 'recent-contact', text: SKIP_REASONS.recentContact };
  return null;
}

/**
 * What one automatic message may take (its draft by the model, up to 10 s, and its writes): a run makes the next one
 * only while more than this is left before the function's timeout.
 */
export const AUTOMATIC_MESSAGE_TIME_MS = 30_000;

/**
 * The day's automatic messages for one agent (`date` is the agent's local date). Safe to run again: what exists is left
 * alone. When the function's time (`remainingMs`) runs short it stops before the next message with an OutOfTimeError,
 * and the run made again later makes only the rest.
 */
export async function runAutomations(
  agent: UserItem,
  date: string,
  now = new Date(),
  remainingMs: RemainingMs = UNLIMITED,
): Promise<AutomationRun> {
  const run: AutomationRun = {
    due: 0,
    awaiting: 0,
    scheduled: 0,
    skipped: {},
    existing: 0,
    reads: { calls: 0, entries: 0, clients: 0 },
  };
  const rules = new Map(
    withDefaultRules(agent.automations)
      .filter((rule) => rule.enabled)
      .map((rule) => [rule.occasion, rule]),
  );
  if (rules.size === 0) return run;
  const make = async (client: ClientItem, rule: AutomationRule, period: number | string) => {
    run.due += 1;
    const id = automaticMessageId(client.id, rule.occasion, period);
    if (await getMessage(client.id, id)) {
      run.existing += 1;
      return;
    }
    if (remainingMs() < AUTOMATIC_MESSAGE_TIME_MS) throw new OutOfTimeError("the day's next automatic message");
    const outcome = await automaticMessage(agent, client, rule, id, date, now);
    if (!outcome) run.existing += 1;
    else if (outcome.status === 'skipped') run.skipped[outcome.reason] = (run.skipped[outcome.reason] ?? 0) + 1;
    else run[outcome.status] += 1;
  };
  const keyDateRules = [...rules.keys()].some((occasion) => occasion !== 'check-in' && occasion !== 'home-update');
  if (keyDateRules) {
    const read = await dueOccasionClients(agent.id, date);
    run.reads = { calls: read.calls, entries: read.entriesRead, clients: read.clientsRead };
    const year = dateParts(date).year;
    for (const { client, kind } of read.due) {
      const occasion = KIND_OCCASION[kind];
      const rule = occasion && rules.get(occasion);
      if (rule) await make(client, rule, year);
    }
  }
  const checkIn = rules.get('check-in');
  if (checkIn) {
    // The due clients a page at a time from the check-in index: the reads grow with them, not with the book.
    let cursor: string | undefined;
    do {
      const page = await dueForCheckInPage(agent.id, { today: date, limit: CHECK_IN_PAGE, cursor });
      run.reads.calls += 2;
      run.reads.clients += page.clients.length;
      for (const client of page.clients) {
        if (client.registrationPendingAt) continue;
        await make(client, checkIn, checkInDueDate(client) ?? date);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  const homeUpdate = rules.get('home-update');
  if (homeUpdate && agent.isPro) await homeUpdates(agent, homeUpdate, date, make, now);
  // Only the messages this run made: a retry finds them existing and pushes nothing again. Never throws.
  if (run.awaiting > 0 && pushPrefsOf(agent).approvals)
    await pushToAgent(agent.id, approvalsNotification(run.awaiting));
  return run;
}

const CHECK_IN_PAGE = 100;

/**
 * The day's monthly home updates (Pro): the past clients whose day of the month it is, each as their cadence says
 * (functions/domain/home-update.ts): one a month, one a quarter after 3 without a click, none after 6 (then the agent
 * is told once, by a skipped message on the client's timeline and a push).
 */
async function homeUpdates(
  agent: UserItem,
  rule: AutomationRule,
  date: string,
  make: (client: ClientItem, rule: AutomationRule, period: string) => Promise<void>,
  now: Date,
): Promise<void> {
  const month = date.slice(0, 7);
  for (const client of await homeUpdateClientsOn(agent.id, dateParts(date).day)) {
    const cadence = homeUpdateCadence(client.homeUpdate, month);
    if (cadence === 'send') await make(client, rule, month);
    else if (cadence === 'stopped') {
      const told = await putMessageOnce({
        id: automaticMessageId(client.id, 'home-update', 'stopped'),
        agentId: agent.id,
        clientId: client.id,
        channel: 'email',
        occasion: 'home-update',
        automatic: true,
        status: 'skipped',
        body: '',
        to: client.email,
        slotDay: date,
        problem: SKIP_REASONS.homeUpdatesStopped,
        createdAt: now.toISOString(),
      });
      if (told)
        await pushToAgent(agent.id, homeUpdatesStoppedNotification({ clientId: client.id, clientName: client.name }));
    }
  }
}
/**
 * Why a drafted message may not go without the agent's approval, before the daily caps are asked: only a verified Pro
 * agent's, a draft that passed its checks, and not a directory client's first.
 */
export function automaticSendNote(
  agent: UserItem,
  client: ClientItem,
  draft: { engine: { fallback?: boolean } },
): string | undefined {
  if (!agent.isPro) return APPROVAL_NOTES.notPro;
  if (client.registeredThroughDirectoryAt && !client.automaticApprovedAt) return APPROVAL_NOTES.directoryClient;
  if (!agent.emailVerifiedAt) return APPROVAL_NOTES.unverified;
  if (draft.engine.fallback) return APPROVAL_NOTES.draftFailed;
  return undefined;
}

/** The note on a message the daily caps (or a sending pause) keep waiting for approval. */
export function capNote(refusal: SendCapRefusal, channel: MessageChannel): string {
  if (refusal.kind === 'sending-paused') return APPROVAL_NOTES.sendingPaused;
  if (refusal.kind === 'platform-limit') return APPROVAL_NOTES.platformLimit(channel, refusal.share);
  return APPROVAL_NOTES.dailyLimit(channel);
}

type Made = { status: 'awaiting' | 'scheduled' } | { status: 'skipped'; reason: SkipReason };

type Written = {
  draft: { engine: DraftEngine };
  content: Pick<NewMessage, 'body' | 'subject' | 'engine'>;
};

/** A home update is written from the estimate, by Hearthside itself (no model): 'no-estimate' when there is none. */
async function homeUpdateDraft(agent: UserItem, client: ClientItem, now: Date): Promise<Written | 'no-estimate'> {
  const email = await homeUpdateContent(agent, client, now);
  if (!email) return 'no-estimate';
  const engine: DraftEngine = { provider: 'local', model: null };
  return { draft: { engine }, content: { ...email, engine } };
}

async function automaticMessage(
  agent: UserItem,
  client: ClientItem,
  rule: AutomationRule,
  id: string,
  date: string,
  now: Date,
): Promise<Made | undefined> {
  const base: Omit<NewMessage, 'status' | 'body' | 'to' | 'slotDay'> = {
    id,
    agentId: agent.id,
    clientId: client.id,
    channel: rule.channel,
    occasion: rule.occasion,
    automatic: true,
    createdAt: now.toISOString(),
  };
  const destination = textDestination(client.phone, config().smsAllowedCountries);
  const to = rule.channel === 'email' ? client.email : destination.ok ? destination.to : client.phone;
  const skip = skipReason(client, rule.channel, now);
  if (skip) {
    const written = await putMessageOnce({
      ...base,
      status: 'skipped',
      body: '',
      to: to ?? '',
      slotDay: date,
      problem: skip.text,
    });
    return written ? { status: 'skipped', reason: skip.reason } : undefined;
  }

  const occasion = rule.occasion;
  const composed = async (drafted: Exclude<AutomationOccasion, 'home-update'>): Promise<Written | undefined> => {
    const request = { occasion: drafted, channel: rule.channel, tone: 'warm' } as const;
    let out = await writeDraft(agent, client.id, request, now);
    // The day's AI drafts are spent: Hearthside's own composer writes this one.
    if (out.outcome === 'quota') out = await writeDraft(agent, client.id, { ...request, localOnly: true }, now);
    if (out.outcome !== 'draft') return undefined; // the client was deleted meanwhile
    const { draft } = out;
    const subject = rule.channel === 'email' && draft.subject ? { subject: draft.subject } : {};
    return { draft, content: { body: draft.body, ...subject, engine: draft.engine } };
  };
  const drafted = occasion === 'home-update' ? await homeUpdateDraft(agent, client, now) : await composed(occasion);
  if (drafted === 'no-estimate') {
    const skipped = await putMessageOnce({
      ...base,
      status: 'skipped',
      body: '',
      to: to ?? '',
      slotDay: date,
      problem: SKIP_REASONS.noEstimate,
    });
    return skipped ? { status: 'skipped', reason: 'no-estimate' } : undefined;
  }
  if (!drafted) return undefined; // the client was deleted meanwhile
  const { draft, content } = drafted;

  // Sent without asking only for a verified Pro agent, a draft that passed its checks, and a slot under the daily cap.
  let note: string | undefined;
  let slot: SendSlot | undefined;
  if (rule.mode === 'auto') {
    note = automaticSendNote(agent, client, draft);
    if (!note) {
      const reservation = await reserveDailySend(agent, rule.channel, now);
      if (!isRefusal(reservation)) slot = reservation;
      else note = capNote(reservation, rule.channel);
    }
  }
  if (!slot) {
    const written = await putMessageOnce({
      ...base,
      ...content,
      status: 'awaiting-approval',
      to: to ?? '',
      slotDay: date,
      ...(note ? { note } : {}),
    });
    return written ? { status: 'awaiting' } : undefined;
  }
  const sendAt = automaticSendAt(
    date,
    minutesOf(rule.sendTime),
    client.timeZone ?? agent.timeZone,
    rule.channel,
    now,
  ).toISOString();
  const written = await putMessageOnce({
    ...base,
    ...content,
    status: 'scheduled',
    sendAt,
    to: to ?? '',
    slotDay: slot.day,
  });
  if (!written) {
    // Another run made it first: the slot this one took goes back.
    await releaseSend(slot);
    return undefined;
  }
  return { status: 'scheduled' };
}
