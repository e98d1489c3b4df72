// The agent's calendar feed (iCalendar, RFC 5545): every client key date as a yearly recurring
// all-day event, so Google Calendar, Apple Calendar and Outlook show them once subscribed. The
// occurrences match the shared reminder rules: 29 February falls on 28 February in other years, and
// home anniversaries start at the first one. Written by functions/domain/icalendar.ts: a book of
// 50,000 clients is about 80,000 events, 30 MB of text (2 MB gzipped, which the API sends to callers
// that accept it), written in well under a second.
import { addDays, dateParts, isYearlessDate, monthDayOf } from '@shared/dates';
import { occurrenceIn, reminderKeyDates, type ReminderClient, type ReminderKind } from '@shared/reminders';
import { contentLines, escapeText, icalDate, icalUtcDateTime } from './icalendar';

export type CalendarClient = ReminderClient & { updatedAt?: string | null };

const TITLES: Record<Exclude<ReminderKind, 'custom'>, string> = {
  birthday: 'Birthday',
  anniversary: 'Anniversary',
  home: 'Home anniversary',
};
const REFRESH_SECONDS = 12 * 3600;

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthAndDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
/** A birthday without its year is said without one (shared/dates.ts). */
const spoken = (date: string) => {
  if (isYearlessDate(date)) {
    const { month, day } = monthDayOf(date);
    return monthAndDay.format(new Date(Date.UTC(YEARLESS_START_YEAR, month - 1, day)));
  }
  const { year, month, day } = dateParts(date);
  return longDate.format(new Date(Date.UTC(year, month - 1, day)));
};

const DESCRIPTIONS: Record<ReminderKind, (keyDate: string, label?: string) => string> = {
  birthday: (d) => `Born ${spoken(d)}.`,
  anniversary: (d) => `Married ${spoken(d)}.`,
  home: (d) => `Bought their home ${spoken(d)}.`,
  custom: (d, label) => `${label ?? ''}: ${spoken(d)}.`,
};

/** Where the yearly event of a day without its year starts: a leap year, so `--02-29` starts on its own day. */
export const YEARLESS_START_YEAR = 2000;

/** The first occurrence the calendar shows, on the day the reminder rules use. */
export function firstOccurrence(kind: ReminderKind, keyDate: string): string {
  if (isYearlessDate(keyDate)) return occurrenceIn(keyDate, YEARLESS_START_YEAR);
  // A home anniversary below one year is not shown (docs/architecture.md, Decisions and why); birthdays and wedding
  // anniversaries start on the day itself.
  return kind === 'home' ? occurrenceIn(keyDate, dateParts(keyDate).year + 1) : keyDate;
}

/** RRULE for a yearly date; 29 February becomes "the last day of February", so it is the 28th in common years. */
export function yearlyRule(keyDate: string): string {
  const { month, day } = monthDayOf(keyDate);
  return month === 2 && day === 29 ? 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1' : 'FREQ=YEARLY';
}

export function calendarFeed(input: {
  clients: readonly CalendarClient[];
  calendarName: string;
  appUrl: string;
  generatedAt: Date;
}): string {
  const name = escapeText(input.calendarName);
  const refresh = `PT${REFRESH_SECONDS / 3600}H`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hearthside//Client key dates//EN',
    'METHOD:PUBLISH',
    `NAME:${name}`,
    `X-WR-CALNAME:${name}`,
    `X-WR-CALDESC:${escapeText('Birthdays, wedding anniversaries and home anniversaries of your clients.')}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
  ];
  const clientsUrl = `${input.appUrl}/clients`;
  for (const client of input.clients) {
    const stamp = icalUtcDateTime(stampOf(client, input.generatedAt));
    const who = escapeText(client.name.replace(/\s+/g, ' ').trim());
    let custom = 0;
    for (const [kind, keyDate, label] of reminderKeyDates(client)) {
      const start = firstOccurrence(kind, keyDate);
      // A custom date is named by its label, and told apart from the client's others by its place in their list.
      const uid = kind === 'custom' ? `custom-${custom++}` : kind;
      const title = kind === 'custom' ? (label ?? '') : TITLES[kind];
      lines.push(
        'BEGIN:VEVENT',
        `UID:${client.id}-${uid}@hearthside`,
        `DTSTAMP:${stamp}`,
        // All-day: DTSTART;VALUE=DATE and an exclusive DTEND the next day.
        `DTSTART;VALUE=DATE:${icalDate(start)}`,
        `DTEND;VALUE=DATE:${icalDate(addDays(start, 1))}`,
        'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
        `RRULE:${yearlyRule(keyDate)}`,
        `SUMMARY:${escapeText(title)}: ${who}`,
        'TRANSP:TRANSPARENT',
        `DESCRIPTION:${escapeText(`${DESCRIPTIONS[kind](keyDate, label)}\n${clientsUrl}`)}`,
        `URL;VALUE=URI:${clientsUrl}`,
        'END:VEVENT',
      );
    }
  }
  lines.push('END:VCALENDAR');
  return contentLines(lines);
}

function stampOf(client: CalendarClient, fallback: Date): Date {
  const time = client.updatedAt ? Date.parse(client.updatedAt) : Number.NaN;
  return Number.isNaN(time) ? fallback : new Date(time);
}
