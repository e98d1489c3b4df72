// What an agent may send to clients today: a slot reserved for each send under their cap (by trust) and the
// platform's circuit breaker, or the refusal that says why not (paused, the cap, the breaker). And the sending
// review: each bounce or complaint of an agent's client e-mail counted, and their sending paused once the window's
// rates pass SES's review levels.
import type { AdminAgent } from '@shared/api-types';
import { addDays } from '@shared/dates';
import { toAdminAgent } from '../data/agents';
import { config } from '../config';
import {
  countSendingEvent,
  reserveSend,
  sendingRecordSince,
  type SendChannel,
  type SendSlot,
} from '../data/outbound-caps';
import { firstSightOfSesEvent, liftSendingPause, pauseSending, type SendingPause } from '../data/sending-pause';
import type { UserItem } from '../data/users';
import type { NotFound, SendCapRefusal } from '../domain/refusals';
import { dailySendCap, pauseReason, type PauseReason } from '../domain/send-trust';
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
  const reservation = await reserveSend(agent.id, channel, dailySendCap(agent, channel, settings, now), now);
  if (reservation.granted) {
    recordLevel(
      PLATFORM_SHARE_METRICS[channel],
      (100 * reservation.platformCount) / settings.platformDailyLimits[channel],
    );
    return reservation.slot;
  }
  const resetsAt = reservation.resetsAt.toISOString();
  if (reservation.by === 'platform') return { kind: 'platform-limit', channel, resetsAt, timeZone: agent.timeZone };
  return { kind: 'daily-limit', channel, limit: reservation.limit, resetsAt, timeZone: agent.timeZone };
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Counts a permanent bounce or a complaint of the agent's client e-mail (once per SES message and kind) and pauses
 * their sending when the review window's rates pass SES's levels: the reason when this event paused them, else null.
 */
export async function recordSendingEvent(
  agent: Pick<UserItem, 'id' | 'sendingPause' | 'sendingReviewFrom'>,
  reason: 'bounce' | 'complaint',
  sesMessageId: string | undefined,
  now = new Date(),
): Promise<PauseReason | null> {
  const { sendingReview } = config();
  if (sesMessageId && !(await firstSightOfSesEvent(sesMessageId, reason, now, sendingReview.days + 1))) return null;
  await countSendingEvent(agent.id, reason, now);
  if (agent.sendingPause) return null;
  const windowStart = addDays(utcDay(now), 1 - sendingReview.days);
  const from = agent.sendingReviewFrom && agent.sendingReviewFrom > windowStart ? agent.sendingReviewFrom : windowStart;
  const record = await sendingRecordSince(agent.id, from);
  const paused = pauseReason(record, sendingReview.minEmails);
  if (!paused) return null;
  const pause: SendingPause = { ...record, reason: paused, pausedAt: now.toISOString() };
  return (await pauseSending(agent.id, pause)) ? paused : null;
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
