// The dashboard's cards: an agent with no clients keeps the reminders card and the monthly chart (empty, as the
// specification has them) below what to do first; the location's Google rating, or the way to connect it.
import { createDashboard, createUser } from '@/testing/data-generators';
import { jsonResponse } from '@/testing/mock-api';
import { findPageHeading, regionByHeading, renderApp, screen, within } from '@/testing/test-utils';

// The chart library is ESM-only d3 underneath, which Jest does not load (as in dashboard.test.tsx).
jest.mock('@/components/charts/internal/nivo-line', () => ({ __esModule: true, default: () => null }));

const emptyMonths = ['2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01'].map((month) => ({
  month,
  reviews: 0,
  reminders: 0,
}));

function openDashboard(dashboard = createDashboard()) {
  renderApp('/', { user: createUser(), api: { 'GET /api/dashboard': () => jsonResponse(200, dashboard) } });
  return findPageHeading(/^Welcome/);
}

describe('the dashboard of an agent with no clients', () => {
  it('keeps the reminders card and the monthly chart, empty, below the first steps; the rating says to connect', async () => {
    await openDashboard(createDashboard({ activity: { months: emptyMonths, totals: { reviews: 0, reminders: 0 } } }));
    expect(await screen.findByText('Add your first client', { selector: 'h2' })).toBeInTheDocument();

    const reminders = regionByHeading('Upcoming Reminders');
    expect(within(reminders).getByText('Nothing in the next 60 days')).toBeInTheDocument();
    const activity = regionByHeading('Monthly Activity');
    expect(
      Array.from(activity.querySelectorAll('dt'), (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
    ).toEqual(['Reviews Received: 0', 'Reminders Provided: 0']);

    const rating = regionByHeading('Google Rating');
    expect(rating).toHaveTextContent('Not connected');
    expect(rating).toHaveTextContent('Connect your Google Business Profile to see it here');
    expect(within(rating).getByRole('link', { name: 'Connect Google' })).toHaveAttribute('href', '/reviews');
  });
});

describe("the dashboard's Google rating", () => {
  it("shows the followed location's rating, its stars and how many reviews it rests on", async () => {
    await openDashboard(
      createDashboard({
        clients: 4,
        googleRating: {
          locationTitle: 'Rivera Homes Austin',
          averageRating: 4.7,
          totalReviewCount: 38,
          lastSyncAt: '2025-01-20T09:00:00.000Z',
        },
      }),
    );
    const rating = regionByHeading('Google Rating');
    expect(await within(rating).findByText('4.7')).toBeInTheDocument();
    expect(within(rating).getByRole('img', { name: '4.7 out of 5 stars' })).toBeInTheDocument();
    expect(rating).toHaveTextContent('38 reviews on Google · Rivera Homes Austin');
    expect(within(rating).getByRole('link', { name: 'See your reviews' })).toHaveAttribute('href', '/reviews');
  });
});
