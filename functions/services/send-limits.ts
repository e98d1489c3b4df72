// An agent's daily sends to clients: a slot reserved for each send, or the refusal that says when the cap resets.
import { reserveSend, type SendChannel, type SendSlot } from '../data/outbound-caps';
import type { DailyLimit } from '../domain/refusals';

/** Reserves one send for the agent, or refuses it: the day's cap on the channel is used up. */
export async function reserveDailySend(
  agent: { id: string; timeZone: string },
  channel: SendChannel,
  now = new Date(),
): Promise<SendSlot | DailyLimit> {
  const reservation = await reserveSend(agent.id, channel, now);
  if (reservation.granted) return reservation.slot;
  return {
    kind: 'daily-limit',
    channel,
    limit: reservation.limit,
    resetsAt: reservation.resetsAt.toISOString(),
    timeZone: agent.timeZone,
  };
}
