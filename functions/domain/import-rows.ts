// What every client import shares once a file is read, whatever its format (CSV rows, vCard
// cards): the key-date reading, the schema validation, the per-file e-mail dedupe, the size limits
// and the report of each entry it cannot take by its position in the file. A big file read by the
// import job (functions/services/import-jobs.ts) goes through the same validation one entry at a time.
import { createHash } from 'node:crypto';
import { ValidationError } from 'yup';
import {
  CLIENT_FIELD_SPECS,
  CLIENT_FIELDS,
  clientSchema,
  type ClientField,
  type ClientInput,
} from '@shared/client-schema';
import { parseFlexibleDate, yearlessDate } from '@shared/dates';
import {
  IMPORT_JOB_MAX_BYTES,
  IMPORT_JOB_MAX_ROWS,
  IMPORT_MESSAGES,
  INLINE_IMPORT_MAX_BYTES,
  SMALL_IMPORT_MAX_ROWS,
} from '@shared/imports';

/**
 * The limits of a file sent in the request (POST /api/clients/import), what Lambda's 6 MB event carries; bigger files
 * go through the upload and the import job.
 */
export const IMPORT_MAX_BYTES = INLINE_IMPORT_MAX_BYTES;
export const IMPORT_MAX_ROWS = SMALL_IMPORT_MAX_ROWS;
export { IMPORT_JOB_MAX_BYTES, IMPORT_JOB_MAX_ROWS };

/** How the file's entries are called in messages: spreadsheet rows, or the cards of a vCard file. */
export type ImportUnit = 'row' | 'card';

/** A file sent in the request over IMPORT_MAX_BYTES: the upload takes it (the message says how). */
export class ImportTooLargeError extends Error {
  override name = 'ImportTooLargeError';
  constructor(readonly bytes: number) {
    super(IMPORT_MESSAGES.tooLargeInline);
  }
}

export class ImportTooManyRowsError extends Error {
  override name = 'ImportTooManyRowsError';
  constructor(
    readonly rows: number,
    unit: ImportUnit = 'row',
    maxRows = IMPORT_MAX_ROWS,
  ) {
    super(
      `The file has ${rows.toLocaleString('en-US')} ${unit === 'row' ? 'client rows' : 'contacts'}; at most ${maxRows.toLocaleString('en-US')} ` +
        'can be imported at once. Split it into smaller files.',
    );
  }
}

/** The file cannot be read as the format its name says. */
export class ImportFormatError extends Error {
  override name = 'ImportFormatError';
}

export type ImportIssue = { row: number; message: string };
export type ImportRow = { row: number; client: ClientInput };
export type ImportRows = { rows: ImportRow[]; errors: ImportIssue[]; warnings: ImportIssue[] };

/** A client as read from one entry of the file, before validation. */
/** The form's fields as text, and what a CSV may add: the time zone, custom key dates and the rhythm. */
export type ClientDraft = Record<ClientField, string> & {
  timeZone?: string;
  keyDates?: Array<{ label: string; date: string }>;
  cadenceDays?: number | string;
};

/** Line breaks inside an address become ', '. */
export const oneLine = (value: string): string => value.replace(/\s*(?:\r\n|\r|\n)+\s*/g, ', ');

export type DateField = {
  [F in ClientField]: (typeof CLIENT_FIELD_SPECS)[F]['type'] extends 'date' ? F : never;
}[ClientField];

// Apple's Contacts stores a birthday without a year in the year 1604.
const APPLE_NO_YEAR = /^1604-(\d{2})-(\d{2})$/;

/**
 * A key date as `YYYY-MM-DD`; a birthday without its year as `--MM-DD` (shared/dates.ts); an
 * unreadable one is passed on as written so the schema reports it.
 */
