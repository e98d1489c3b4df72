// Reads an uploaded CSV of clients (our columns, or a Google Contacts or Outlook export) into
// validated client inputs, reporting every row it cannot take by the row number a spreadsheet shows.
import { parse } from 'csv-parse/sync';
import { ValidationError } from 'yup';
import { clientSchema, type ClientInput } from '../../shared/client-schema';
import { parseFlexibleDate } from '../../shared/dates';

export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 5000;
export const CSV_COLUMNS = ['name', 'email', 'phone', 'address', 'birthday', 'anniversary', 'purchaseDate'] as const;

export class CsvTooLargeError extends Error {
  override name = 'CsvTooLargeError';
  constructor(readonly bytes: number) {
    super('The file is larger than 5 MB. Split it into smaller files and import them one at a time.');
  }
}

export class CsvTooManyRowsError extends Error {
  override name = 'CsvTooManyRowsError';
  constructor(readonly rows: number) {
    super(
      `The file has ${rows.toLocaleString('en-US')} client rows; at most ${CSV_MAX_ROWS.toLocaleString('en-US')} ` +
        'can be imported at once. Split it into smaller files.',
    );
  }
}

export class CsvFormatError extends Error {
  override name = 'CsvFormatError';
}

export type CsvRowIssue = { row: number; message: string };
export type CsvImportRow = { row: number; client: ClientInput };
export type CsvImportResult = { rows: CsvImportRow[]; errors: CsvRowIssue[]; warnings: CsvRowIssue[] };

const NOT_TEXT = 'This file is not a CSV file. Export your clients as CSV and try again.';
const NOT_UTF8 = 'This file is not UTF-8 text. Save it as "CSV UTF-8" and try again.';
const NO_HEADER =
  `The first row must name the columns. Expected columns: ${CSV_COLUMNS.join(', ')} ` +
  '(name and email at least; dates as YYYY-MM-DD or MM/DD/YYYY). Google Contacts and Outlook CSV exports work too.';

// Header names are compared lowercased without spaces, underscores or hyphens: 'E-mail 1 - Value' → 'email1value'.
const normalizeHeader = (header: string): string => header.trim().toLowerCase().replace(/[\s_-]+/g, '');

const ALIASES = {
  name: ['name', 'fullname', 'clientname', 'contactname', 'displayname'],
  firstName: ['firstname', 'givenname'],
  middleName: ['middlename', 'additionalname'],
  lastName: ['lastname', 'familyname', 'surname'],
  email: ['email', 'emailaddress'],
  otherEmail: ['email2address', 'email3address', 'email2', 'email3'],
  mobilePhone: ['mobilephone', 'mobile', 'mobilenumber', 'cellphone', 'cell', 'cellnumber', 'cellphonenumber'],
  phone: ['phone', 'phonenumber', 'telephone', 'primaryphone'],
  otherPhone: ['homephone', 'homephone2', 'businessphone', 'businessphone2', 'companymainphone', 'otherphone'],
  address: ['address', 'homeaddress', 'streetaddress', 'mailingaddress'],
  street: ['homestreet', 'homestreet2', 'homestreet3', 'street'],
  city: ['homecity', 'city'],
  state: ['homestate', 'state'],
  postalCode: ['homepostalcode', 'postalcode', 'zipcode', 'zip'],
  birthday: ['birthday', 'birthdate', 'dateofbirth'],
  anniversary: ['anniversary', 'weddinganniversary'],
  purchaseDate: ['purchasedate', 'homepurchasedate', 'dateofpurchase'],
} as const;

type Alias = (typeof ALIASES)[keyof typeof ALIASES][number];

/** Google's numbered groups: 'Phone 2 - Label' (new) or '- Type' (old) beside 'Phone 2 - Value'. */
type NumberedKind = 'email' | 'phone' | 'address' | 'event';
type NumberedColumn = { kind: NumberedKind; order: number; value: number; label?: number };

type Columns = { byName: Map<string, number>; numbered: NumberedColumn[] };

