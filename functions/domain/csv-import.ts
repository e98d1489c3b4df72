// Reads an uploaded CSV of clients (our columns, or a Google Contacts or Outlook export) into
// validated client inputs, reporting every row it cannot take by the row number a spreadsheet shows.
import { parse } from 'csv-parse/sync';
import { CLIENT_CSV_HEADERS } from '@shared/client-schema';
import { parseKeyDatesCell } from '@shared/key-dates';
import {
  ImportFormatError,
  oneLine,
  parseInlineFile,
  readDate,
  type ClientDraft,
  type ImportRows,
} from './import-rows';

export {
  IMPORT_MAX_BYTES as CSV_MAX_BYTES,
  IMPORT_MAX_ROWS as CSV_MAX_ROWS,
  ImportTooLargeError as CsvTooLargeError,
  ImportTooManyRowsError as CsvTooManyRowsError,
  ImportFormatError as CsvFormatError,
} from './import-rows';
export const CSV_COLUMNS = CLIENT_CSV_HEADERS;

export const CSV_NOT_TEXT = 'This file is not a CSV file. Export your clients as CSV and try again.';
export const CSV_NOT_UTF8 = 'This file is not UTF-8 text. Save it as "CSV UTF-8" and try again.';
const NO_HEADER =
  `The first row must name the columns. Expected columns: ${CSV_COLUMNS.join(', ')} ` +
  '(name and email at least; dates as YYYY-MM-DD or MM/DD/YYYY). Google Contacts and Outlook CSV exports work too.';

// Header names are compared lowercased without spaces, underscores or hyphens: 'E-mail 1 - Value' → 'email1value'.
const normalizeHeader = (header: string): string =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

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
  purchasePrice: ['purchaseprice', 'homepurchaseprice', 'price', 'saleprice'],
  // The export's own columns past the form's (functions/domain/export-columns.ts).
  timeZone: ['timezone'],
  keyDates: ['keydates'],
  cadenceDays: ['cadencedays', 'cadence'],
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
  const hasEmail =
    hasAny(columns, [...ALIASES.email, ...ALIASES.otherEmail]) || columns.numbered.some((c) => c.kind === 'email');
  return hasName && hasEmail;
}

export type CsvColumns = Columns;

/** The columns the header row names; refused when it names no name or no e-mail column. */
export function csvColumns(header: readonly string[]): CsvColumns {
  const columns = mapColumns(header);
  if (!canReadClients(columns)) throw new ImportFormatError(NO_HEADER);
  return columns;
}

/** The header never came: the file has no row at all. */
export const noHeaderError = () => new ImportFormatError(NO_HEADER);

/** A trimmed cell; our own CSV export puts ' before a leading =, +, -, @ (formula injection), so it is removed here. */
function clean(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

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
        const first = clean(cells[column.value])
          .split(':::')
          .map((part) => part.trim())
          .find(Boolean);
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
  return (
    row.pick(ALIASES.email) ||
    row.numbered('email', isPrimaryLabel) ||
    row.numbered('email') ||
    row.pick(ALIASES.otherEmail)
  );
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

type CsvRecord = { row: number; line: number; cells: string[] };

/** Line breaks inside a record's quoted cells: the record after it starts that many lines further down. */
export const lineBreaks = (cells: readonly string[]): number =>
  cells.reduce((count, cell) => count + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

/** The delimiter the header line uses most: Excel in many locales saves "CSV" with semicolons. */
export function sniffDelimiter(text: string): string {
  const headerLine = text.slice(0, text.search(/[\r\n]|$/));
  const count = (delimiter: string) => headerLine.split(delimiter).length - 1;
  return [';', '\t'].reduce((best, candidate) => (count(candidate) > count(best) ? candidate : best), ',');
}

function decode(buffer: Uint8Array): string {
  if (buffer.includes(0)) throw new ImportFormatError(CSV_NOT_TEXT);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw new ImportFormatError(CSV_NOT_UTF8);
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
      ...csvParseOptions(sniffDelimiter(text)),
      on_record: (cells: string[]) => {
        records.push({ row: records.length + 1, line, cells });
        line += 1 + lineBreaks(cells);
        return null;
      },
    });
  } catch (error) {
    throw csvSyntaxError(error, records.length + 1, line);
  }
  return records;
}