export function readDate(field: DateField, raw: string, warn: (message: string) => void): string {
  // Outlook writes 0/0/00 for "no date".
  if (/^[0/.\-\s]*$/.test(raw)) return '';
  const apple = APPLE_NO_YEAR.exec(raw);
  const yearless = apple ? yearlessDate(Number(apple[1]), Number(apple[2])) : raw;
  if (/^--\d{2}-\d{2}$/.test(yearless)) {
    if (field === 'birthday') return yearless;
    warn(`${field}: ${raw} has no year, so it was left empty`);
    return '';
  }
  return parseFlexibleDate(raw) ?? raw;
}

function describeInvalid(error: ValidationError): string {
  const problems = (error.inner.length > 0 ? error.inner : [error]).map((issue) => ({
    field: issue.path ?? '',
    message: issue.message,
  }));
  const rank = (field: string) => (CLIENT_FIELDS as readonly string[]).indexOf(field);
  const lines = problems
    .sort((a, b) => rank(a.field) - rank(b.field))
    .map(({ field, message }) => (field ? `${field}: ${message}` : message));
  return [...new Set(lines)].join('; ');
}

/** One entry's client checked by the schema the API uses: the client, or why the entry cannot be taken. */
export function validateDraft(draft: ClientDraft, today: string): { client: ClientInput } | { error: string } {
  try {
    return { client: clientSchema.validateSync(draft, { abortEarly: false, stripUnknown: true, context: { today } }) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { error: describeInvalid(error) };
  }
}

/**
 * The id a client created from one entry of an import job's file gets: the same every time that
 * entry is written, so a batch written again after a crash recognises the clients it already made.
 */
export function importedClientId(importId: string, row: number): string {
  return createHash('sha256').update(`${importId}#${row}`).digest('base64url').slice(0, 22);
}

/** An entry of the file as a client as the file gives it, or why the entry cannot be read. */
export type EntryDraft = { draft: ClientDraft } | { unreadable: string };

/**
 * A client file sent in the request (POST /api/clients/import), whatever its format: refused over IMPORT_MAX_BYTES,
 * then over IMPORT_MAX_ROWS of the entries `split` finds in it; then each entry read and validated (collectImportRows).
 */
export function parseInlineFile<T extends { row: number }>(
  buffer: Uint8Array,
  split: (buffer: Uint8Array) => T[],
  read: (entry: T, warn: (message: string) => void) => EntryDraft,
  options: { today: string; unit: ImportUnit },
): ImportRows {
  if (buffer.byteLength > IMPORT_MAX_BYTES) throw new ImportTooLargeError(buffer.byteLength);
  const entries = split(buffer);
  if (entries.length > IMPORT_MAX_ROWS) throw new ImportTooManyRowsError(entries.length, options.unit);
  return collectImportRows(entries, read, options);
}

/**
 * Validates each entry's client with the schema the API uses (an entry that cannot be read is an error of its own);
 * an entry whose e-mail a later entry of the same file repeats is replaced by it (with a warning), so each e-mail is
 * written once.
 */
function collectImportRows<T extends { row: number }>(
  entries: Iterable<T>,
  read: (entry: T, warn: (message: string) => void) => EntryDraft,
  { today, unit }: { today: string; unit: ImportUnit },
): ImportRows {
  const rows: Array<ImportRow & { replaced?: boolean }> = [];
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const rowByEmail = new Map<string, ImportRow & { replaced?: boolean }>();

  for (const entry of entries) {
    const { row } = entry;
    const warn = (message: string) => warnings.push({ row, message });
    const entryDraft = read(entry, warn);
    const checked =
      'unreadable' in entryDraft ? { error: entryDraft.unreadable } : validateDraft(entryDraft.draft, today);
    if ('error' in checked) {
      errors.push({ row, message: checked.error });
      continue;
    }
    const { client } = checked;
    const current = { row, client };
    const earlier = rowByEmail.get(client.email);
    if (earlier) {
      earlier.replaced = true;
      warn(`Same e-mail as ${unit} ${earlier.row} (${client.email}): this ${unit} replaces it`);
    }
    rowByEmail.set(client.email, current);
    rows.push(current);
  }

  return {
    rows: rows.filter((entry) => !entry.replaced).map(({ row, client }) => ({ row, client })),
    errors,
    warnings,
  };
}
