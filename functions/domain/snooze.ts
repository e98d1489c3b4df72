// Snoozing a message of the Today queue: it leaves the queue until the agent's next morning.
import { addDays, todayIn } from '@shared/dates';
import { zonedInstant } from './client-message';
import { normalizeTimeZone } from './time-zone';

/** The hour of the agent's morning a snoozed message comes back at. */
export const SNOOZE_BACK_AT_MINUTE = 8 * 60;

/** 8:00 tomorrow in the agent's zone: when a message snoozed `now` is back in the queue. */
export function snoozedUntil(timeZone: string | null | undefined, now: Date): Date {
  const zone = normalizeTimeZone(timeZone);
  return zonedInstant(addDays(todayIn(zone, now), 1), SNOOZE_BACK_AT_MINUTE, zone);
}

/** Whether a message snoozed until `until` (if ever) stays out of the queue at `now`. */
export function isSnoozed(until: string | null | undefined, now: Date): boolean {
  return typeof until === 'string' && until > now.toISOString();
}
