// Maps a server's field errors (`{ errors: { field: message } }`) onto the fields a form has.
import { ApiError } from './api-client';

export function serverFieldErrors<TField extends string>(error: unknown, fields: readonly TField[]): Partial<Record<TField, string>> {
  if (!(error instanceof ApiError)) return {};
  const result: Partial<Record<TField, string>> = {};
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message) result[field] = message;
  }
  return result;
}
