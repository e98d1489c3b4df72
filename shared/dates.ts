// Calendar arithmetic on `YYYY-MM-DD` date strings (dates without times or zones), for web and server.

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const MS_PER_DAY = 86_400_000;

export type DateParts = { year: number; month: number; day: number };

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

export function formatDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The number of the ASCII digits of `text` from `start` to `end`, or NaN when one is not a digit. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The numbers of a `YYYY-MM-DD` string; throws on any other shape so a bad date never computes silently. Read digit
 * by digit (the ranking of a big book calls it hundreds of thousands of times), exactly as ISO_DATE would match.
 */
export function dateParts(date: string): DateParts {
  const year = date.length === 10 && date[4] === '-' && date[7] === '-' ? digits(date, 0, 4) : NaN;
  const month = digits(date, 5, 7);
  const day = digits(date, 8, 10);
  if (Number.isNaN(year + month + day)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  return { year, month, day };
}

/** A real `YYYY-MM-DD` date between 1900 and 2100 (2023-02-29 is not one). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const { year, month, day } = dateParts(value);
  return (
    year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

/**
 * A birthday without a year is stored as `--MM-DD` (ISO 8601's and vCard 4's form for a date with no
 * year): phones keep many birthdays that way (iPhone exports `--1107` or Apple's placeholder year
 * 1604, Google Contacts `--11-07`). Only a birthday may lack its year. Web, API, jobs and the
 * calendar feed read it through these functions: it is reminded every year on its month and day
 * (29 February on the 28th in common years, as for any key date), and nothing that needs the year is
 * shown for it: no age, no count of years, no birth year.
 */
const YEARLESS_DATE = /^--(\d{2})-(\d{2})$/;

/** A `--MM-DD` day that exists in some year (`--02-29` does, `--02-30` does not). */
export function isYearlessDate(value: unknown): value is string {
  const match = typeof value === 'string' ? YEARLESS_DATE.exec(value) : null;
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(2000, month);
}

export function yearlessDate(month: number, day: number): string {
  return `--${pad(month, 2)}-${pad(day, 2)}`;
}

/** A birthday as stored: a calendar date, or a day without its year. */
export function isBirthdayDate(value: unknown): value is string {
  return isCalendarDate(value) || isYearlessDate(value);
}

/** Month and day of a key date, with or without its year. */
export function monthDayOf(date: string): { month: number; day: number } {
  const match = YEARLESS_DATE.exec(date);
  if (match) return { month: Number(match[1]), day: Number(match[2]) };
  const { month, day } = dateParts(date);
  return { month, day };
}

/** `YYYY-MM-DD`, `MM/DD/YYYY` or `M/D/YYYY` as `YYYY-MM-DD`, or null when it is not a real date. */
export function parseFlexibleDate(value: string): string | null {
  const text = value.trim();
  if (isCalendarDate(text)) return text;
  const match = US_DATE.exec(text);
  if (!match) return null;
  const date = formatDate(Number(match[3]), Number(match[1]), Number(match[2]));
  return isCalendarDate(date) ? date : null;
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian date, in integers (the "days from civil" algorithm): no Date object,
 * and years 0–99 are not read as 1900–1999 as Date.UTC reads them. Out-of-range days roll over as Date's do.
 */
function toDayNumber(date: string): number {
  const { year, month, day } = dateParts(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function fromDayNumber(dayNumber: number): string {
  const instant = new Date(dayNumber * MS_PER_DAY);
  return formatDate(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole days from `from` to `to`: negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** One formatter per zone asked for (building one is far slower than using it); only valid zones get here. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Today's date in an IANA time zone; throws RangeError for an unknown zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // A zone's day turns at a whole minute (every offset in use since 1972 is whole minutes), so the answer for one
  // minute is the answer for all of it: kept per zone, it spares a formatToParts on most requests.
  const minute = Math.floor(now.getTime() / 60_000);
  const kept = todays.get(timeZone);
  if (kept?.minute === minute && minute >= WHOLE_MINUTE_OFFSETS_SINCE) return kept.day;
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  const day = formatDate(part('year'), part('month'), part('day'));
  todays.set(timeZone, { minute, day });
  return day;
}
const todays = new Map<string, { minute: number; day: string }>();
/** 1972-01-01 in minutes since the epoch: from then on, no zone's offset has seconds. */
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1972, 0, 1) / 60_000;

/** `YYYY-MM` of a `YYYY-MM-DD` date. */
export function monthKey(date: string): string {
  const { year, month } = dateParts(date);
  return `${pad(year, 4)}-${pad(month, 2)}`;
}

/** The `n` month keys ending with the month of `today`, oldest first. */
export function lastMonths(today: string, n: number): string[] {
  const { year, month } = dateParts(today);
  const current = year * 12 + (month - 1);
  return Array.from({ length: Math.max(0, n) }, (_, i) => {
    const index = current - (n - 1 - i);
    return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1, 2)}`;
  });
}
