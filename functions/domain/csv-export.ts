// CSV for spreadsheets: RFC 4180 (CRLF rows, every non-empty cell quoted, quotes doubled) and
// OWASP's defence against formula injection (a cell starting with =, +, -, @, tab or CR gets a
// leading ' so a spreadsheet shows it as text instead of running it).
export type CsvValue = string | number | boolean | null | undefined;
export type CsvColumn<T> = { header: string; value: (row: T) => CsvValue };

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (text === '') return '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export function csvHeader<T>(columns: readonly CsvColumn<T>[]): string {
  return csvLine(columns.map((c) => c.header));
}

export function csvRow<T>(columns: readonly CsvColumn<T>[], row: T): string {
  return csvLine(columns.map((c) => c.value(row)));
}

/** A whole document, with a UTF-8 byte-order mark so Excel reads accents right. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: Iterable<T>): string {
  let out = `\uFEFF${csvHeader(columns)}`;
  for (const row of rows) out += csvRow(columns, row);
  return out;
}

/** A document produced page by page (BOM and header first), for streaming into a file. */
export async function* csvStream<T>(
  columns: readonly CsvColumn<T>[],
  pages: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
): AsyncGenerator<string> {
  yield `\uFEFF${csvHeader(columns)}`;
  for await (const page of pages) {
    let chunk = '';
    for (const row of page) chunk += csvRow(columns, row);
    if (chunk) yield chunk;
  }
}