function mapColumns(header: readonly string[]): Columns {
  const byName = new Map<string, number>();
  const groups = new Map<string, Partial<NumberedColumn>>();
  header.forEach((raw, index) => {
    const name = normalizeHeader(raw);
    if (!byName.has(name)) byName.set(name, index);
    const match = /^(email|phone|address|event)(\d+)(value|formatted|label|type)$/.exec(name);
    if (!match) return;
    const kind = match[1] as NumberedKind;
    const part = match[3];
    const key = `${kind}${match[2]}`;
    const group = groups.get(key) ?? { kind, order: Number(match[2]) };
    if (part === 'label' || part === 'type') group.label ??= index;
    else if (kind === 'address' ? part === 'formatted' : part === 'value') group.value ??= index;
    groups.set(key, group);
  });
  const numbered = [...groups.values()]
    .filter((group): group is NumberedColumn => group.value !== undefined)
    .sort((a, b) => a.order - b.order);
  return { byName, numbered };
}

function hasAny(columns: Columns, aliases: readonly string[]): boolean {
  return aliases.some((alias) => columns.byName.has(alias));
}

function canReadClients(columns: Columns): boolean {
  const hasName = hasAny(columns, [...ALIASES.name, ...ALIASES.firstName, ...ALIASES.lastName]);
  const hasEmail = hasAny(columns, [...ALIASES.email, ...ALIASES.otherEmail]) || columns.numbered.some((c) => c.kind === 'email');
  return hasName && hasEmail;
}

