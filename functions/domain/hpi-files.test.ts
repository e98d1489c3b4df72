// FHFA's files read whole or refused: the shipped extract (real figures), and the ways a file can be cut or wrong.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readXlsxRows } from '../lib/xlsx-rows';
import { HpiFileError, parseStateFile, parseZip3Rows, releaseProblem } from './hpi-files';

const extract = (name: string) => readFileSync(join(__dirname, '../local/hpi-files', name));
const stateText = extract('hpi_at_state.csv').toString('utf8');

describe("FHFA's state file", () => {
  it('reads every state and DC to the last quarter, at the published two decimals', () => {
    const release = parseStateFile(stateText);
    expect(release.through).toBe('2024Q4');
    expect(release.series).toHaveLength(51);
    const texas = release.series.find((s) => s.code === 'TX')!;
    expect(texas).toMatchObject({ level: 'state', first: '1991Q1' });
    expect(texas.values).toHaveLength(136);
    expect(texas.values.at(-1)).toBe(Number(/^TX,2024,4,([\d.]+)$/m.exec(stateText)![1]));
  });

  it('refuses a file cut short (its last state lacks quarters)', () => {
    const cut = stateText.slice(0, stateText.lastIndexOf('WY,2024,2'));
    expect(() => parseStateFile(cut)).toThrow(/WY has no row for 2024Q2/);
  });

  it.each([
    ['a row that is not state,year,quarter,index', 'TX,2024,4\n'],
    ['a quarter 5', 'TX,2024,5,100.00\n'],
    ['an index that is not a number', 'TX,2024,4,abc\n'],
    ['an HTML page', '<html><body>Not found</body></html>\n'],
  ])('refuses %s', (_case, text) => {
    expect(() => parseStateFile(text)).toThrow(HpiFileError);
  });
});

describe("FHFA's three-digit ZIP workbook", () => {
  const release = parseZip3Rows(readXlsxRows(extract('hpi_at_3zip.xlsx')));

  it("reads each area's index with FHFA's type: its own, its metro's or its state's non-metro balance", () => {
    expect(release.through).toBe('2022Q4');
    expect(Object.fromEntries(release.series.map((s) => [s.code, s.level]))).toMatchObject({
      '787': 'zip3',
      '786': 'zip3',
      '022': 'metro',
      '766': 'metro',
      '789': 'state-nonmetro',
    });
    const austin = release.series.find((s) => s.code === '787')!;
    expect(austin).toMatchObject({ first: '1995Q1' });
    expect(austin.values[0]).toBe(100);
    expect(austin.values).toHaveLength(112);
  });

  it('refuses a workbook without its header row', () => {
    expect(() => parseZip3Rows([{ row: 1, cells: ['ZIP', 'Year', 'Quarter', 'Index'] }])).toThrow(/no header row/);
  });
});

describe('a release replacing the stored one', () => {
  const release = parseStateFile(stateText);
  it.each([
    ['none is stored', undefined, undefined],
    ['it is the same release again', { through: '2024Q4', places: 51 }, undefined],
    ['it is older than the stored one', { through: '2025Q1', places: 51 }, /before the stored release/],
    ['it has fewer places than the stored one', { through: '2024Q3', places: 52 }, /fewer than/],
  ])('when %s', (_case, stored, problem) => {
    const found = releaseProblem(release, stored);
    if (problem) expect(found).toMatch(problem);
    else expect(found).toBeUndefined();
  });
});
