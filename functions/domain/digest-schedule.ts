// When an agent's daily digest is due: the hourly scheduler asks this for each agent, with the
// instant it was scheduled for. Local times come from Intl, so daylight-saving changes and
// half-hour zones (India, Newfoundland, Nepal) need no table of offsets.
import { addDays, formatDate } from '@shared/dates';
import { DIGEST_HOUR } from '@shared/reminder-prefs';
import { normalizeTimeZone } from './time-zone';

const HOUR_MS = 3_600_000;
const DIGEST_MINUTE_OF_DAY = DIGEST_HOUR * 60;

export type AgentZone = { id: string; timeZone?: string | null };
export type DigestMessage = { agentId: string; date: string };

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock date and minute of the day in a zone at an instant. */
export function localTime(timeZone: string, instant: Date): { date: string; minuteOfDay: number } {
  const parts = formatIn(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  return {
    date: formatDate(part('year'), part('month'), part('day')),
    minuteOfDay: (part('hour') % 24) * 60 + part('minute'),
  };
}

/**
 * The agent's local date when `instant` (a scheduler run, on the hour) is the first run at or
 * after 8:00 local time that day; otherwise null. Asking "is it 8 o'clock?" would miss the day
 * when a zone skips 8:00 and answer twice when it repeats it; asking "did 8:00 pass within the
 * last hour?" answers exactly once per local day.
 */
export function digestDateAt(timeZone: string | null | undefined, instant: Date): string | null {
  const zone = normalizeTimeZone(timeZone);
  const now = localTime(zone, instant);
  if (now.minuteOfDay < DIGEST_MINUTE_OF_DAY) return null;
  const hourBefore = localTime(zone, new Date(instant.getTime() - HOUR_MS));
  if (hourBefore.date === now.date && hourBefore.minuteOfDay >= DIGEST_MINUTE_OF_DAY) return null;
  return now.date;
}

/** One message per agent whose digest is due at this instant. */
export function dueDigests(agents: Iterable<AgentZone>, instant: Date): DigestMessage[] {
  const due: DigestMessage[] = [];
  for (const agent of agents) {
    const date = digestDateAt(agent.timeZone, instant);
    if (date) due.push({ agentId: agent.id, date });
  }
  return due;
}

/** The scheduler's run for an invocation: its scheduled time (or now), down to the hour. */
export function runHour(scheduledTime: string | undefined, now: Date = new Date()): Date {
  const parsed = scheduledTime ? Date.parse(scheduledTime) : Number.NaN;
  const time = Number.isNaN(parsed) ? now.getTime() : parsed;
  return new Date(Math.floor(time / HOUR_MS) * HOUR_MS);
}

/**
 * Every hourly run that can be 8 am somewhere on `date`: zones run from UTC−12 to UTC+14, and the
 * first run after 8:00 can be up to 59 minutes later in a half-hour zone.
 */
export function hourlyRunsCovering(date: string): Date[] {
  const first = Date.parse(`${addDays(date, -1)}T17:00:00Z`);
  const last = Date.parse(`${date}T22:00:00Z`);
  const runs: Date[] = [];
  for (let time = first; time <= last; time += HOUR_MS) runs.push(new Date(time));
  return runs;
}
