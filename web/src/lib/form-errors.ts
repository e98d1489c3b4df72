// Maps a server's field errors (`{ errors: { field: message } }`) onto the fields a form has.
import type { AnySchema, InferType, ValidationError } from 'yup';
import { ApiError } from './api-client';

export function serverFieldErrors<TField extends string>(
  error: unknown,
  fields: readonly TField[],
): Partial<Record<TField, string>> {
  if (!(error instanceof ApiError)) return {};
  const result: Partial<Record<TField, string>> = {};
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message) result[field] = message;
  }
  return result;
}

/**
 * A schema's failure, told by its name rather than `instanceof`: this module does not import yup's code (only the
 * schemas given to it do), so pages that show server errors without validating do not load yup.
 */
const isValidationError = (error: unknown): error is ValidationError =>
  error instanceof Error && error.name === 'ValidationError' && Array.isArray((error as ValidationError).inner);

/** The schema's message for each invalid field of `value` (empty when it is valid), for forms not run by Formik. */
export function schemaFieldErrors(schema: AnySchema, value: unknown): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!isValidationError(error)) throw error;
    return Object.fromEntries(error.inner.filter((e) => e.path).map((e) => [e.path!, e.message]));
  }
}

/**
 * For forms not run by Formik: shows the schema's message on each invalid field of `value` (and
 * clears them when there are none), and gives `value` as the schema casts it, or null when invalid.
 */
export function validOrShowErrors<S extends AnySchema>(
  schema: S,
  value: unknown,
  showErrors: (errors: Record<string, string>) => void,
): InferType<S> | null {
  const errors = schemaFieldErrors(schema, value);
  showErrors(errors);
  return Object.keys(errors).length ? null : (schema.cast(value) as InferType<S>);
}
