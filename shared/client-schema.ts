// The yup schema for creating and editing a client, shared by the API and the Formik form.
import * as yup from 'yup';
import type { KeyDate } from './api-types';
import { isBirthdayDate, isCalendarDate } from './dates';
import { cadenceDaysSchema, keyDatesSchema } from './key-dates';
import { canonicalTimeZone, PREFERENCE_MESSAGES } from './reminder-prefs';
import { emailSchema, ID_PATTERN, phoneSchema } from './schemas';

export const CLIENT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required',
  invalidDate: 'Enter a valid date (YYYY-MM-DD)',
  futureDate: 'Date cannot be in the future',
  referredBy: 'Referred by must be one of your other clients',
  postalCode: 'Enter a five-digit ZIP code',
  purchasePrice: 'Enter the price in whole dollars',
} as const;

/**
 * The client's own fields, declared once: their order is the form's, the import's CSV columns (and
 * the export's first columns) and the PATCH allow-list's. `csv` is the column header, `label` the
 * form's; `optional` must agree with `clientSchema` below (client-schema.test.ts holds it).
 */
export const CLIENT_FIELD_SPECS = {
  name: { label: 'Name', csv: 'name', optional: false, editable: true, type: 'text' },
  email: { label: 'Email', csv: 'email', optional: false, editable: true, type: 'email' },
  phone: { label: 'Phone', csv: 'phone', optional: false, editable: true, type: 'tel' },
  address: { label: 'Address', csv: 'address', optional: true, editable: true, type: 'text' },
  postalCode: { label: 'ZIP Code', csv: 'postalCode', optional: true, editable: true, type: 'text' },
  birthday: { label: 'Birthday', csv: 'birthday', optional: true, editable: true, type: 'date' },
  anniversary: { label: 'Anniversary', csv: 'anniversary', optional: true, editable: true, type: 'date' },
  purchaseDate: { label: 'Purchase Date', csv: 'purchaseDate', optional: true, editable: true, type: 'date' },
  purchasePrice: { label: 'Purchase Price', csv: 'purchasePrice', optional: true, editable: true, type: 'number' },
} as const satisfies Record<
  string,
  {
    label: string;
    csv: string;
    optional: boolean;
    editable: boolean;
    type: 'text' | 'email' | 'tel' | 'date' | 'number';
  }
>;

export type ClientField = keyof typeof CLIENT_FIELD_SPECS;
type FieldWhere<P extends 'optional' | 'editable'> = {
  [F in ClientField]: (typeof CLIENT_FIELD_SPECS)[F][P] extends true ? F : never;
}[ClientField];
export type EditableClientField = FieldWhere<'editable'>;
export type OptionalClientField = FieldWhere<'optional'>;

export const CLIENT_FIELDS = Object.keys(CLIENT_FIELD_SPECS) as readonly ClientField[];
export const EDITABLE_CLIENT_FIELDS = CLIENT_FIELDS.filter(
  (f) => CLIENT_FIELD_SPECS[f].editable,
) as readonly EditableClientField[];
export const OPTIONAL_CLIENT_FIELDS = CLIENT_FIELDS.filter(
  (f) => CLIENT_FIELD_SPECS[f].optional,
) as readonly OptionalClientField[];
/** The import's CSV columns; an export starts with them so it can be imported again. */
export const CLIENT_CSV_HEADERS = CLIENT_FIELDS.map((f) => CLIENT_FIELD_SPECS[f].csv);

export const CLIENT_NAME_MAX = 120;
export const CLIENT_ADDRESS_MAX = 300;
/** A purchase price above this is taken for a typing error. */
export const PURCHASE_PRICE_MAX = 1_000_000_000;

/** The five-digit ZIP code an address ends with (`…, Austin, TX 78704` or `78704-1234`), or undefined. */
export function postalCodeFromAddress(address: string | null | undefined): string | undefined {
  return /(?:^|[\s,])(\d{5})(?:-\d{4})?\s*$/.exec(address ?? '')?.[1];
}

/** Dollars as typed (`$450,000`, `450000.00`) to a number; anything else is left for the schema to refuse. */
function dollars(value: unknown, original: unknown): unknown {
  if (original === null || original === undefined) return undefined;
  if (typeof original !== 'string') return value;
  const text = original
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (text === '') return undefined;
  return /^\d+(?:\.00?)?$/.test(text) ? Number(text) : Number.NaN;
}

const tooLong = (max: number) => `Must be at most ${max} characters`;

