// The cells of a workbook's first sheet as rows of text, for a spreadsheet published only as .xlsx (FHFA's three-digit
// ZIP index): the zip opened with fflate, the sheet's XML read for its <row> and <c> elements. Enough for a plain
// data sheet (numbers, shared and inline strings); formulas are read as their cached value, styles ignored.
import { strFromU8, unzipSync } from 'fflate';

const SHEET = /^xl\/worksheets\/sheet1\.xml$/;
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** Not an .xlsx workbook, or one without a first sheet. */
export class XlsxFormatError extends Error {
  override name = 'XlsxFormatError';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name.toLowerCase()] ?? ''),
  );

/** The text of a string item (`<si>` or `<is>`): its `<t>` runs joined. */
const textOf = (xml: string) =>
  unescapeXml([...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => m[1]).join(''));

/** Column letters to a 0-based index: A → 0, G → 6, AA → 26. */
function columnIndex(reference: string): number {
  let index = 0;
  for (const letter of /^[A-Z]+/.exec(reference)?.[0] ?? '') index = index * 26 + letter.charCodeAt(0) - 64;
  return index - 1;
}

/** Each row of the first sheet with its spreadsheet number and its cells as text ('' for an empty cell). */
export function readXlsxRows(bytes: Uint8Array): Array<{ row: number; cells: string[] }> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => SHEET.test(file.name) || file.name === SHARED_STRINGS });
  } catch (error) {
    throw new XlsxFormatError(`Not an .xlsx workbook: ${error instanceof Error ? error.message : String(error)}`);
  }
  const sheetName = Object.keys(files).find((name) => SHEET.test(name));
  if (!sheetName) throw new XlsxFormatError('The workbook has no first sheet');
  const shared = files[SHARED_STRINGS]
    ? [...strFromU8(files[SHARED_STRINGS]).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!))
    : [];
  const rows: Array<{ row: number; cells: string[] }> = [];
  for (const row of strFromU8(files[sheetName]!).matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    for (const cell of row[2]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1]!;
      const reference = /\br="([A-Z]+)\d+"/.exec(attributes)?.[1];
      const type = /\bt="(\w+)"/.exec(attributes)?.[1];
      const inner = cell[2] ?? '';
      const value = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      const text =
        type === 's'
          ? (shared[Number(value)] ?? '')
          : type === 'inlineStr'
            ? textOf(/<is>([\s\S]*?)<\/is>/.exec(inner)?.[1] ?? '')
            : value === undefined
              ? ''
              : unescapeXml(value);
      const index = reference ? columnIndex(reference) : cells.length;
      while (cells.length < index) cells.push('');
      cells[index] = text;
    }
    rows.push({ row: Number(/\br="(\d+)"/.exec(row[1]!)?.[1] ?? rows.length + 1), cells });
  }
  return rows;
}
