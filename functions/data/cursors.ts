// Opaque page cursors: a DynamoDB LastEvaluatedKey as base64url JSON, checked on the way back in to
// be a key of the list it is used with (never a key elsewhere in the table): a bad one is a 400.
import { InvalidCursorError } from '../domain/admin-pages';

export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;
}

/** What a key of a list is: its attribute names, and a check of their values. */
export type CursorKey = { names: readonly string[]; check: (key: Record<string, string>) => boolean };

/** Decodes a cursor and checks it is a key of the list it is used with. Throws InvalidCursorError. */
export function decodeCursor(cursor: string | undefined, expected: CursorKey): Record<string, string> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let parsed: unknown;
  try {
    if (cursor.length > 2048 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new InvalidCursorError();
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new InvalidCursorError();
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (
    entries.length !== expected.names.length ||
    !entries.every(([k, v]) => expected.names.includes(k) && typeof v === 'string' && v.length <= 512)
  ) {
    throw new InvalidCursorError();
  }
  const key = parsed as Record<string, string>;
  if (!expected.check(key)) throw new InvalidCursorError();
  return key;
}
