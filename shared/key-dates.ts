// A client's custom key dates and keep-in-touch rhythm: their limits, messages and schemas, shared by the API
// (shared/client-schema.ts) and the client form.
import * as yup from 'yup';
import type { KeyDate } from './api-types';
import { isBirthdayDate } from './dates';

export const KEY_DATES_MAX = 10;
export const KEY_DATE_LABEL_MAX = 40;
export const CADENCE_DAYS = { min: 7, max: 365 } as const;

export const KEY_DATE_MESSAGES = {
  list: 'keyDates must be a list of { label, date }',
  entry: 'Each key date is an object with a label and a date',
  tooMany: `At most ${KEY_DATES_MAX} key dates`,
  labelRequired: 'Give the date a label',
  labelTooLong: `A label is at most ${KEY_DATE_LABEL_MAX} characters`,
  label: 'A label is text',
  dateRequired: 'Enter the date',
  date: 'Enter a real date as YYYY-MM-DD, or --MM-DD when the year is unknown',
  cadence: `cadenceDays must be a whole number of days from ${CADENCE_DAYS.min} to ${CADENCE_DAYS.max}, or null`,
} as const;

/** A key date's day: `YYYY-MM-DD`, or `--MM-DD` without its year (29 February only as --02-29 or in a leap year). */
export const isKeyDate = (value: unknown): value is string => isBirthdayDate(value);

/** Trimmed text; anything else is left as sent, so the type check refuses it (yup would turn 7 into '7'). */
const trimmedText = (_: unknown, original: unknown) => (typeof original === 'string' ? original.trim() : original);

const keyDateSchema = yup
  .object({
    label: yup
      .string()
      .transform(trimmedText)
      .typeError(KEY_DATE_MESSAGES.label)
      .required(KEY_DATE_MESSAGES.labelRequired)
      .max(KEY_DATE_LABEL_MAX, KEY_DATE_MESSAGES.labelTooLong),
    date: yup
      .string()
      .transform(trimmedText)
      .typeError(KEY_DATE_MESSAGES.date)
      .required(KEY_DATE_MESSAGES.dateRequired)
      .test('key-date', KEY_DATE_MESSAGES.date, (value) => value === undefined || isKeyDate(value)),
  })
  .noUnknown(false)
  .typeError(KEY_DATE_MESSAGES.entry)
  .required(KEY_DATE_MESSAGES.entry);

/** The list: null or absent is "not given" (a PATCH sends [] to clear it). */
export const keyDatesSchema = yup
  .array()
  .of(keyDateSchema)
  .typeError(KEY_DATE_MESSAGES.list)
  .max(KEY_DATES_MAX, KEY_DATE_MESSAGES.tooMany)
  .transform((value: unknown) => (value === null ? undefined : value))
  .optional();

/** null: no rhythm. */
export const cadenceDaysSchema = yup
  .number()
  .strict()
  .typeError(KEY_DATE_MESSAGES.cadence)
  .integer(KEY_DATE_MESSAGES.cadence)
  .min(CADENCE_DAYS.min, KEY_DATE_MESSAGES.cadence)
  .max(CADENCE_DAYS.max, KEY_DATE_MESSAGES.cadence)
  .nullable()
  .optional();

/** The key dates as the export writes them in one cell: `label: date; label: date`. */
export const keyDatesCell = (keyDates: readonly KeyDate[]): string =>
  keyDates.map((d) => `${d.label}: ${d.date}`).join('; ');

/**
 * The key dates of an export's cell (or an import's): each `label: date`, split on the last ':' (a label may hold
 * one). What is not of that shape is kept as it is, for the schema to refuse with its message.
 */
export function parseKeyDatesCell(cell: string): Array<{ label: string; date: string }> {
  return cell
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      // A yearless date holds no ':' but its label might: the date is what follows the last ': '.
      const at = part.lastIndexOf(':');
      return at < 0 ? { label: part, date: '' } : { label: part.slice(0, at).trim(), date: part.slice(at + 1).trim() };
    });
}
