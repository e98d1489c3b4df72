// The agent's calendar feed (iCalendar, RFC 5545): every client key date as a yearly recurring
// all-day event, so Google Calendar, Apple Calendar and Outlook show them once subscribed. The
// occurrences match the shared reminder rules: 29 February falls on 28 February in other years, and
// home anniversaries start at the first one.
import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import { addDays, dateParts, isYearlessDate, monthDayOf } from '../../shared/dates';
import { occurrenceIn, reminderKeyDates, type ReminderClient, type ReminderKind } from '../../shared/reminders';

export type CalendarClient = ReminderClient & { updatedAt?: string | null };

const TITLES: Record<ReminderKind, string> = { birthday: 'Birthday', anniversary: 'Anniversary', home: 'Home anniversary' };
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

const DESCRIPTIONS: Record<ReminderKind, (keyDate: string) => string> = {
  birthday: (d) => `Born ${spoken(d)}.`,
  anniversary: (d) => `Married ${spoken(d)}.`,
  home: (d) => `Bought their home ${spoken(d)}.`,
};

/** Where the yearly event of a day without its year starts: a leap year, so `--02-29` starts on its own day. */
export const YEARLESS_START_YEAR = 2000;

/** The first occurrence the calendar shows, on the day the reminder rules use. */
export function firstOccurrence(kind: ReminderKind, keyDate: string): string {
  if (isYearlessDate(keyDate)) return occurrenceIn(keyDate, YEARLESS_START_YEAR);
  // A home anniversary below one year is not shown (docs/architecture.md, Decisions and why); birthdays and wedding anniversaries start on the day itself.
  return kind === 'home' ? occurrenceIn(keyDate, dateParts(keyDate).year + 1) : keyDate;
}

/** RRULE for a yearly date; 29 February becomes "the last day of February", so it is the 28th in common years. */
export function yearlyRule(keyDate: string): string {
  const { month, day } = monthDayOf(keyDate);
  return month === 2 && day === 29 ? 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1' : 'FREQ=YEARLY';
}

export function calendarFeed(input: { clients: readonly CalendarClient[]; calendarName: string; appUrl: string; generatedAt: Date }): string {
  const calendar = ical({
    name: input.calendarName,
    description: 'Birthdays, wedding anniversaries and home anniversaries of your clients.',
    prodId: { company: 'Hearthside', product: 'Client key dates', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  const clientsUrl = `${input.appUrl}/clients`;
  for (const client of input.clients) {
    for (const [kind, keyDate] of reminderKeyDates(client)) {
      const start = firstOccurrence(kind, keyDate);
      calendar.createEvent({
        id: `${client.id}-${kind}@hearthside`,
        // All-day: DTSTART;VALUE=DATE and an exclusive DTEND the next day.
        start,
        end: addDays(start, 1),
        allDay: true,
        summary: `${TITLES[kind]}: ${client.name.replace(/\s+/g, ' ').trim()}`,
        description: `${DESCRIPTIONS[kind](keyDate)}\n${clientsUrl}`,
        url: clientsUrl,
        repeating: `RRULE:${yearlyRule(keyDate)}`,
        transparency: ICalEventTransparency.TRANSPARENT,
        stamp: stampOf(client, input.generatedAt),
      });
    }
  }
  return calendar.toString();
}

function stampOf(client: CalendarClient, fallback: Date): Date {
  const time = client.updatedAt ? Date.parse(client.updatedAt) : Number.NaN;
  return Number.isNaN(time) ? fallback : new Date(time);
}
