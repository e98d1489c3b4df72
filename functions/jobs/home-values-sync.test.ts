// The monthly home values job against the table alone, FHFA's files served by a local server from the shipped
// extract: it stores each place's index under its release, the same files again change nothing, and a file that
// fails (missing, cut short, older) keeps the release in use and counts the failure.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCurrentReleases } from '../data/home-values';
import { newInvocation, runInvocation } from '../observability/invocation';
import { syncHomeValueIndexes } from '../services/home-value-indexes';
import { startHpiFileServer, type HpiFileServer } from '../testing/hpi-files';
import { everyItem, startTestTable, type TestTable } from '../testing/table';

let testTable: TestTable;
let files: HpiFileServer;
beforeAll(async () => {
  testTable = await startTestTable();
  files = await startHpiFileServer();
});
afterAll(async () => {
  await files.close();
  await testTable.close();
});

const march = new Date('2025-03-01T09:00:00.000Z');
const april = new Date('2025-04-01T09:00:00.000Z');
const stateFile = () => join(files.dir, 'hpi_at_state.csv');
const hpiItems = async () =>
  (await everyItem()).filter((item) => String(item.pk).startsWith('HPI')).map(({ ttl: _ttl, ...item }) => item);

/** The job's run with its metrics counted as an invocation's. */
async function run(now: Date) {
  const invocation = newInvocation(undefined, { job: 'home-values-sync' });
  const result = await runInvocation(invocation, () => syncHomeValueIndexes(now));
  return { result, failures: invocation.metrics.get('HomeValueIndexFailures') ?? 0 };
}

describe('the monthly home values job', () => {
  it("stores every place's series under its release, then names the releases in use", async () => {
    const { result, failures } = await run(march);
    expect(failures).toBe(0);
    expect(result.datasets).toEqual([
      { dataset: 'state', outcome: 'stored', through: '2024Q4', places: 51 },
      { dataset: 'zip3', outcome: 'stored', through: '2022Q4', places: 13 },
    ]);
    expect(result.zip3Areas).toBeGreaterThan(900);
    expect(await readCurrentReleases()).toEqual({
      state: { through: '2024Q4', places: 51, fetchedAt: march.toISOString() },
      zip3: { through: '2022Q4', places: 13, fetchedAt: march.toISOString() },
    });
    const austin = (await hpiItems()).find((item) => item.pk === 'HPISERIES#zip3#787');
    expect(austin).toMatchObject({ sk: 'R#2022Q4', level: 'zip3', first: '1995Q1' });
    expect((austin!.values as number[]).slice(0, 2)).toEqual([100, 102.01]);
  });

  it('writes the same items when the same files come again (the release in use keeps its fetch)', async () => {
    const before = await hpiItems();
    await run(march);
    expect(await hpiItems()).toEqual(before);
  });

  it.each([
    ['missing (the server answers 404)', () => rmSync(stateFile()), /answered 404/],
    ['an empty file', () => writeFileSync(stateFile(), ''), /no index rows/],
    [
      'cut short',
      () => {
        const text = readFileSync(stateFile(), 'utf8');
        writeFileSync(stateFile(), text.slice(0, text.lastIndexOf('WY,2024,3')));
      },
      /WY has no row for 2024Q3/,
    ],
    [
      'older than the release in use',
      () => {
        const text = readFileSync(stateFile(), 'utf8');
        writeFileSync(stateFile(), text.replace(/^[A-Z]{2},2024,4,.*\n/gm, ''));
      },
      /before the stored release/,
    ],
  ])('keeps the release in use when the state file is %s, and counts the failure', async (_case, spoil, problem) => {
    const original = readFileSync(stateFile());
    const before = await hpiItems();
    spoil();
    try {
      const { result, failures } = await run(april);
      expect(failures).toBe(1);
      expect(result.datasets[0]).toEqual({
        dataset: 'state',
        outcome: 'kept',
        problem: expect.stringMatching(problem),
        through: '2024Q4',
      });
      // The other file is stored again as it came (only its fetch time moves).
      expect(result.datasets[1]).toMatchObject({ dataset: 'zip3', outcome: 'stored' });
      expect((await readCurrentReleases()).state).toEqual({
        through: '2024Q4',
        places: 51,
        fetchedAt: march.toISOString(),
      });
      const series = (items: typeof before) => items.filter((item) => String(item.pk).startsWith('HPISERIES#state'));
      expect(series(await hpiItems())).toEqual(series(before));
    } finally {
      writeFileSync(stateFile(), original);
    }
  });
});
