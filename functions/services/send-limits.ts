// The answer when an agent has used up a day's sends: 429 DAILY_LIMIT, saying when it resets.
import { reserveSend, type SendChannel, type SendSlot } from '../data/outbound-caps';
import { normalizeTimeZone } from '../domain/time-zone';
import { HttpError } from '../http/errors';

const NOUNS: Record<SendChannel, string> = { email: 'e-mails', sms: 'text messages' };

/** "midnight UTC (7:00 PM your time)". */
function resetPhrase(resetsAt: Date, timeZone: string): string {
  const local = resetsAt.toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: normalizeTimeZone(timeZone),
  });
  return `midnight UTC (${local} your time)`;
}

export function dailyLimitMessage(channel: SendChannel, limit: number, resetsAt: Date, timeZone: string): string {
  return `You have sent today's limit of ${limit} ${NOUNS[channel]} to clients. It resets at ${resetPhrase(resetsAt, timeZone)}.`;
}

/** Reserves one send for the agent, or refuses the request with 429 DAILY_LIMIT. */
export async function reserveDailySend(
  agent: { id: string; timeZone: string },
  channel: SendChannel,
  now = new Date(),
): Promise<SendSlot> {
  const reservation = await reserveSend(agent.id, channel, now);
  if (reservation.granted) return reservation.slot;
  const retryAfter = Math.max(1, Math.ceil((reservation.resetsAt.getTime() - now.getTime()) / 1000));
  throw new HttpError(429, dailyLimitMessage(channel, reservation.limit, reservation.resetsAt, agent.timeZone), {
    code: 'DAILY_LIMIT',
    headers: { 'retry-after': String(retryAfter) },
  });
}
