// Dates for people: the browser's "today" and how calendar dates and timestamps are written.
import { dateParts, daysBetween, isYearlessDate, monthDayOf, todayIn } from '@shared/dates';

/** The browser's IANA time zone, or UTC when the browser will not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Today's `YYYY-MM-DD` where the agent is. */
export function browserToday(now: Date = new Date()): string {
  try {
    return todayIn(browserTimeZone(), now);
  } catch {
    return todayIn('UTC', now);
  }
}

/**
 * A formatter made on its first use: making one costs the browser more than using it (a few milliseconds each on a
 * phone, at the start of every page that loads this module), and a page uses few of them.
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('en-US', options));
}

const calendarFormat = lazyDateFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayFormat = lazyDateFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayShortFormat = lazyDateFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthYearFormat = lazyDateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormat = lazyDateFormat({ month: 'short', timeZone: 'UTC' });
const timestampFormat = lazyDateFormat({ month: 'short', day: 'numeric', year: 'numeric' });

function calendarInstant(date: string): Date {
  const { year, month, day } = dateParts(date);
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  return instant;
}

const monthDayFormat = lazyDateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `2026-03-14` → `Mar 14, 2026`; a birthday without its year, `--03-14` → `Mar 14`. */
export function formatCalendarDate(date: string): string {
  if (isYearlessDate(date)) {
    const { month, day } = monthDayOf(date);
    return monthDayFormat().format(Date.UTC(2000, month - 1, day));
  }
  return calendarFormat().format(calendarInstant(date));
}

/** `2026-03-14` → `Sat, Mar 14, 2026`. */
export function formatCalendarDateWithWeekday(date: string): string {
  return weekdayFormat().format(calendarInstant(date));
}

/** `2026-03-14` → `Sat, Mar 14` (where the year is plain from the context). */
export function formatCalendarDateWithWeekdayShort(date: string): string {
  return weekdayShortFormat().format(calendarInstant(date));
}

/** `2026-03` → `March 2026`. */
export function formatMonthYear(month: string): string {
  return monthYearFormat().format(calendarInstant(`${month}-01`));
}

/** `2026-03` → `Mar`. */
export function formatShortMonth(month: string): string {
  return shortMonthFormat().format(calendarInstant(`${month}-01`));
}

/** An ISO timestamp as the agent's local date: `Mar 14, 2026`. */
export function formatTimestamp(timestamp: string): string {
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? timestamp : timestampFormat().format(new Date(time));
}

/** How long ago a timestamp was, roughly: `just now`, `5 min ago`, `3 h ago`, `2 days ago`. */
export function ageLabel(timestamp: string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - Date.parse(timestamp)) / 60_000);
  if (Number.isNaN(minutes)) return timestamp;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** How far off a date is: `Today`, `Tomorrow`, `In 12 days`. */
export function daysAwayLabel(today: string, date: string): string {
  const days = daysBetween(today, date);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days < 0) return days === -1 ? 'Yesterday' : `${-days} days ago`;
  return `In ${days} days`;
}
