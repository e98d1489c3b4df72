// The admin analytics count months in the platform's reporting zone (REPORTING_TIME_ZONE, New York unless set), against
// the table alone: an event takes the month it happened in there, the last month is that zone's, and the answer names
// the zone.
import { ConfigError, readConfig, resetConfig } from '../config';
import { addToStats } from '../data/stats';
import { startTestTable, type TestTable } from '../testing/table';
import { readAdminAnalytics } from './admin-analytics';

let testTable: TestTable;
beforeAll(async () => {
  testTable = await startTestTable();
});
afterAll(async () => {
  delete process.env.REPORTING_TIME_ZONE;
  resetConfig();
  await testTable.close();
});

/** 05:00 UTC on March 1st: still February 28th in Los Angeles, already March 1st in New York. */
const turnOfMonth = new Date('2026-03-01T05:00:00Z');

function reportIn(zone: string | undefined) {
  if (zone) process.env.REPORTING_TIME_ZONE = zone;
  else delete process.env.REPORTING_TIME_ZONE;
  resetConfig();
}

describe('REPORTING_TIME_ZONE', () => {
  it('is New York unless set, and must be an IANA zone', () => {
    const base = { APP_URL: 'https://app.example.com', TABLE_NAME: 't' };
    expect(readConfig(base).reportingTimeZone).toBe('America/New_York');
    expect(readConfig({ ...base, REPORTING_TIME_ZONE: ' America/Los_Angeles ' }).reportingTimeZone).toBe(
      'America/Los_Angeles',
    );
    expect(() => readConfig({ ...base, REPORTING_TIME_ZONE: 'Pacific Time' })).toThrow(
      new ConfigError('REPORTING_TIME_ZONE must be an IANA time zone, like America/Chicago'),
    );
  });
});

describe('the admin analytics', () => {
  it("count a client added at the turn of the month in the reporting zone's month, and say which zone", async () => {
    // Prepare: Los Angeles, where the client came on February 28th.
    reportIn('America/Los_Angeles');
    await addToStats({ clients: 1 }, turnOfMonth);
    // Act
    const analytics = await readAdminAnalytics(turnOfMonth);
    // Assess
    expect(analytics.timeZone).toBe('America/Los_Angeles');
    expect(analytics.clientGrowth.at(-1)).toEqual({ month: '2026-02', count: 1 });
    expect(analytics.clientGrowth).toHaveLength(12);
  });

  it("end with New York's month by default: the same instant is March there", async () => {
    reportIn(undefined);
    await addToStats({ reviews: 1 }, turnOfMonth);
    const analytics = await readAdminAnalytics(turnOfMonth);
    expect(analytics.timeZone).toBe('America/New_York');
    expect(analytics.reviewsOverTime.slice(-2)).toEqual([
      { month: '2026-02', count: 0 },
      { month: '2026-03', count: 1 },
    ]);
  });
});
