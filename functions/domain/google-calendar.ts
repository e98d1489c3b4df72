// The agent's Google Calendar, both ways, as pure rules (functions/services/google-calendar-sync.ts runs them):
// - Out: the events the app's own "Hearthside" calendar should hold (each client's key dates as yearly all-day
//   events, each due check-in on its day, each scheduled send at its time), each tagged with its key and a hash of its
//   content in the event's private extended properties; and the writes that take the calendar from what it holds to
//   that (insert what is missing, patch what changed, delete what is no longer wanted or held twice). Comparing with
//   what the calendar holds each time, not with what the app remembers writing, mends a lost write or a hand edit.
// - In: an event of the agent's primary calendar is a meeting with a client when its attendees' e-mails and the phone
//   numbers in its location (where a call's number goes: Calendar's attendees carry no phone) are exactly one client's
//   (the agent themself and invitees who are no client count for nothing; two clients: nobody can say which); all-day
//   events (birthdays, holidays, days off) and cancelled ones are never kept.
import { createHash } from 'node:crypto';
import { addDays } from '@shared/dates';
import { reminderKeyDates, type ReminderClient } from '@shared/reminders';
import { checkInDueDate, type RhythmClient } from './check-ins';
import { phoneToE164 } from './phone-numbers';
import { firstOccurrence, yearlyRule } from './calendar-feed';

type EventTime = { date?: string; dateTime?: string; timeZone?: string };
/** An event as the app writes it to its calendar (the Calendar API's Event fields it sets). */
export type CalendarEvent = {
  summary: string;
  description: string;
  start: EventTime;
  end: EventTime;
  recurrence?: string[];
  transparency: 'transparent';
  extendedProperties: { private: { hearthsideKey: string; hearthsideHash: string } };
};
/** An event as the Calendar API lists it, as far as these rules read it. */
export type ListedEvent = {
  id: string;
  status?: string;
  summary?: string;
  location?: string;
  start?: EventTime;
  attendees?: { email?: string; self?: boolean }[];
  extendedProperties?: { private?: Record<string, string> };
};

export type CalendarClient = ReminderClient & RhythmClient & { email: string };
/** A message waiting to leave at `sendAt` (the agent's scheduled sends). */
export type ScheduledSend = { id: string; clientId: string; channel: 'email' | 'sms'; sendAt: string };

const TITLES = { birthday: 'Birthday', anniversary: 'Anniversary', home: 'Home anniversary' } as const;
/** A scheduled send shows as this long a block at its time. */
const SEND_MINUTES = 15;

const hashOf = (event: Omit<CalendarEvent, 'extendedProperties'>) =>
  createHash('sha256').update(JSON.stringify(event)).digest('base64url').slice(0, 16);

type Untagged = Omit<CalendarEvent, 'extendedProperties' | 'transparency'>;

function tagged(key: string, event: Untagged): CalendarEvent {
  const content = { ...event, transparency: 'transparent' as const };
  return { ...content, extendedProperties: { private: { hearthsideKey: key, hearthsideHash: hashOf(content) } } };
}

const allDay = (day: string) => ({ start: { date: day }, end: { date: addDays(day, 1) } });
const nameOf = (client: { name: string }) => client.name.replace(/\s+/g, ' ').trim();

/** A client's own events, untagged, by key: the key dates, and the check-in due from `today` on. */
function clientEvents(client: CalendarClient, today: string, appUrl: string): Array<[string, Untagged]> {
  const who = nameOf(client);
  const link = `${appUrl}/clients/${client.id}`;
  const events: Array<[string, Untagged]> = [];
  let custom = 0;
  for (const [kind, keyDate, label] of reminderKeyDates(client)) {
    const title = kind === 'custom' ? (label ?? '') : TITLES[kind];
    events.push([
      `${client.id}:${kind === 'custom' ? `custom-${custom++}` : kind}`,
      {
        summary: `${title}: ${who}`,
        description: link,
        ...allDay(firstOccurrence(kind, keyDate)),
        recurrence: [`RRULE:${yearlyRule(keyDate)}`],
      },
    ]);
  }
  const due = checkInDueDate(client);
  if (due)
    events.push([
      `${client.id}:check-in`,
      { summary: `Check in: ${who}`, description: link, ...allDay(due < today ? today : due) },
    ]);
  return events;
}

/**
 * Every event the Hearthside calendar should hold, by its key: the clients' key dates (yearly, from their first
 * occurrence as the iCal feed has them), their check-ins due from `today` on (one overdue shows today), and the
 * scheduled sends still to leave.
 */
export function wantedEvents(
  clients: readonly CalendarClient[],
  sends: readonly ScheduledSend[],
  today: string,
  appUrl: string,
): Map<string, CalendarEvent> {
  const wanted = new Map<string, CalendarEvent>();
  const names = new Map(clients.map((client) => [client.id, nameOf(client)]));
  for (const client of clients)
    for (const [key, event] of clientEvents(client, today, appUrl)) wanted.set(key, tagged(key, event));
  for (const send of sends) {
    const who = names.get(send.clientId);
    if (!who) continue;
    const key = `${send.clientId}:send-${send.id}`;
    const end = new Date(Date.parse(send.sendAt) + SEND_MINUTES * 60_000).toISOString();
    wanted.set(
      key,
      tagged(key, {
        summary: `Scheduled ${send.channel === 'sms' ? 'text' : 'e-mail'} to ${who}`,
        description: `${appUrl}/outgoing`,
        start: { dateTime: send.sendAt },
        end: { dateTime: end },
      }),
    );
  }
  return wanted;
}

