// Makes the small FHFA extract the local runtime serves (functions/local/hpi-files/, its README names the sources):
// rows selected from FHFA's own files, nothing else changed. hpi_at_state.csv keeps every state from EXTRACT_FROM_YEAR;
// hpi_at_3zip.xlsx keeps its title, note and header rows and the rows of EXTRACT_ZIP3S, every other part of the
// workbook (styles, strings, properties) as FHFA wrote it.
//   npx tsx scripts/hpi-extract.ts --state <hpi_at_state.csv> --zip3 <HPI_AT_3zip.xlsx> [--out <dir>]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

export const EXTRACT_FROM_YEAR = 1991;
/** Austin (786, 787; 789 and Waco–Temple's 766, 767 around it), Denver, Phoenix, Boston. */
export const EXTRACT_ZIP3S = [
  '786',
  '787',
  '789',
  '766',
  '767',
  '800',
  '801',
  '802',
  '850',
  '852',
  '853',
  '021',
  '022',
];
/** The sheet's rows up to its header (title, note, "Not Seasonally Adjusted", the column names). */
const HEADER_ROWS = 5;

function stateExtract(text: string): string {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  return `${lines.filter((line) => Number(line.split(',')[1]) >= EXTRACT_FROM_YEAR).join('\n')}\n`;
}

function zip3Extract(bytes: Uint8Array): Uint8Array {
  const files = unzipSync(bytes);
  const sheet = 'xl/worksheets/sheet1.xml';
  const keep = new Set(EXTRACT_ZIP3S.map(Number));
  files[sheet] = strToU8(
    strFromU8(files[sheet]!).replace(/<row\b[^>]*\br="(\d+)"[^>]*>[\s\S]*?<\/row>/g, (row, number: string) => {
      if (Number(number) <= HEADER_ROWS) return row;
      const zip = /<c\b[^>]*\br="A\d+"[^>]*>\s*<v>(\d+)<\/v>/.exec(row)?.[1];
      return zip !== undefined && keep.has(Number(zip)) ? row : '';
    }),
  );
  return zipSync(files, { level: 9, mtime: new Date('1980-01-01T00:00:00Z') });
}

const { values } = parseArgs({
  options: { state: { type: 'string' }, zip3: { type: 'string' }, out: { type: 'string' } },
});
if (!values.state || !values.zip3) throw new Error('Usage: --state <hpi_at_state.csv> --zip3 <HPI_AT_3zip.xlsx>');
const out = values.out ?? 'functions/local/hpi-files';
writeFileSync(join(out, 'hpi_at_state.csv'), stateExtract(readFileSync(values.state, 'utf8')));
writeFileSync(join(out, 'hpi_at_3zip.xlsx'), zip3Extract(readFileSync(values.zip3)));
