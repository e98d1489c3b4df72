// The occasion index: one small item per client key date, under the agent and the day of the year
// it comes round (`OCCASION#<agentId>#<MM-DD>`), so the automations find the clients whose birthday
// or anniversary is today with one Query, whatever the size of the book.
//
// Without transactions (docs/architecture.md, Data model) the entries are written before the client
// item and removed after it: a crash in between leaves an entry too many, never one too few. Readers
// therefore check each entry against the client item itself (dueOccasionClients does), and
// `npm run occasions:rebuild` rewrites an agent's entries from their clients.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, dateParts, isBirthdayDate, isCalendarDate, isLeapYear, monthDayOf } from '../../shared/dates';
import { compareEvents, reminderEvents, type ReminderEvent, type ReminderKind } from '../../shared/reminders';
import type { ClientItem } from './clients';
import { batchGet, batchWrite, db, queryAll, table, type WriteRequest } from './db';
import { clientKey, occasionKey, occasionPartition } from './keys';

type KeyDates = { agentId: string; id: string; birthday?: string | null; anniversary?: string | null; purchaseDate?: string | null };
type Entry = { kind: ReminderKind; monthDay: string };

const FIELDS: ReadonlyArray<[ReminderKind, 'birthday' | 'anniversary' | 'purchaseDate']> = [
  ['birthday', 'birthday'],
  ['anniversary', 'anniversary'],
  ['home', 'purchaseDate'],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The index entries a client's key dates call for. */
export function occasionEntries(client: KeyDates): Entry[] {
  const entries: Entry[] = [];
  for (const [kind, field] of FIELDS) {
    const value = client[field];
    const valid = kind === 'birthday' ? isBirthdayDate(value) : isCalendarDate(value);
    if (!valid || !value) continue;
    const { month, day } = monthDayOf(value);
    entries.push({ kind, monthDay: `${pad(month)}-${pad(day)}` });
  }
  return entries;
}

const keyOf = (client: KeyDates, entry: Entry) => occasionKey(client.agentId, entry.monthDay, entry.kind, client.id);
const same = (a: Entry, b: Entry) => a.kind === b.kind && a.monthDay === b.monthDay;

/** Writes the entries `after` has and `before` lacked (call before writing the client item). */
export async function addOccasionEntries(after: KeyDates, before?: KeyDates): Promise<void> {
  const had = before ? occasionEntries(before) : [];
  const puts: WriteRequest[] = occasionEntries(after)
    .filter((entry) => !had.some((old) => same(old, entry)))
    .map((entry) => ({ PutRequest: { Item: { ...keyOf(after, entry), type: 'occasion', clientId: after.id, kind: entry.kind } } }));
  await batchWrite(puts);
}

/** Deletes the entries `before` had and `after` no longer has (call after writing or deleting the client item). */
export async function removeOccasionEntries(before: KeyDates, after?: KeyDates): Promise<void> {
  const keep = after ? occasionEntries(after) : [];
  const deletes: WriteRequest[] = occasionEntries(before)
    .filter((entry) => !keep.some((now) => same(now, entry)))
    .map((entry) => ({ DeleteRequest: { Key: keyOf(before, entry) } }));
  await batchWrite(deletes);
}

/** The days of the year whose entries come round on `date`: its own, and 29 February on 28 February of a year without one. */
export function monthDaysOn(date: string): string[] {
  const { year, month, day } = dateParts(date);
  const own = `${pad(month)}-${pad(day)}`;
  return month === 2 && day === 28 && !isLeapYear(year) ? [own, '02-29'] : [own];
}

export type DueOccasion = { client: ClientItem; kind: ReminderKind; date: string };

export type DueOccasionsRead = { due: DueOccasion[]; entriesRead: number; clientsRead: number; calls: number };

/**
 * The agent's clients with a key date on `date`: one Query per day of the year it covers, then one
 * BatchGet (per 100) of those clients, each checked against its own dates (a stale entry, a home
 * bought less than a year ago, a deleted client: left out). Reads grow with the due clients only.
 */
export async function dueOccasionClients(agentId: string, date: string): Promise<DueOccasionsRead> {
  const days = monthDaysOn(date);
  const entries = (
    await Promise.all(
      days.map((monthDay) =>
        queryAll<{ clientId: string; kind: ReminderKind }>({
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': occasionPartition(agentId, monthDay) },
          ProjectionExpression: 'clientId, kind',
        }),
      ),
    )
  ).flat();
  const ids = [...new Set(entries.map((e) => e.clientId))];
  const clients = ids.length ? await batchGet<ClientItem>(ids.map((id) => clientKey(agentId, id)), { ConsistentRead: true }) : [];
  const due: DueOccasion[] = [];
  for (const client of clients) {
    for (const event of reminderEvents(client, date)) {
      if (event.date === date) due.push({ client, kind: event.kind, date });
    }
  }
  return { due, entriesRead: entries.length, clientsRead: clients.length, calls: days.length + Math.ceil(ids.length / 100) };
}

/** The agent's entries rebuilt from their clients (npm run occasions:rebuild): what is missing is written; stale entries are found by readers and left. */
export async function writeOccasionEntries(clients: readonly KeyDates[]): Promise<number> {
  const puts: WriteRequest[] = clients.flatMap((client) =>
    occasionEntries(client).map((entry) => ({ PutRequest: { Item: { ...keyOf(client, entry), type: 'occasion', clientId: client.id, kind: entry.kind } } })),
  );
  await batchWrite(puts);
  return puts.length;
}

/** Days read at once by upcomingOccasions. */
const DAYS_AT_ONCE = 10;

/**
 * The agent's first `limit` events from `today` through `today + windowDays`, soonest first (the
 * dashboard), with their clients: the days are read in order, ten at a time, each with at most `perDay` entries, until
 * `limit` events are found; the entries' clients are read in one BatchGet per round and checked
 * against their own dates. A day with more than `perDay` entries gives its first ones by index
 * order, sorted by name among themselves. Reads grow with the days it takes to find `limit` events,
 * not with the book.
 */
export async function upcomingOccasions(agentId: string, today: string, windowDays: number, limit: number, perDay = 20): Promise<{ events: ReminderEvent[]; clients: ClientItem[] }> {
  const events: ReminderEvent[] = [];
  const read = new Map<string, ClientItem>();
  for (let first = 0; first <= windowDays && events.length < limit; first += DAYS_AT_ONCE) {
    const dates = Array.from({ length: Math.min(DAYS_AT_ONCE, windowDays - first + 1) }, (_, i) => addDays(today, first + i));
    const perDate = await Promise.all(
      dates.map(async (date) => {
        const pages = await Promise.all(
          monthDaysOn(date).map(async (monthDay) => {
            const out = await db().send(
              new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': occasionPartition(agentId, monthDay) }, ProjectionExpression: 'clientId', Limit: perDay }),
            );
            return (out.Items ?? []).map((item) => String(item.clientId));
          }),
        );
        return { date, ids: [...new Set(pages.flat())] };
      }),
    );
    const ids = [...new Set(perDate.flatMap((d) => d.ids))];
    const clients = new Map((ids.length ? await batchGet<ClientItem>(ids.map((id) => clientKey(agentId, id))) : []).map((c) => [c.id, c]));
    for (const [id, client] of clients) read.set(id, client);
    for (const { date, ids: dayIds } of perDate) {
      const day = dayIds.flatMap((id) => {
        const client = clients.get(id);
        return client ? reminderEvents(client, date).filter((event) => event.date === date) : [];
      });
      events.push(...day.sort(compareEvents));
    }
  }
  const first = events.slice(0, limit);
  return { events: first, clients: [...new Set(first.map((e) => e.clientId))].map((id) => read.get(id)!).filter(Boolean) };
}
