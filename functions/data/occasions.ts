// Reading the occasion index: one partition per agent, `OCCASIONS#<agentId>`, one entry per client
// key date with sk `<MM-DD>#<folded name>#<kind rank>#<clientId>` (written with the client's other
// entries: functions/data/client-lists.ts). Sorted by the day of the year, then name, it answers:
//  - the clients whose key date comes round on a day (the automations, the digest): begins_with
//    `<MM-DD>#`, whatever the size of the book;
//  - the occasions from today on, soonest first (the dashboard, /reminders a page at a time): this
//    year's rest (sk >= today's `MM-DD`), then next year's up to yesterday's date (sk < it), from a
//    cursor, with a Limit. In a year without a 29th of February, the 29th's entries come round on
//    the 28th: the two days are read side by side and merged, so the day is by name as any other.
// Entries are checked against the client items read back (BatchGet): a stale entry (a crash's
// leftover), a home bought less than a year before and a deleted client are left out.
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { addDays, dateParts, isCalendarDate, isLeapYear } from '@shared/dates';
import { eventOn, nextOccurrence, reminderEvents, type ReminderEvent, type ReminderKind } from '@shared/reminders';
import { InvalidCursorError } from '../domain/admin-pages';
import { kindOfRank, monthDayOfDate, monthDaysOn } from '../domain/occasions';
import type { ClientItem } from './clients';
import { callsFor, hydrate, idOf } from './client-lists';
import { decodeCursor, encodeCursor } from './cursors';
import { batchWrite, db, queryAll, table } from './db';
import { legacyOccasionPartition, occasionsPartition } from './keys/clients';

export { monthDaysOn };

/** `label`: a custom key date's (kind 'custom'). */
export type DueOccasion = { client: ClientItem; kind: ReminderKind; date: string; label?: string };

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
      if (event.date === date)
        due.push({ client, kind: event.kind, date, ...(event.label !== undefined ? { label: event.label } : {}) });
    }
  }
  return {
    due,
    entriesRead: entries.length,
    clientsRead: clients.size,
    calls: days.length + Math.ceil(ids.length / 100),
  };
}

/**
 * Where a read of the occasions stopped: the part of the year (0 this year's rest, 1 next year's start) and the last
 * entry read in it ('' none).
 */
export type OccasionPosition = { part: 0 | 1; sk: string };

export type OccasionsRead = {
  /** Soonest first; on one day by name. */
  events: ReminderEvent[];
  /** The clients of those events, as read. */
  clients: ClientItem[];
  /** Where the next read continues; null when every occasion was read. */
  next: OccasionPosition | null;
};

/**
 * One part of the year the read walks: the entries of `year` with `from` <= sk < `below` (either
 * bound absent: the partition's start or end). Neither bound is ever an entry's sk (`MM-DD` or
 * `MM-DD$`), so BETWEEN reads the same as a half-open range.
 */
type YearPart = { year: number; from?: string; below?: string };

/**
 * Reads at most this many pages of entries for one answer (entries that yield no event, such as a home bought this
 * year, make a page short).
 */
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
  const parts = yearParts(today, through);
  const events: ReminderEvent[] = [];
  const read = new Map<string, ClientItem>();
  let position: OccasionPosition | null = after ?? { part: 0, sk: '' };
  for (let round = 0; round < MAX_ROUNDS && position && events.length < limit; round += 1) {
    const part: YearPart | undefined = parts[position.part];
    if (!part) {
      position = null;
      break;
    }
    const step = await readStep(agentId, part, position.sk, limit - events.length);
    const clients = await hydrate(
      agentId,
      step.entries.map((sk) => idOf(sk)).filter((id) => !read.has(id)),
    );
    for (const [id, client] of clients) read.set(id, client);
    for (const sk of step.entries) {
      const client = read.get(idOf(sk));
      // The entry counts only if the client, read now, still calls for it (its date and name as they are).
      if (!client || !callsFor(client, { pk: occasionsPartition(agentId), sk })) continue;
      const rank = kindOfRank(sk.split('#').at(-2) ?? '');
      const event = rank && eventOfEntry(client, rank, today);
      if (event && (!through || event.date <= through)) events.push(event);
    }
    position =
      step.next !== null
        ? { part: position.part, sk: step.next }
        : position.part === 0 && parts.length > 1
          ? { part: 1, sk: '' }
          : null;
  }
  const ids = [...new Set(events.map((event) => event.clientId))];
  return { events, clients: ids.map((id) => read.get(id)!), next: position };
}

/** The next event of the key date an entry stands for (a custom one by its place in the client's list). */
function eventOfEntry(
  client: ClientItem,
  { kind, index }: { kind: ReminderKind; index?: number },
  today: string,
): ReminderEvent | null | undefined {
  if (kind !== 'custom') return reminderEvents(client, today).find((e) => e.kind === kind);
  const keyDate = client.keyDates?.[index ?? -1];
  return keyDate && eventOn(client, 'custom', keyDate.date, nextOccurrence(keyDate.date, today), keyDate.label);
}

/**
 * The parts of the index that hold the occasions from `today` through `through` (a year when
 * absent): this year's rest, then next year's start. A day is `<MM-DD>#…`, so `<MM-DD>$` ('$' sorts
 * after '#') ends it; on 28 February of a year without a 29th, the 29th's entries come round too.
 */