// A cleared form field ('') or a JSON null means "not given".
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** "Today" for the not-in-the-future rule: `context.today` when given (the agent's day), else the UTC date. */
function todayFrom(context: unknown): string {
  const today = (context as { today?: unknown } | undefined)?.today;
  return isCalendarDate(today) ? today : new Date().toISOString().slice(0, 10);
}

function keyDate({ notInFuture, yearless = false }: { notInFuture: boolean; yearless?: boolean }) {
  const isDate = yearless ? isBirthdayDate : isCalendarDate;
  const schema = yup
    .string()
    .trim()
    .transform(blankToUndefined)
    .test('calendar-date', CLIENT_MESSAGES.invalidDate, (value) => value === undefined || isDate(value));
  if (!notInFuture) return schema;
  return schema.test('not-in-future', CLIENT_MESSAGES.futureDate, function (value) {
    return !isCalendarDate(value) || value <= todayFrom(this.options.context);
  });
}

export const clientSchema = yup.object({
  name: yup
    .string()
    .transform(blankToUndefined)
    .trim()
    .required(CLIENT_MESSAGES.nameRequired)
    .max(CLIENT_NAME_MAX, tooLong(CLIENT_NAME_MAX)),
  email: emailSchema.transform(blankToUndefined).required(CLIENT_MESSAGES.emailRequired),
  phone: phoneSchema.transform(blankToUndefined).required(CLIENT_MESSAGES.phoneRequired),
  address: yup.string().trim().transform(blankToUndefined).max(CLIENT_ADDRESS_MAX, tooLong(CLIENT_ADDRESS_MAX)),
  // Five digits; a ZIP+4 keeps its first five. Left out, the client record fills it from the address.
  postalCode: yup
    .string()
    .trim()
    .transform(blankToUndefined)
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/^(\d{5})-\d{4}$/, '$1') : value))
    .matches(/^\d{5}$/, CLIENT_MESSAGES.postalCode),
  // A birthday may be `--MM-DD`, a day without its year (shared/dates.ts).
  birthday: keyDate({ notInFuture: true, yearless: true }),
  anniversary: keyDate({ notInFuture: false }),
  // May be ahead: an agent records an upcoming closing (its anniversaries count from that day).
  purchaseDate: keyDate({ notInFuture: false }),
  purchasePrice: yup
    .number()
    .transform(dollars)
    .typeError(CLIENT_MESSAGES.purchasePrice)
    .integer(CLIENT_MESSAGES.purchasePrice)
    .min(1, CLIENT_MESSAGES.purchasePrice)
    .max(PURCHASE_PRICE_MAX, CLIENT_MESSAGES.purchasePrice),
  // The client's IANA zone: texts arrive only 8:00–21:00 there. Not given: the agent's zone.
  timeZone: yup
    .string()
    .strict(false)
    .trim()
    .transform(blankToUndefined)
    .test(
      'time-zone',
      PREFERENCE_MESSAGES.timeZone,
      (value) => value === undefined || canonicalTimeZone(value) !== null,
    )
    .transform((value: unknown) => (typeof value === 'string' ? (canonicalTimeZone(value) ?? value) : value)),
  // The agent's own dates, each recurring yearly, and the keep-in-touch rhythm (shared/key-dates.ts).
  keyDates: keyDatesSchema,
  cadenceDays: cadenceDaysSchema,
  // The client of the same agent who referred this one (the server checks it is one); null clears it.
  referredBy: yup
    .string()
    .strict()
    .nullable()
    .typeError(CLIENT_MESSAGES.referredBy)
    .matches(ID_PATTERN, CLIENT_MESSAGES.referredBy),
});

export type ClientInput = yup.InferType<typeof clientSchema>;

/**
 * What PATCH /api/clients/{id} accepts: the form's fields, and the client's time zone, which is set
 * on its own (a form edit that leaves it out never clears it).
 */
export const PATCHABLE_CLIENT_FIELDS = [
  ...EDITABLE_CLIENT_FIELDS,
  'timeZone',
  'keyDates',
  'cadenceDays',
  'referredBy',
] as const;
/** Client fields a PATCH clears with null (or ''). */
export const CLEARABLE_CLIENT_FIELDS = [
  ...OPTIONAL_CLIENT_FIELDS,
  'timeZone',
  'keyDates',
  'cadenceDays',
  'referredBy',
] as const;

/** A PATCH body: the fields sent, an optional one as null to clear it. */
export type ClientChanges = Partial<{
  [F in EditableClientField]: F extends 'purchasePrice'
    ? number | string | null
    : F extends OptionalClientField
      ? string | null
      : string;
}> & {
  timeZone?: string | null;
  keyDates?: KeyDate[] | null;
  cadenceDays?: number | null;
  referredBy?: string | null;
};
