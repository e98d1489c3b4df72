// A whole number in a query string (a page size, a list's length, a span of months). Query strings are strings: the
// value is checked as digits, then against its range; the handler reads it with Number().
import * as yup from 'yup';

/**
 * An optional query parameter of 1 to `digits` digits (leading zeros count) from `min` to `max`, refused with `message`
 * otherwise.
 */
export function wholeNumberParam({ min, max }: { min: number; max: number }, digits: number, message: string) {
  return yup
    .string()
    .matches(new RegExp(`^\\d{1,${digits}}$`), message)
    .test('range', message, (value) => value === undefined || (Number(value) >= min && Number(value) <= max));
}
