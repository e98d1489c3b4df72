// Reading the occasion index: one partition per agent, `OCCASIONS#<agentId>`, one entry per client
// key date with sk `<MM-DD>#<folded name>#<kind rank>#<clientId>` (written with the client's other
// entries: functions/data/client-lists.ts). Sorted by the day of the year, then name, it answers:
//  - the clients whose key date comes round on a day (the automations, the digest): begins_with
//    `<MM-DD>#`, whatever the size of the book;
//  - the occasions from today on, soonest first (the dashboard, /reminders a page at a time): this
//    year's rest (sk >= today's `MM-DD`), then next year's up to yesterday's date (sk < it), from a
//    cursor, with a Limit.
// Entries are checked against the client items read back (BatchGet): a stale entry (a crash's
// leftover), a home bought less than a year before and a deleted client are left out.
import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { addDays, dateParts, isCalendarDate } from '../../shared/dates';
import { reminderEvents, type ReminderEvent, type ReminderKind } from '../../shared/reminders';
import { InvalidCursorError } from '../domain/admin-pages';
import { kindOfRank, monthDayOfDate, monthDaysOn } from '../domain/occasions';
import type { ClientItem } from './clients';
import { callsFor, hydrate, idOf } from './client-lists';
import { decodeCursor, encodeCursor } from './cursors';
import { batchWrite, db, queryAll, table } from './db';
import { legacyOccasionPartition, occasionsPartition } from './keys';

export { monthDaysOn };

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
        queryAll<{ sk: string }>({
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
          ExpressionAttributeValues: { ':pk': occasionsPartition(agentId), ':day': `${monthDay}#` },
          ProjectionExpression: 'sk',
        }),
      ),
    )
  ).flat();
  const ids = [...new Set(entries.map((entry) => idOf(entry.sk)))];
  const clients = await hydrate(agentId, ids, { ConsistentRead: true });
  const due: DueOccasion[] = [];
  for (const client of clients.values()) {
    for (const event of reminderEvents(client, date)) {
      if (event.date === date) due.push({ client, kind: event.kind, date });
    }
  }
  return { due, entriesRead: entries.length, clientsRead: clients.size, calls: days.length + Math.ceil(ids.length / 100) };
}

/** Where a read of the occasions stopped: the part of the year (0 this year's rest, 1 next year's start) and the last entry read in it ('' none). */
export type OccasionPosition = { part: 0 | 1; sk: string };

export type OccasionsRead = {
  /** Soonest first; on one day by name. */
  events: ReminderEvent[];
  /** The clients of those events, as read. */
  clients: ClientItem[];
  /** Where the next read continues; null when every occasion was read. */
  next: OccasionPosition | null;
};

type KeyCondition = Pick<QueryCommandInput, 'TableName' | 'KeyConditionExpression' | 'ExpressionAttributeValues'>;

/** Reads at most this many pages of entries for one answer (entries that yield no event, such as a home bought this year, make a page short). */
const MAX_ROUNDS = 4;

/**
 * The agent's occasions from `today` on (through `through` when given), soonest first: at most
 * `limit` events from `after` on, and where to continue. Each round is one Query of the index from
 * where the last stopped (Limit: the events still wanted) and one BatchGet of its clients; reads
 * grow with the page, not with the book.
 */
