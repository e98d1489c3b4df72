// FHFA's House Price Index files as this product reads them (the all-transactions indexes, quarterly, not seasonally
// adjusted), whole or refused, never in part:
// - `hpi_at_state.csv`: no header, `<state code>,<year>,<quarter>,<index>`;
// - `hpi_at_3zip.xlsx`: a title, a note, then the header `Three-Digit ZIP Code, Year, Quarter, Index (NSA), Index Type`
//   and a row per ZIP area and quarter; the type says whether the index is the area's own or, where the area has too
//   few sales, its metro's or its state's non-metro balance (FHFA's note in the file).
// A file must be whole: a row for every quarter of every place up to the file's last (a file cut short is refused),
// no place missing of those the stored release had, not older than it (releaseProblem). Otherwise the job keeps the
// release it has.
import { parse } from 'csv-parse/sync';
import type { HomeValueGeoLevel } from '@shared/home-value';
import { quarterFromNumber, quarterNumber, type Quarter } from './home-value';

export type HpiDatasetName = 'state' | 'zip3';

/** One place's quarterly index as stored: its values from `first`, null where the file has none. */
export type HpiSeries = { code: string; level: HomeValueGeoLevel; first: Quarter; values: Array<number | null> };

/** A file read whole: its series by place, and its last quarter. */
export type HpiRelease = { dataset: HpiDatasetName; through: Quarter; series: HpiSeries[] };

export const HPI_FILES: Record<HpiDatasetName, string> = {
  state: 'hpi_at_state.csv',
  zip3: 'hpi_at_3zip.xlsx',
};

/** A file that is not what its name says, or not whole. */
export class HpiFileError extends Error {
  override name = 'HpiFileError';
}

const ZIP3_HEADER = ['Three-Digit ZIP Code', 'Year', 'Quarter', 'Index (NSA)', 'Index Type'];
const ZIP3_TYPES: Record<string, HomeValueGeoLevel> = {
  'Native 3-Digit ZIP index': 'zip3',
  'MSA/MSAD Index': 'metro',
  'Balance of State': 'state-nonmetro',
};

type Point = { code: string; level: HomeValueGeoLevel; quarter: number; value: number | null };

function quarterNumberOf(year: string, quarter: string, where: string): number {
  if (!/^\d{4}$/.test(year.trim()) || !/^[1-4]$/.test(quarter.trim()))
    throw new HpiFileError(`${where}: not a year and quarter (${year}, ${quarter})`);
  return quarterNumber(`${year.trim()}Q${quarter.trim()}`);
}

/** An index value to its published two decimals; '-' or '' (no index that quarter) is null. */
function indexValue(raw: string, where: string): number | null {
  const text = raw.trim();
  if (text === '' || text === '-' || text === '.') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new HpiFileError(`${where}: not an index value (${raw})`);
  return Math.round(value * 100) / 100;
}

/** hpi_at_state.csv: every row `ST,year,quarter,index`. */
export function parseStateFile(text: string): HpiRelease {
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    throw new HpiFileError(`hpi_at_state.csv is not CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  const points = records.map((cells, i): Point => {
    const where = `hpi_at_state.csv line ${i + 1}`;
    const [code = '', year = '', quarter = '', index = ''] = cells;
    if (cells.length !== 4 || !/^[A-Z]{2}$/.test(code.trim()))
      throw new HpiFileError(`${where}: expected state,year,quarter,index`);
    return {
      code: code.trim(),
      level: 'state',
      quarter: quarterNumberOf(year, quarter, where),
      value: indexValue(index, where),
    };
  });
  return releaseOf('state', points);
}

/** The rows of hpi_at_3zip.xlsx's sheet (functions/lib/xlsx-rows.ts): the header, then a row per area and quarter. */
export function parseZip3Rows(rows: ReadonlyArray<{ row: number; cells: readonly string[] }>): HpiRelease {
  const header = rows.findIndex(({ cells }) => ZIP3_HEADER.every((name, i) => cells[i]?.trim() === name));
  if (header < 0) throw new HpiFileError(`hpi_at_3zip.xlsx has no header row (${ZIP3_HEADER.join(', ')})`);
  const points: Point[] = [];
  for (const { row, cells } of rows.slice(header + 1)) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    const where = `hpi_at_3zip.xlsx row ${row}`;
    const [zip = '', year = '', quarter = '', index = '', type = ''] = cells;
    const level = ZIP3_TYPES[type.trim()];
    if (!/^\d{1,3}$/.test(zip.trim()) || !level)
      throw new HpiFileError(`${where}: expected a three-digit ZIP code and an index type`);
    points.push({
      code: zip.trim().padStart(3, '0'),
      level,
      quarter: quarterNumberOf(year, quarter, where),
      value: indexValue(index, where),
    });
  }
  return releaseOf('zip3', points);
}

/**
 * The points grouped by place into series. Every place has a row for each quarter from its first to the file's last
 * (an empty index is a row: FHFA's "no index that quarter"); a file cut short lacks the rows at its end.
 */
function releaseOf(dataset: HpiDatasetName, points: readonly Point[]): HpiRelease {
  if (points.length === 0) throw new HpiFileError(`${HPI_FILES[dataset]} has no index rows`);
  const byPlace = new Map<string, Point[]>();
  for (const point of points) {
    const own = byPlace.get(point.code);
    if (own) own.push(point);
    else byPlace.set(point.code, [point]);
  }
  const through = Math.max(...points.map((p) => p.quarter));
  const series = [...byPlace].map(([code, own]): HpiSeries => {
    const first = Math.min(...own.map((p) => p.quarter));
    const values = Array.from({ length: through - first + 1 }, (): number | null | undefined => undefined);
    for (const point of own) values[point.quarter - first] = point.value;
    const missing = values.findIndex((value) => value === undefined);
    if (missing >= 0)
      throw new HpiFileError(`${HPI_FILES[dataset]}: ${code} has no row for ${quarterFromNumber(first + missing)}`);
    return { code, level: own.at(-1)!.level, first: quarterFromNumber(first), values: values as Array<number | null> };
  });
  return { dataset, through: quarterFromNumber(through), series };
}

/**
 * Why a release read whole must still not replace the stored one (older than it, or missing places it had), or
 * undefined when it may.
 */
export function releaseProblem(
  release: HpiRelease,
  stored: { through: Quarter; places: number } | undefined,
): string | undefined {
  if (!stored) return undefined;
  if (quarterNumber(release.through) < quarterNumber(stored.through))
    return `${HPI_FILES[release.dataset]} ends at ${release.through}, before the stored release (${stored.through})`;
  if (release.series.length < stored.places)
    return `${HPI_FILES[release.dataset]} has ${release.series.length} places, fewer than the stored release's ${stored.places}`;
  return undefined;
}
