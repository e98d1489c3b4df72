import { monthlyActivity } from '@shared/activity';
import type { Client, Dashboard } from '@shared/api-types';
import { addDays, dateParts, formatDate } from '@shared/dates';
import { dashboardReminders } from '@shared/reminders';
import { browserToday, formatCalendarDateWithWeekdayShort } from '@/lib/dates';
import { createClient, createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse } from '@/testing/mock-api';
import { act, renderApp, screen, waitFor, within } from '@/testing/test-utils';

// The chart library is ESM-only d3 underneath, which Jest does not load; the chart itself is looked
// at in the browser suite. Its data table (for screen readers) still renders here.
jest.mock('@/components/charts/internal/nivo-line', () => ({ __esModule: true, default: () => null }));

const today = browserToday();

/** The month and day `days` from today, in a past (leap) year: a key date whose next occurrence is today + days. */
function keyDateIn(days: number, year = 1980): string {
  const { month, day } = dateParts(addDays(today, days));
  return formatDate(year, month, day);
}

/**
 * What GET /api/dashboard answers for a book (the API tests hold it to these same rules): the counts,
 * the next occasions with their clients, the monthly activity.
 */
function dashboardOf(clients: Client[]): Dashboard {
  const upcoming = dashboardReminders(clients, today);
  return {
    today,
    googleRating: null,
    clients: clients.length,
    reviews: clients.filter((c) => c.reviewStatus === 'submitted').length,
    reviewsAwaiting: clients.filter((c) => c.reviewStatus === 'requested').length,
    upcoming,
    upcomingClients: clients.filter((c) => upcoming.some((e) => e.clientId === c.id)),
    activity: monthlyActivity(clients, today),
  };
}

async function openDashboard(clients: Client[], { isPro = false } = {}) {
  const view = renderApp('/', {
    user: createUser({ fullName: 'Jane Doe', isPro }),
    // The dashboard asks for nothing else: a request for the whole book would fail (no mock).
    api: { 'GET /api/dashboard': () => jsonResponse(200, dashboardOf(clients)) },
  });
  await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane Doe' }, { timeout: 5000 });
  await waitFor(() => expect(screen.queryAllByLabelText(/^Loading/)).toHaveLength(0), { timeout: 5000 });
  return view;
}

const card = (name: string) => screen.findByRole('region', { name });