/** A trimmed cell; our own CSV export puts ' before a leading =, +, -, @ (formula injection), so it is removed here. */
function clean(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

const oneLine = (value: string): string => value.replace(/\s*(?:\r\n|\r|\n)+\s*/g, ', ');

const isMobileLabel = (label: string) => /mobile|cell/i.test(label);
const isPrimaryLabel = (label: string) => label.startsWith('*');
const isHomeLabel = (label: string) => /home/i.test(label);
const isAnniversaryLabel = (label: string) => /anniversary/i.test(label);

function rowReader(columns: Columns, cells: readonly string[]) {
  const value = (alias: Alias): string => {
    const index = columns.byName.get(alias);
    return index === undefined ? '' : clean(cells[index]);
  };
  return {
    pick: (aliases: readonly Alias[]): string => aliases.map(value).find(Boolean) ?? '',
    /** The first filled value of a numbered group whose label passes `prefer` (any label without it). */
    numbered(kind: NumberedKind, prefer?: (label: string) => boolean): string {
      for (const column of columns.numbered) {
        if (column.kind !== kind) continue;
        if (prefer && !prefer(column.label === undefined ? '' : clean(cells[column.label]))) continue;
        // Google joins several values in one cell with ' ::: '.
        const first = clean(cells[column.value]).split(':::').map((part) => part.trim()).find(Boolean);
        if (first) return first;
      }
      return '';
    },
  };
}

type RowReader = ReturnType<typeof rowReader>;

function readName(row: RowReader): string {
  return (
    row.pick(ALIASES.name) ||
    [row.pick(ALIASES.firstName), row.pick(ALIASES.middleName), row.pick(ALIASES.lastName)].filter(Boolean).join(' ')
  );
}

function readEmail(row: RowReader): string {
  return row.pick(ALIASES.email) || row.numbered('email', isPrimaryLabel) || row.numbered('email') || row.pick(ALIASES.otherEmail);
}

/** Mobile numbers first: reminders may go out by text message. */
function readPhone(row: RowReader): string {
  return (
    row.pick(ALIASES.mobilePhone) ||
    row.numbered('phone', isMobileLabel) ||
    row.pick(ALIASES.phone) ||
    row.numbered('phone') ||
    row.pick(ALIASES.otherPhone)
  );
}

function readAddress(row: RowReader): string {
  const whole = row.pick(ALIASES.address) || row.numbered('address', isHomeLabel) || row.numbered('address');
  if (whole) return oneLine(whole);
  const streets = ALIASES.street.map((alias) => row.pick([alias])).filter(Boolean);
  const region = [row.pick(ALIASES.state), row.pick(ALIASES.postalCode)].filter(Boolean).join(' ');
  return oneLine([...streets, row.pick(ALIASES.city), region].filter(Boolean).join(', '));
}

type DateField = 'birthday' | 'anniversary' | 'purchaseDate';

/** A key date as `YYYY-MM-DD`; an unreadable one is passed on as written so the schema reports it. */
function readDate(field: DateField, raw: string, warn: (message: string) => void): string {
  // Outlook writes 0/0/00 for "no date".
  if (/^[0/.\-\s]*$/.test(raw)) return '';
  if (/^--\d{2}-\d{2}$/.test(raw)) {
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
  const rank = (field: string) => (CSV_COLUMNS as readonly string[]).indexOf(field);
  const lines = problems
    .sort((a, b) => rank(a.field) - rank(b.field))
    .map(({ field, message }) => (field ? `${field}: ${message}` : message));
  return [...new Set(lines)].join('; ');
}

type CsvRecord = { row: number; line: number; cells: string[] };

const lineBreaks = (cells: readonly string[]): number =>
  cells.reduce((count, cell) => count + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

/** The delimiter the header line uses most: Excel in many locales saves "CSV" with semicolons. */
function sniffDelimiter(text: string): string {
  const headerLine = text.slice(0, text.search(/[\r\n]|$/));
  const count = (delimiter: string) => headerLine.split(delimiter).length - 1;
  return [';', '\t'].reduce((best, candidate) => (count(candidate) > count(best) ? candidate : best), ',');
}

function decode(buffer: Uint8Array): string {
  if (buffer.includes(0)) throw new CsvFormatError(NOT_TEXT);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw new CsvFormatError(NOT_UTF8);
  }
}

/**
 * Every record with its spreadsheet row (empty lines count, as a spreadsheet shows them) and the
 * file line it starts on: a quoted cell with line breaks takes several lines but one row.
 */
function readRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let line = 1;
  try {
    parse(text, {
      delimiter: sniffDelimiter(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (cells: string[]) => {
        records.push({ row: records.length + 1, line, cells });
        line += 1 + lineBreaks(cells);
        return null;
      },
    });
  } catch (error) {
    const where = `row ${records.length + 1} (line ${line} of the file)`;
    const code = (error as { code?: string }).code;
    throw new CsvFormatError(
      code === 'CSV_QUOTE_NOT_CLOSED'
        ? `The file is not valid CSV: a quoted value in ${where} is never closed.`
        : `The file is not valid CSV at ${where}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return records;
}

const isBlank = (record: CsvRecord) => record.cells.every((cell) => cell.trim() === '');

/** Parses and validates a client CSV; rows are numbered as a spreadsheet shows them, the header being row 1. */
export function parseClientCsv(buffer: Uint8Array, { today }: { today: string }): CsvImportResult {
  if (buffer.byteLength > CSV_MAX_BYTES) throw new CsvTooLargeError(buffer.byteLength);
  const [header, ...data] = readRecords(decode(buffer)).filter((record) => !isBlank(record));
  if (!header) throw new CsvFormatError(NO_HEADER);
  const columns = mapColumns(header.cells);
  if (!canReadClients(columns)) throw new CsvFormatError(NO_HEADER);
  if (data.length > CSV_MAX_ROWS) throw new CsvTooManyRowsError(data.length);

  const rows: Array<CsvImportRow & { replaced?: boolean }> = [];
  const errors: CsvRowIssue[] = [];
  const warnings: CsvRowIssue[] = [];
  const rowByEmail = new Map<string, CsvImportRow & { replaced?: boolean }>();

  for (const { row, cells } of data) {
    const warn = (message: string) => warnings.push({ row, message });
    const reader = rowReader(columns, cells);
    const input = {
      name: readName(reader),
      email: readEmail(reader),
      phone: readPhone(reader),
      address: readAddress(reader),
      birthday: readDate('birthday', reader.pick(ALIASES.birthday), warn),
      anniversary: readDate('anniversary', reader.pick(ALIASES.anniversary) || reader.numbered('event', isAnniversaryLabel), warn),
      purchaseDate: readDate('purchaseDate', reader.pick(ALIASES.purchaseDate), warn),
    };
    let client: ClientInput;
    try {
      client = clientSchema.validateSync(input, { abortEarly: false, stripUnknown: true, context: { today } });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors.push({ row, message: describeInvalid(error) });
      continue;
    }
    const entry = { row, client };
    const earlier = rowByEmail.get(client.email);
    if (earlier) {
      earlier.replaced = true;
      warn(`Same e-mail as row ${earlier.row} (${client.email}): this row replaces it`);
    }
    rowByEmail.set(client.email, entry);
    rows.push(entry);
  }

  return {
    rows: rows.filter((entry) => !entry.replaced).map(({ row, client }) => ({ row, client })),
    errors,
    warnings,
  };
}
