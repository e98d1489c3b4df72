// The Google location's rating on the dashboard and on Insights, against the table alone: the location the agent
// follows, its rating and number of reviews as the last sync read them; nothing before a location is chosen.
import { putConnection } from '../data/google-connections';
import { startTestTable, type TestTable } from '../testing/table';
import { readDashboard } from './dashboard';
import { readInsights } from './insights';

let testTable: TestTable;
beforeAll(async () => {
  testTable = await startTestTable();
});
afterAll(() => testTable.close());

const now = new Date('2026-03-10T15:00:00Z');
const agentOf = (id: string) => ({ id, timeZone: 'America/Chicago', clientCount: 0 });

async function connect(agentId: string, locationName: string | null) {
  await putConnection({
    agentId,
    refreshTokenSealed: 'sealed',
    accountName: 'accounts/1',
    accountDisplayName: 'Rivera Homes',
    locations: [
      { name: 'locations/austin', title: 'Rivera Homes Austin' },
      { name: 'locations/dallas', title: 'Rivera Homes Dallas' },
    ],
    locationName,
    averageRating: 4.7,
    totalReviewCount: 38,
    syncedThrough: null,
    lastSyncAt: '2026-03-10T09:00:00.000Z',
    connectedAt: '2026-02-01T09:00:00.000Z',
  });
}

describe("the location's Google rating", () => {
  it('is on the dashboard and on Insights for the location the agent follows', async () => {
    // Prepare
    await connect('agent-rated', 'locations/austin');
    const rating = {
      locationTitle: 'Rivera Homes Austin',
      averageRating: 4.7,
      totalReviewCount: 38,
      lastSyncAt: '2026-03-10T09:00:00.000Z',
    };
    // Act
    const [dashboard, insights] = await Promise.all([
      readDashboard(agentOf('agent-rated'), now),
      readInsights(agentOf('agent-rated'), 12, now),
    ]);
    // Assess
    expect(dashboard.googleRating).toEqual(rating);
    expect(insights.googleRating).toEqual(rating);
  });

  it('is null without a connection, and while no location is chosen', async () => {
    await connect('agent-choosing', null);
    for (const agentId of ['agent-unconnected', 'agent-choosing']) {
      expect((await readDashboard(agentOf(agentId), now)).googleRating).toBeNull();
      expect((await readInsights(agentOf(agentId), 3, now)).googleRating).toBeNull();
    }
  });
});