export async function readOccasions(
  agentId: string,
  today: string,
  { limit, through, after }: { limit: number; through?: string; after?: OccasionPosition },
): Promise<OccasionsRead> {
  const parts = yearParts(agentId, today, through);
  const events: ReminderEvent[] = [];
  const read = new Map<string, ClientItem>();
  let position: OccasionPosition | null = after ?? { part: 0, sk: '' };
  for (let round = 0; round < MAX_ROUNDS && position && events.length < limit; round += 1) {
    const part: KeyCondition | undefined = parts[position.part];
    if (!part) {
      position = null;
      break;
    }
    const out: QueryCommandOutput = await db().send(
      new QueryCommand({
        ...part,
        ProjectionExpression: 'pk, sk',
        Limit: limit - events.length,
        ExclusiveStartKey: position.sk ? { pk: occasionsPartition(agentId), sk: position.sk } : undefined,
      }),
    );
    const entries = (out.Items ?? []) as Array<{ pk: string; sk: string }>;
    const clients = await hydrate(
      agentId,
      entries.map((entry) => idOf(entry.sk)).filter((id) => !read.has(id)),
    );
    for (const [id, client] of clients) read.set(id, client);
    for (const entry of entries) {
      const client = read.get(idOf(entry.sk));
      // The entry counts only if the client, read now, still calls for it (its date and name as they are).
      if (!client || !callsFor(client, entry)) continue;
      const kind = kindOfRank(entry.sk.split('#').at(-2) ?? '');
      const event = reminderEvents(client, today).find((e) => e.kind === kind);
      if (event && (!through || event.date <= through)) events.push(event);
    }
    const last: unknown = out.LastEvaluatedKey?.sk;
    position = typeof last === 'string' ? { part: position.part, sk: last } : position.part === 0 && parts.length > 1 ? { part: 1, sk: '' } : null;
  }
  const ids = [...new Set(events.map((event) => event.clientId))];
  return { events, clients: ids.map((id) => read.get(id)!), next: position };
}

/**
 * The index's key conditions for the occasions from `today` through `through` (a year when
 * absent): this year's rest, then next year's start. A day is `<MM-DD>#…`, so `<MM-DD>$` ('$' sorts
 * after '#') ends it; on 28 February of a year without a 29th, the 29th's entries come round too.
 */
function yearParts(agentId: string, today: string, through?: string): KeyCondition[] {
  const from = monthDayOfDate(today);
  const query = (condition: string, values: Record<string, string>) => ({
    TableName: table(),
    KeyConditionExpression: `pk = :pk AND ${condition}`,
    ExpressionAttributeValues: { ':pk': occasionsPartition(agentId), ...values },
  });
  if (!through) return [query('sk >= :from', { ':from': from }), query('sk < :from', { ':from': from })];
  const end = `${monthDaysOn(through).at(-1)!}$`;
  if (dateParts(through).year === dateParts(today).year) return [query('sk BETWEEN :from AND :end', { ':from': from, ':end': end })];
  return [query('sk >= :from', { ':from': from }), query('sk < :end', { ':end': end })];
}

/** How far a page link's day may be from the agent's today (time zones, midnight between two pages). */
const CURSOR_DAYS = 2;

/** A page link of /reminders: the day the list was read for and where it stopped. */
export function encodeOccasionCursor(today: string, position: OccasionPosition | null): string | null {
  return position ? encodeCursor({ t: today, p: String(position.part), k: position.sk }) : null;
}

/** The day and position a page link names; InvalidCursorError when it is not one of this agent's, or too old. */
export function decodeOccasionCursor(cursor: string | undefined, today: string): { today: string; after?: OccasionPosition } {
  const key = decodeCursor(cursor, {
    names: ['t', 'p', 'k'],
    check: (k) =>
      isCalendarDate(k.t) &&
      k.t! >= addDays(today, -CURSOR_DAYS) &&
      k.t! <= addDays(today, CURSOR_DAYS) &&
      (k.p === '0' || k.p === '1') &&
      (k.k === '' || /^\d\d-\d\d#.*#[0-2]#[^#]+$/su.test(k.k!)),
  });
  if (!key) return { today };
  return { today: key.t!, after: { part: key.p === '1' ? 1 : 0, sk: key.k! } };
}

/** All 366 days of the year as `MM-DD` (a leap year). */
const DAYS_OF_A_YEAR = Array.from({ length: 366 }, (_, i) => monthDayOfDate(addDays('2028-01-01', i)));

/**
 * Deletes the agent's entries of the index as it was before (one partition per day,
 * `OCCASION#<agentId>#<MM-DD>`): `npm run occasions:rebuild` after the deploy that moved it. Answers
 * how many it deleted.
 */
export async function deleteLegacyOccasionEntries(agentId: string): Promise<number> {
  let deleted = 0;
  for (const monthDay of DAYS_OF_A_YEAR) {
    const keys = await queryAll<{ pk: string; sk: string }>({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': legacyOccasionPartition(agentId, monthDay) },
      ProjectionExpression: 'pk, sk',
    });
    await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
    deleted += keys.length;
  }
  return deleted;
}

export { InvalidCursorError };