/**
 * How csv-parse reads a client file, whole or streamed: any line break, ragged rows, stray quotes, empty lines kept
 * (they count as rows).
 */
export function csvParseOptions(delimiter: string) {
  return {
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
  };
}

/** csv-parse's refusal, said with the row and line where it happened. */
export function csvSyntaxError(error: unknown, row: number, line: number): ImportFormatError {
  const where = `row ${row} (line ${line} of the file)`;
  const code = (error as { code?: string }).code;
  return new ImportFormatError(
    code === 'CSV_QUOTE_NOT_CLOSED'
      ? `The file is not valid CSV: a quoted value in ${where} is never closed.`
      : `The file is not valid CSV at ${where}: ${error instanceof Error ? error.message : String(error)}`,
  );
}

export const isBlankRecord = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');
const isBlank = (record: CsvRecord) => isBlankRecord(record.cells);

/** One data row read into a client as the file gives it (before validation). */
export function readCsvDraft(
  columns: CsvColumns,
  cells: readonly string[],
  warn: (message: string) => void,
): ClientDraft {
  const reader = rowReader(columns, cells);
  return {
    name: readName(reader),
    email: readEmail(reader),
    phone: readPhone(reader),
    address: readAddress(reader),
    birthday: readDate('birthday', reader.pick(ALIASES.birthday), warn),
    anniversary: readDate(
      'anniversary',
      reader.pick(ALIASES.anniversary) || reader.numbered('event', isAnniversaryLabel),
      warn,
    ),
    purchaseDate: readDate('purchaseDate', reader.pick(ALIASES.purchaseDate), warn),
    // The ZIP column also ends the address it composes; without one the address's own ZIP code is taken.
    postalCode: reader.pick(ALIASES.postalCode),
    purchasePrice: reader.pick(ALIASES.purchasePrice),
    ...readRhythmColumns(reader),
  };
}

/** The time zone, custom key dates (`label: date; label: date`) and rhythm (days) a row fills (blank cells: none). */
function readRhythmColumns(reader: RowReader): Pick<ClientDraft, 'timeZone' | 'keyDates' | 'cadenceDays'> {
  const timeZone = reader.pick(ALIASES.timeZone);
  const keyDates = reader.pick(ALIASES.keyDates);
  const cadence = reader.pick(ALIASES.cadenceDays);
  return {
    ...(timeZone ? { timeZone } : {}),
    ...(keyDates ? { keyDates: parseKeyDatesCell(keyDates) } : {}),
    // Not a whole number: passed on as written, for the schema to refuse with its message.
    ...(cadence ? { cadenceDays: /^\d+$/.test(cadence) ? Number(cadence) : cadence } : {}),
  };
}

/** Parses and validates a client CSV; rows are numbered as a spreadsheet shows them, the header being row 1. */
export function parseClientCsv(buffer: Uint8Array, { today }: { today: string }): ImportRows {
  return parseInlineFile(
    buffer,
    csvRows,
    ({ columns, cells }, warn) => ({ draft: readCsvDraft(columns, cells, warn) }),
    {
      today,
      unit: 'row',
    },
  );
}

/** The file's data rows, each with the columns its header row names (refused without such a header). */
function csvRows(buffer: Uint8Array): Array<CsvRecord & { columns: CsvColumns }> {
  const [header, ...data] = readRecords(decode(buffer)).filter((record) => !isBlank(record));
  if (!header) throw noHeaderError();
  const columns = csvColumns(header.cells);
  return data.map((record) => ({ ...record, columns }));
}