/**
 * What the Hearthside calendar holds of one client (its events by key, the check-in on its own due day, without the
 * hashes the calendar's copies carry): a write of the client that changes it owes the agent's calendar a write
 * (functions/client-record/derived.ts). Empty for no client, or one with no event.
 */
export function calendarFingerprint(client: CalendarClient | undefined): string {
  if (!client) return '';
  const events = clientEvents(client, '', '');
  return events.length === 0 ? '' : JSON.stringify(events);
}

export type CalendarWrites = {
  insert: CalendarEvent[];
  patch: Array<{ eventId: string; event: CalendarEvent }>;
  remove: string[];
};

/**
 * The writes that make the calendar hold `wanted` and nothing else of the app's: an event the app did not tag (one the
 * agent added by hand) stays.
 */
export function calendarWrites(
  wanted: ReadonlyMap<string, CalendarEvent>,
  held: readonly ListedEvent[],
): CalendarWrites {
  const writes: CalendarWrites = { insert: [], patch: [], remove: [] };
  const seen = new Set<string>();
  for (const event of held) {
    if (event.status === 'cancelled') continue;
    const key = event.extendedProperties?.private?.hearthsideKey;
    if (key === undefined) continue;
    const want = wanted.get(key);
    if (!want || seen.has(key)) {
      writes.remove.push(event.id);
      continue;
    }
    seen.add(key);
    if (event.extendedProperties?.private?.hearthsideHash !== want.extendedProperties.private.hearthsideHash)
      writes.patch.push({ eventId: event.id, event: want });
  }
  for (const [key, event] of wanted) if (!seen.has(key)) writes.insert.push(event);
  return writes;
}

/** A meeting found in the agent's calendar: the event, the one client it is with, and when it starts. */
export type Meeting = { eventId: string; clientId: string; at: string; summary: string };

/** The agent's clients by e-mail (lower case: the schema keeps it unique) and by phone (E.164: a couple may share). */
export type ClientMatchers = { byEmail: Map<string, string>; byPhone: Map<string, string[]> };

export function clientMatchers(
  clients: readonly { id: string; email: string; phone?: string | null }[],
): ClientMatchers {
  const byEmail = new Map(clients.filter((c) => c.email).map((client) => [client.email.toLowerCase(), client.id]));
  const byPhone = new Map<string, string[]>();
  for (const client of clients) {
    const phone = phoneToE164(client.phone);
    if (phone) byPhone.set(phone, [...(byPhone.get(phone) ?? []), client.id]);
  }
  return { byEmail, byPhone };
}

/** Runs of digits that may be a phone number (a `+`, brackets, spaces, dots and dashes between), in a free text. */
const PHONE_LIKE = /\+?\d[\d\s().-]{7,18}\d/g;

/**
 * The meeting an event of the agent's own calendar is, or null: a timed, confirmed event whose attendees (not the
 * agent) and the phone numbers in its location name exactly one client.
 */
export function meetingOf(event: ListedEvent, clients: ClientMatchers): Meeting | null {
  if (event.status === 'cancelled' || !event.start?.dateTime) return null;
  const at = new Date(event.start.dateTime);
  if (Number.isNaN(at.getTime())) return null;
  const byEmail = (event.attendees ?? [])
    .filter((attendee) => !attendee.self && attendee.email)
    .flatMap((attendee) => clients.byEmail.get(attendee.email!.toLowerCase()) ?? []);
  const byPhone = (event.location?.match(PHONE_LIKE) ?? []).flatMap((text) => {
    const phone = phoneToE164(text);
    return phone ? (clients.byPhone.get(phone) ?? []) : [];
  });
  const matched = new Set([...byEmail, ...byPhone]);
  if (matched.size !== 1) return null;
  return { eventId: event.id, clientId: [...matched][0]!, at: at.toISOString(), summary: (event.summary ?? '').trim() };
}

/** A watch channel is replaced this long before it ends: the hourly sync has a day of runs to do it in. */
export const RENEW_BEFORE_MS = 24 * 3_600_000;
/** The agent's calendar is read in full (not only what changed) at least this often: a lost change is found. */
export const RECONCILE_MS = 24 * 3_600_000;

/** Whether the calendar needs a new watch channel: it has none, or the one it has ends within RENEW_BEFORE_MS. */
export const needsNewChannel = (channel: { expiration: number } | null | undefined, now: Date): boolean =>
  !channel || channel.expiration - now.getTime() <= RENEW_BEFORE_MS;

/** Whether this sync reads the agent's calendar in full: no token yet, or none since RECONCILE_MS. */
export const readsInFull = (state: { syncToken?: string | null; lastFullAt?: string | null }, now: Date): boolean =>
  !state.syncToken || !state.lastFullAt || now.getTime() - Date.parse(state.lastFullAt) >= RECONCILE_MS;

/** The most events one sync writes to the app's calendar (Google takes a user's writes a few a second). */
export const WRITES_PER_SYNC = 500;

/** The writes one sync makes, at most `max`: removals first, then changes, then additions; and how many wait. */
export function cappedWrites(writes: CalendarWrites, max = WRITES_PER_SYNC): CalendarWrites & { waiting: number } {
  const remove = writes.remove.slice(0, max);
  const patch = writes.patch.slice(0, max - remove.length);
  const insert = writes.insert.slice(0, max - remove.length - patch.length);
  const total = writes.remove.length + writes.patch.length + writes.insert.length;
  return { remove, patch, insert, waiting: total - remove.length - patch.length - insert.length };
}
