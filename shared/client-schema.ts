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
  birthday: { label: 'Birthday', csv: 'birthday', optional: true, editable: true, type: 'date' },
  anniversary: { label: 'Anniversary', csv: 'anniversary', optional: true, editable: true, type: 'date' },
  purchaseDate: { label: 'Purchase Date', csv: 'purchaseDate', optional: true, editable: true, type: 'date' },
} as const satisfies Record<
  string,
  { label: string; csv: string; optional: boolean; editable: boolean; type: 'text' | 'email' | 'tel' | 'date' }
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
  // A birthday may be `--MM-DD`, a day without its year (shared/dates.ts).
  birthday: keyDate({ notInFuture: true, yearless: true }),
  anniversary: keyDate({ notInFuture: false }),
  // May be ahead: an agent records an upcoming closing (its anniversaries count from that day).
  purchaseDate: keyDate({ notInFuture: false }),
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
  [F in EditableClientField]: F extends OptionalClientField ? string | null : string;
}> & {
  timeZone?: string | null;
  keyDates?: KeyDate[] | null;
  cadenceDays?: number | null;
  referredBy?: string | null;
};