function yearParts(today: string, through?: string): YearPart[] {
  const from = monthDayOfDate(today);
  const { year } = dateParts(today);
  if (!through)
    return [
      { year, from },
      { year: year + 1, below: from },
    ];
  const below = `${monthDaysOn(through).at(-1)!}$`;
  if (dateParts(through).year === year) return [{ year, from, below }];
  return [
    { year, from },
    { year: year + 1, below },
  ];
}

/** The next entries of a part after `after` ('' its start), and the sk to go on from (null: the part is read). */
type Step = { entries: string[]; next: string | null };

// In a year without a 29th of February, the 28th's and the 29th's entries are one day, by name:
// the two days are read side by side and merged (the position is then the last entry taken, of
// either day: the name, rank and id after it are where both days go on from).
const LEAP_DAY_START = '02-28#';
const LEAP_DAY_END = '02-29$';
const inLeapDay = (sk: string) => sk >= LEAP_DAY_START && sk < LEAP_DAY_END;
const mergesLeapDay = (part: YearPart) =>
  !isLeapYear(part.year) &&
  (part.from ?? '') <= LEAP_DAY_START &&
  (part.below === undefined || part.below >= LEAP_DAY_END);
/** An entry's place within its day: `<folded name>#<kind rank>#<clientId>`. */
const placeInDay = (sk: string) => sk.slice(LEAP_DAY_START.length);
/** DynamoDB's order of sort keys: their UTF-8 bytes. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

async function readStep(agentId: string, part: YearPart, after: string, limit: number): Promise<Step> {
  const merges = mergesLeapDay(part);
  if (merges && inLeapDay(after)) return readLeapDay(agentId, part, placeInDay(after), limit);
  const page = await queryEntries(agentId, part, after, limit);
  const cut = merges ? page.entries.findIndex(inLeapDay) : -1;
  if (cut < 0) return page;
  const day = await readLeapDay(agentId, part, '', limit - cut);
  return { entries: [...page.entries.slice(0, cut), ...day.entries], next: day.next };
}

/**
 * The 28th's and the 29th's entries after `place` ('' the day's start), merged; then the part's entries after the day
 * when it ends before `limit`.
 */
async function readLeapDay(agentId: string, part: YearPart, place: string, limit: number): Promise<Step> {
  const days = await Promise.all(
    ['02-28', '02-29'].map((day) =>
      queryEntries(
        agentId,
        { year: part.year, from: `${day}#`, below: `${day}$` },
        place ? `${day}#${place}` : '',
        limit,
      ),
    ),
  );
  const merged = days
    .flatMap((day) => day.entries)
    .sort((a, b) => byteOrder(placeInDay(a), placeInDay(b)))
    .slice(0, limit);
  if (merged.length === limit) return { entries: merged, next: merged.at(-1)! };
  // The day is read: the part goes on after it, if it holds more.
  if (part.below !== undefined && part.below <= LEAP_DAY_END) return { entries: merged, next: null };
  const rest = await queryEntries(agentId, part, LEAP_DAY_END, limit - merged.length);
  return { entries: [...merged, ...rest.entries], next: rest.next };
}

/** One Query of a part's entries (their sk) after `after` ('' from its start), at most `limit`. */
async function queryEntries(agentId: string, part: YearPart, after: string, limit: number): Promise<Step> {
  const pk = occasionsPartition(agentId);
  const bounds = {
    ...(part.from !== undefined ? { ':from': part.from } : {}),
    ...(part.below !== undefined ? { ':below': part.below } : {}),
  };
  const condition =
    part.from !== undefined && part.below !== undefined
      ? 'sk BETWEEN :from AND :below'
      : part.from !== undefined
        ? 'sk >= :from'
        : 'sk < :below';
  const out: QueryCommandOutput = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: `pk = :pk AND ${condition}`,
      ExpressionAttributeValues: { ':pk': pk, ...bounds },
      ProjectionExpression: 'sk',
      Limit: limit,
      ExclusiveStartKey: after ? { pk, sk: after } : undefined,
    }),
  );
  const last: unknown = out.LastEvaluatedKey?.sk;
  return { entries: (out.Items ?? []).map((item) => String(item.sk)), next: typeof last === 'string' ? last : null };
}

/** How far a page link's day may be from the agent's today (time zones, midnight between two pages). */
const CURSOR_DAYS = 2;

/** A page link of /reminders: the day the list was read for and where it stopped. */
export function encodeOccasionCursor(today: string, position: OccasionPosition | null): string | null {
  return position ? encodeCursor({ t: today, p: String(position.part), k: position.sk }) : null;
}

/** The day and position a page link names; InvalidCursorError when it is not one of this agent's, or too old. */
export function decodeOccasionCursor(
  cursor: string | undefined,
  today: string,
): { today: string; after?: OccasionPosition } {
  const key = decodeCursor(cursor, {
    names: ['t', 'p', 'k'],
    check: (k) =>
      isCalendarDate(k.t) &&
      k.t! >= addDays(today, -CURSOR_DAYS) &&
      k.t! <= addDays(today, CURSOR_DAYS) &&
      (k.p === '0' || k.p === '1') &&
      (k.k === '' || /^\d\d-\d\d#.*#(?:[0-2]|3\d\d)#[^#]+$/su.test(k.k!)),
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
