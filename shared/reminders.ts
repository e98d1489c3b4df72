// Key-date reminders (birthday, wedding anniversary, home anniversary) for the dashboard card, the
// /reminders page, the daily digest and the activity chart.
import { DASHBOARD_REMINDER_LIMIT, DASHBOARD_REMINDER_WINDOW_DAYS } from './constants';
import { addDays, dateParts, formatDate, isBirthdayDate, isCalendarDate, isLeapYear, monthDayOf } from './dates';

/** `custom`: one of the agent's own key dates (the client's `keyDates`), named by its label. */
export type ReminderKind = 'birthday' | 'anniversary' | 'home' | 'custom';

export type ReminderClient = {
  id: string;
  name: string;
  birthday?: string | null;
  anniversary?: string | null;
  purchaseDate?: string | null;
  keyDates?: ReadonlyArray<{ label: string; date: string }>;
};

export type ReminderEvent = {
  clientId: string;
  clientName: string;
  date: string;
  /** 'Birthday', 'Anniversary', '{n} Year Home Anniversary', or 'custom' for a custom key date. */
  type: string;
  kind: ReminderKind;
  /** A custom key date's label (kind 'custom' only). */
  label?: string;
};

const KIND_ORDER: readonly ReminderKind[] = ['birthday', 'anniversary', 'home', 'custom'];

/** What a list shows for the event: its type, or a custom date's label. */
export const eventTitle = (event: Pick<ReminderEvent, 'type' | 'label'>): string => event.label ?? event.type;

export function homeAnniversaryType(years: number): string {
  return `${years} Year Home Anniversary`;
}

/**
 * The month and day of `date` (with or without its year) in `year`; 29 February falls on 28 February in years without
 * one.
 */
export function occurrenceIn(date: string, year: number): string {
  const { month, day } = monthDayOf(date);
  const leapDayMissing = month === 2 && day === 29 && !isLeapYear(year);
  return formatDate(year, month, leapDayMissing ? 28 : day);
}

/** The first occurrence of the month and day on or after `today` (today itself counts). */
export function nextOccurrence(date: string, today: string): string {
  const { year } = dateParts(today);
  const thisYear = occurrenceIn(date, year);
  return thisYear >= today ? thisYear : occurrenceIn(date, year + 1);
}

/**
 * The client's key dates that the reminder rules read, birthday first, then the custom ones in the client's order
 * (with their label).
 */
export function reminderKeyDates(client: ReminderClient): Array<[ReminderKind, string, string?]> {
  const dates: Array<[ReminderKind, string | null | undefined]> = [
    ['birthday', client.birthday],
    ['anniversary', client.anniversary],
    ['home', client.purchaseDate],
  ];
  // A birthday may lack its year (shared/dates.ts); its events are the same 'Birthday', with no age.
  const own = dates.filter((entry): entry is [ReminderKind, string] =>
    entry[0] === 'birthday' ? isBirthdayDate(entry[1]) : isCalendarDate(entry[1]),
  );
  // A custom date may lack its year too; every one recurs yearly.
  const custom = (client.keyDates ?? [])
    .filter((keyDate) => isBirthdayDate(keyDate.date))
    .map((keyDate): [ReminderKind, string, string] => ['custom', keyDate.date, keyDate.label]);
  return [...own, ...custom];
}

/** The event for one occurrence, or null for a home anniversary below 1 year. */
export function eventOn(
  client: ReminderClient,
  kind: ReminderKind,
  keyDate: string,
  date: string,
  label?: string,
): ReminderEvent | null {
  const base = { clientId: client.id, clientName: client.name, date, kind };
  if (kind === 'custom') return { ...base, type: 'custom', label: label ?? '' };
  if (kind === 'birthday') return { ...base, type: 'Birthday' };
  if (kind === 'anniversary') return { ...base, type: 'Anniversary' };
  const years = dateParts(date).year - dateParts(keyDate).year;
  return years >= 1 ? { ...base, type: homeAnniversaryType(years) } : null;
}

const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** Date ascending, then client name, then kind; the client id breaks the last ties so order is stable. */
export function compareEvents(a: ReminderEvent, b: ReminderEvent): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return (
    byName.compare(a.clientName, b.clientName) ||
    KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
    byName.compare(a.label ?? '', b.label ?? '') ||
    (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0)
  );
}

/** Each key date's next occurrence on or after `today`, as events. */
export function reminderEvents(client: ReminderClient, today: string): ReminderEvent[] {
  return reminderKeyDates(client)
    .map(([kind, keyDate, label]) => eventOn(client, kind, keyDate, nextOccurrence(keyDate, today), label))
    .filter((event): event is ReminderEvent => event !== null)
    .sort(compareEvents);
}

/** Every client's next events, soonest first, with no window and no cap (the /reminders page). */
export function upcomingReminders(clients: readonly ReminderClient[], today: string): ReminderEvent[] {
  return clients.flatMap((client) => reminderEvents(client, today)).sort(compareEvents);
}

/** The dashboard card: the first 5 events from today through today + 60 days. */
export function dashboardReminders(clients: readonly ReminderClient[], today: string): ReminderEvent[] {
  const last = addDays(today, DASHBOARD_REMINDER_WINDOW_DAYS);
  return upcomingReminders(clients, today)
    .filter((event) => event.date <= last)
    .slice(0, DASHBOARD_REMINDER_LIMIT);
}

/** Every occurrence, in any year, of every client's key dates from `from` through `to`. */
export function eventsWithin(clients: readonly ReminderClient[], from: string, to: string): ReminderEvent[] {
  if (from > to) return [];
  const firstYear = dateParts(from).year;
  const lastYear = dateParts(to).year;
  const events: ReminderEvent[] = [];
  for (const client of clients) {
    for (const [kind, keyDate, label] of reminderKeyDates(client)) {
      for (let year = firstYear; year <= lastYear; year += 1) {
        const date = occurrenceIn(keyDate, year);
        if (date < from || date > to) continue;
        const event = eventOn(client, kind, keyDate, date, label);
        if (event) events.push(event);
      }
    }
  }
  return events.sort(compareEvents);
}
