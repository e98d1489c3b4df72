// The client form's values for the time zone, custom key dates and keep-in-touch rhythm, and what they become for
// the shared schema: a date picked with "year unknown" is sent as `--MM-DD`, a rhythm of "None" as null.
import type { Client, KeyDate } from '@shared/api-types';
import { isYearlessDate } from '@shared/dates';

/** A row of the key dates field: the date input always holds a full date (a leap year's when the year is unknown). */
export type KeyDateRow = { label: string; date: string; yearUnknown: boolean };

export type RhythmFormValues = {
  /** '' is the agent's own zone. */
  timeZone: string;
  keyDates: KeyDateRow[];
  keepInTouch: 'none' | 'every';
  /** The number of days as typed (read only with keepInTouch 'every'). */
  cadenceDays: string;
};

/** Where a day without its year sits in the date input: 2000 has a 29 February. */
const YEARLESS_YEAR = '2000';

export const DEFAULT_CADENCE_DAYS = '30';

export function rhythmInitialValues(client: Client | null | undefined): RhythmFormValues {
  return {
    timeZone: client?.timeZone ?? '',
    keyDates: (client?.keyDates ?? []).map(({ label, date }) =>
      isYearlessDate(date)
        ? { label, date: `${YEARLESS_YEAR}${date.slice(1)}`, yearUnknown: true }
        : { label, date, yearUnknown: false },
    ),
    keepInTouch: client?.cadenceDays ? 'every' : 'none',
    cadenceDays: client?.cadenceDays ? String(client.cadenceDays) : DEFAULT_CADENCE_DAYS,
  };
}

/**
 * The fields as the schema takes them (a rhythm that is not a whole number is left as typed, for it to refuse). None,
 * like every blank optional field, is undefined: an edit sends what changed (web/src/lib/client-changes.ts reads it as
 * no dates, no rhythm).
 */
export function rhythmInput(values: RhythmFormValues): {
  timeZone: string | undefined;
  keyDates: KeyDate[] | undefined;
  cadenceDays: number | string | undefined;
} {
  const cadence = values.cadenceDays.trim();
  return {
    timeZone: values.timeZone || undefined,
    keyDates: values.keyDates.length
      ? values.keyDates.map(({ label, date, yearUnknown }) => ({
          label,
          date: yearUnknown && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `--${date.slice(5)}` : date,
        }))
      : undefined,
    cadenceDays: values.keepInTouch === 'none' ? undefined : /^\d+$/.test(cadence) ? Number(cadence) : cadence,
  };
}

/** The whole form's values as the schema takes them: these fields mapped by rhythmInput, the form's choice left out. */
export function withRhythmInput<T extends RhythmFormValues>(values: T) {
  const { keepInTouch: _choice, ...rest } = values;
  return { ...rest, ...rhythmInput(values) };
}