describe('dashboard', () => {
  it('counts the active clients and the submitted reviews (Total Client Reviews)', async () => {
    await openDashboard([
      createClient({ reviewStatus: 'submitted' }),
      createClient({ reviewStatus: 'submitted' }),
      createClient({ reviewStatus: 'requested' }),
      createClient({ reviewStatus: 'pending' }),
    ]);

    const active = await card('Active Clients');
    expect(await within(active).findByText('4')).toBeInTheDocument();
    expect(within(active).getByText('4 of 10 on the free plan')).toBeInTheDocument();
    const reviews = await card('Reviews & Engagements');
    expect(within(reviews).getByText('2')).toBeInTheDocument();
    expect(within(reviews).getByText('Total Client Reviews')).toBeInTheDocument();
    expect(within(reviews).getByText('1 review request awaiting a reply')).toBeInTheDocument();
  });

  it('lists the next 5 reminders within 60 days, soonest first, with name, type and date, from one summary read', async () => {
    const { fetchMock } = await openDashboard([
      createClient({ name: 'Day 30', birthday: keyDateIn(30) }),
      createClient({ name: 'Day 0', birthday: keyDateIn(0) }),
      createClient({ name: 'Day 61', birthday: keyDateIn(61) }),
      createClient({ name: 'Day 10', anniversary: keyDateIn(10, 2012) }),
      createClient({ name: 'Day 20', purchaseDate: keyDateIn(20, Number(today.slice(0, 4)) - 3) }),
      createClient({ name: 'Day 1', birthday: keyDateIn(1) }),
      createClient({ name: 'Day 59', birthday: keyDateIn(59) }),
    ]);

    const list = within(await card('Upcoming Reminders')).getByRole('list', { name: 'Upcoming reminders' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Day /).textContent)).toEqual([
      'Day 0',
      'Day 1',
      'Day 10',
      'Day 20',
      'Day 30',
    ]);
    expect(items[0]).toHaveTextContent('Birthday');
    expect(items[0]).toHaveTextContent(formatCalendarDateWithWeekdayShort(today));
    expect(items[0]).toHaveTextContent('Today');
    expect(items[1]).toHaveTextContent('Tomorrow');
    expect(items[2]).toHaveTextContent('Anniversary');
    expect(items[3]).toHaveTextContent(/^Day 203 Year Home Anniversary/);
    expect(items[3]).toHaveTextContent(formatCalendarDateWithWeekdayShort(addDays(today, 20)));
    // One read for every card, never the whole client list.
    expect(callsTo(fetchMock, 'GET /api/dashboard')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/clients')).toHaveLength(0);
  });

  it('says so when nothing falls within the next 60 days, and links to every reminder', async () => {
    await openDashboard([createClient({ name: 'Later', birthday: keyDateIn(61) })]);

    const reminders = await card('Upcoming Reminders');
    expect(within(reminders).getByText('Nothing in the next 60 days')).toBeInTheDocument();
    expect(within(reminders).getByRole('link', { name: 'View All Reminders' })).toHaveAttribute('href', '/reminders');
  });

  it('totals Reviews Received and Reminders Provided over the last 6 months', async () => {
    await openDashboard([
      // One review this month, and one birthday that passed 10 days ago (a reminder provided).
      createClient({
        reviewStatus: 'submitted',
        reviewSubmittedAt: `${today}T12:00:00.000Z`,
        birthday: keyDateIn(-10),
        createdAt: '2020-01-01T00:00:00.000Z',
      }),
      // A review two years ago is outside the chart; an upcoming anniversary is not provided yet.
      createClient({
        reviewStatus: 'submitted',
        reviewSubmittedAt: `${addDays(today, -730)}T12:00:00.000Z`,
        anniversary: keyDateIn(5, 2015),
      }),
    ]);

    const activity = await card('Monthly Activity');
    const totals = within(activity).getByText('Reviews Received', { selector: 'dt' }).closest('dl')!;
    expect(totals).toHaveTextContent('Reviews Received1Reminders Provided1');
    expect(within(activity).getByText('Last 6 months')).toBeInTheDocument();
    const table = within(activity).getByRole('table', { name: /Reviews received and reminders provided per month/ });
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Reviews Received', 'Reminders Provided']);
  });

  it('shows what could not be loaded, and loads again on Try again', async () => {
    let fail = true;
    const { user, fetchMock } = renderApp('/', {
      user: createUser({ fullName: 'Jane Doe' }),
      api: {
        'GET /api/dashboard': () =>
          fail
            ? jsonResponse(500, { message: 'The server is down' })
            : jsonResponse(200, dashboardOf([createClient()])),
      },
    });

    const alert = (
      await screen.findByText(/We couldn't load your clients\./, {}, { timeout: 5000 })
    ).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('The server is down');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: /try again/i }));

    expect(await within(await card('Active Clients')).findByText('1')).toBeInTheDocument();
    expect(screen.queryByText(/We couldn't load your clients/)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/dashboard')).toHaveLength(2);
  });

  it('greets an agent with no clients with a call to add the first one', async () => {
    await openDashboard([]);

    const first = await card('Add your first client');
    expect(within(first).getByRole('link', { name: 'Add Client' })).toHaveAttribute('href', '/clients?action=add');
    expect(within(first).getByRole('link', { name: 'Import contacts' })).toHaveAttribute(
      'href',
      '/clients?action=import',
    );
    expect(within(await card('Active Clients')).getByText('0')).toBeInTheDocument();
  });

  it('opens the add-client form from the first-client call, and reads the figures again on the way back', async () => {
    let book: Client[] = [];
    const { user, router, fetchMock } = renderApp('/', {
      user: createUser({ fullName: 'Jane Doe' }),
      // The clients page reads its first page there.
      api: {
        'GET /api/dashboard': () => jsonResponse(200, dashboardOf(book)),
        'GET /api/clients?*': () => jsonResponse(200, { clients: [], nextCursor: null, total: 0 }),
        'GET /api/client-invitations': () => jsonResponse(200, []),
      },
    });

    await user.click(within(await card('Add your first client')).getByRole('link', { name: 'Add Client' }));

    expect(await screen.findByRole('dialog', { name: 'Add Client' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients');

    book = [createClient({ name: 'Olivia Bennett' })];
    await act(() => router.navigate('/'));
    expect(await within(await card('Active Clients')).findByText('1')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/dashboard')).toHaveLength(2);
  });

  it('opens the composer on the client of a reminder, for its occasion', async () => {
    const { user } = await openDashboard([createClient({ name: 'Olivia Bennett', anniversary: keyDateIn(4, 2010) })]);

    await user.click(within(await card('Upcoming Reminders')).getByLabelText('Send a message to Olivia Bennett'));

    const title = await screen.findByText('Message Olivia Bennett', { selector: 'h2' });
    const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
    expect(dialog).toHaveAccessibleName('Message Olivia Bennett');
    expect(within(dialog).getByLabelText('Occasion')).toHaveValue('anniversary');
  });
});
