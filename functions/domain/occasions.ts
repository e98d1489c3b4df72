// A client's key dates as entries of the occasion index (functions/data/client-lists.ts writes them,
// functions/data/occasions.ts reads them): one per birthday, wedding anniversary, purchase date and custom key date,
// by the day of the year it comes round on.
import { dateParts, isBirthdayDate, isCalendarDate, isLeapYear, monthDayOf } from '@shared/dates';
import type { ReminderKind } from '@shared/reminders';

export type KeyDates = {
  birthday?: string | null;
  anniversary?: string | null;
  purchaseDate?: string | null;
  keyDates?: ReadonlyArray<{ date: string }>;
};
/** `index`: a custom date's place in the client's `keyDates`. */
export type OccasionEntry = { kind: ReminderKind; monthDay: string; index?: number };

const FIELDS: ReadonlyArray<[ReminderKind, 'birthday' | 'anniversary' | 'purchaseDate']> = [
  ['birthday', 'birthday'],
  ['anniversary', 'anniversary'],
  ['home', 'purchaseDate'],
];

/** The order of a client's occasions on one day, as the reminder lists show them (shared/reminders.ts). */
export const KIND_RANK: Readonly<Record<ReminderKind, string>> = {
  birthday: '0',
  anniversary: '1',
  home: '2',
  custom: '3',
};
const KIND_OF_RANK = new Map(Object.entries(KIND_RANK).map(([kind, rank]) => [rank, kind as ReminderKind]));

const pad = (n: number) => String(n).padStart(2, '0');

/** An entry's rank in the index: its kind's, and for a custom date its place in the list (`300`, `301`…). */
export const rankOf = (entry: Pick<OccasionEntry, 'kind' | 'index'>): string =>
  entry.kind === 'custom' ? `${KIND_RANK.custom}${pad(entry.index ?? 0)}` : KIND_RANK[entry.kind];

/** The kind (and a custom date's place) of an entry's rank; undefined for any other text. */
export function kindOfRank(rank: string): { kind: ReminderKind; index?: number } | undefined {
  const custom = /^3(\d\d)$/.exec(rank);
  if (custom) return { kind: 'custom', index: Number(custom[1]) };
  const kind = KIND_OF_RANK.get(rank);
  return kind && kind !== 'custom' ? { kind } : undefined;
}

/** The index entries a client's key dates call for. */
export function occasionEntries(client: KeyDates): OccasionEntry[] {
  const entries: OccasionEntry[] = [];
  for (const [kind, field] of FIELDS) {
    const value = client[field];
    const valid = kind === 'birthday' ? isBirthdayDate(value) : isCalendarDate(value);
    if (!valid || !value) continue;
    const { month, day } = monthDayOf(value);
    entries.push({ kind, monthDay: `${pad(month)}-${pad(day)}` });
  }
  (client.keyDates ?? []).forEach((keyDate, index) => {
    if (!isBirthdayDate(keyDate.date)) return;
    const { month, day } = monthDayOf(keyDate.date);
    entries.push({ kind: 'custom', monthDay: `${pad(month)}-${pad(day)}`, index });
  });
  return entries;
}

/** `MM-DD` of a calendar date. */
export function monthDayOfDate(date: string): string {
  const { month, day } = dateParts(date);
  return `${pad(month)}-${pad(day)}`;
}

/**
 * The days of the year whose entries come round on `date`: its own, and 29 February on 28 February of a year without
 * one.
 */
export function monthDaysOn(date: string): string[] {
  const { year, month, day } = dateParts(date);
  const own = `${pad(month)}-${pad(day)}`;
  return month === 2 && day === 28 && !isLeapYear(year) ? [own, '02-29'] : [own];
}
