// What an agent may send to clients today: a slot reserved for each send under their cap (by trust), the platform's
// circuit breaker and, for free accounts and new senders, their share of it; or the refusal that says why not (paused,
// the cap, the breaker, the share). And the sending review: each bounce or complaint of an agent's client e-mail
// counted (and each complainant, once), and their sending paused once the window's record passes the review's rules.
import type { AdminAgent } from '@shared/api-types';
import { addDays } from '@shared/dates';
import { toAdminAgent } from '../data/agents';
import { config } from '../config';
import {
  countComplainant,
  countSendingEvent,
  reserveSend,
  sendingRecordSince,
  type SendChannel,
  type SendSlot,
} from '../data/outbound-caps';
import { firstSightOfSesEvent, liftSendingPause, pauseSending, type SendingPause } from '../data/sending-pause';
import type { UserItem } from '../data/users';
import type { NotFound, SendCapRefusal } from '../domain/refusals';
import {
  dailySendCap,
  drawsOnFreeShare,
  freeShareOf,
  isNewSender,
  pauseReason,
  type PauseReason,
  type SendingRecord,
} from '../domain/send-trust';
import { PLATFORM_SHARE_METRICS, recordLevel } from '../observability/metrics';

export type SendingAgent = Pick<UserItem, 'id' | 'timeZone' | 'isPro' | 'signupDate' | 'sendingPause'>;

/** Reserves one send for the agent, or refuses it: their sending is paused, or the day's cap or breaker is reached. */
export async function reserveDailySend(
  agent: SendingAgent,
  channel: SendChannel,
  now = new Date(),
): Promise<SendSlot | SendCapRefusal> {
  if (agent.sendingPause) return { kind: 'sending-paused', reason: agent.sendingPause.reason };
  const settings = config();
  const platformLimit = settings.platformDailyLimits[channel];
  const freeShare = drawsOnFreeShare(agent, now)
    ? freeShareOf(platformLimit, settings.freePlatformSharePercent)
    : undefined;
  const reservation = await reserveSend(agent.id, channel, dailySendCap(agent, channel, settings, now), now, freeShare);
  if (reservation.granted) {
    recordLevel(
      PLATFORM_SHARE_METRICS[channel],
      (100 * reservation.platformCount) / settings.platformDailyLimits[channel],
    );
    return reservation.slot;
  }
  const resetsAt = reservation.resetsAt.toISOString();
  if (reservation.by === 'platform') return { kind: 'platform-limit', channel, resetsAt, timeZone: agent.timeZone };
  if (reservation.by === 'free-share')
    return { kind: 'platform-limit', channel, resetsAt, timeZone: agent.timeZone, share: 'free' };
  return { kind: 'daily-limit', channel, limit: reservation.limit, resetsAt, timeZone: agent.timeZone };
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** A permanent bounce or a complaint of one SES message, and the addresses it names. */
export type SendingEvent = { reason: 'bounce' | 'complaint'; sesMessageId?: string; addresses: readonly string[] };
/** What an event did: the review window's record after it, and the pause it caused (null: none). */
export type SendingEventOutcome = { record: SendingRecord; paused: PauseReason | null };

/**
 * Counts a permanent bounce or a complaint of the agent's client e-mail (once per SES message and kind; each
 * complaining address once in the window) and pauses their sending when the window's record passes the review's rules
 * (functions/domain/send-trust.ts). Null for an event counted before.
 */
export async function recordSendingEvent(
  agent: Pick<UserItem, 'id' | 'signupDate' | 'sendingPause' | 'sendingReviewFrom'>,
  event: SendingEvent,
  now = new Date(),
): Promise<SendingEventOutcome | null> {
  const { reason, sesMessageId } = event;
  const { sendingReview } = config();
  if (sesMessageId && !(await firstSightOfSesEvent(sesMessageId, reason, now, sendingReview.days + 1))) return null;
  await countSendingEvent(agent.id, reason, now);
  if (reason === 'complaint') for (const address of event.addresses) await countComplainant(agent.id, address, now);
  const today = utcDay(now);
  const windowStart = addDays(today, 1 - sendingReview.days);
  const from = agent.sendingReviewFrom && agent.sendingReviewFrom > windowStart ? agent.sendingReviewFrom : windowStart;
  const record = await sendingRecordSince(agent.id, from, today);
  if (agent.sendingPause) return { record, paused: null };
  const paused = pauseReason(record, sendingReview.minEmails, isNewSender(agent, now));
  if (!paused) return { record, paused: null };
  const pause: SendingPause = { ...record, reason: paused, pausedAt: now.toISOString() };
  return { record, paused: (await pauseSending(agent.id, pause)) ? paused : null };
}

/**
 * POST /api/admin/agents/{id}/sending: an administrator lifts the agent's pause (again: nothing changes). The review
 * then counts from the next UTC day, so the record that paused them does not pause them again.
 */
export async function liftPause(agentId: string, now = new Date()): Promise<AdminAgent | NotFound<'agent'>> {
  const agent = await liftSendingPause(agentId, addDays(utcDay(now), 1));
  if (!agent || agent.type !== 'user') return { kind: 'not-found', what: 'agent' };
  return toAdminAgent(agent);
}
