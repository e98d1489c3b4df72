// The yup schema for creating and editing a client, shared by the API and the Formik form.
import * as yup from 'yup';
import { isBirthdayDate, isCalendarDate } from './dates';
import { canonicalTimeZone, PREFERENCE_MESSAGES } from './reminder-prefs';
import { emailSchema, phoneSchema } from './schemas';

export const CLIENT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required',
  invalidDate: 'Enter a valid date (YYYY-MM-DD)',
  futureDate: 'Date cannot be in the future',
} as const;

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
  purchaseDate: keyDate({ notInFuture: true }),
  // The client's IANA zone: texts arrive only 8:00–21:00 there. Not given: the agent's zone.
  timeZone: yup
    .string()
    .strict(false)
    .trim()
    .transform(blankToUndefined)
    .test('time-zone', PREFERENCE_MESSAGES.timeZone, (value) => value === undefined || canonicalTimeZone(value) !== null)
    .transform((value: unknown) => (typeof value === 'string' ? (canonicalTimeZone(value) ?? value) : value)),
});

export type ClientInput = yup.InferType<typeof clientSchema>;

/** A PATCH body that names every form field (null clears it); `timeZone` only when the form edits it. */
export type ClientChangesInput = { [K in Exclude<keyof ClientInput, 'timeZone'>]-?: ClientInput[K] | null } & { timeZone?: string | null };
