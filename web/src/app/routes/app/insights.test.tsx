import type { Insights, InsightsMonth } from '@shared/api-types';
import type { ReferralInsights } from '@shared/next-best';
import { leaveAppTo } from '@/lib/leave-app';
import { createClient, createUser } from '@/testing/data-generators';
import { callsTo, deferred, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { findPageHeading, regionByHeading, renderApp, screen, waitFor, within } from '@/testing/test-utils';

jest.mock('@/lib/leave-app', () => ({ leaveAppTo: jest.fn() }));

const URL_12 = 'GET /api/insights?months=12';
const REFERRALS = 'GET /api/insights/referrals';

const referrals: ReferralInsights = {
  topReferrers: [
    { clientId: 'c-dana', name: 'Dana Lee', referrals: 3, tier: 'advocate' },
    { clientId: 'c-omar', name: 'Omar Haddad', referrals: 1, tier: 'fan' },
  ],
  byMonth: [
    { month: '2026-09', referred: 1 },
    { month: '2026-10', referred: 0 },
    { month: '2026-11', referred: 3 },
  ],
  weeks: [
    { week: '2026-11-02', suggested: 10, acted: 6 },
    { week: '2026-11-09', suggested: 10, acted: 9 },
  ],
};

function month(id: string, touches: Partial<InsightsMonth['touches']> = {}): InsightsMonth {
  return {
    month: id,
    touches: { email: { manual: 0, auto: 0 }, sms: { manual: 0, auto: 0 }, call: 0, meeting: 0, note: 0, ...touches },
    occasions: { due: 0, messaged: 0 },
    reviews: { requested: 0, submitted: 0 },
    invitations: { sent: 0, completed: 0 },
    optOuts: 0,
    bounces: 0,
  };
}

const olivia = createClient({ id: 'client-olivia', name: 'Olivia Bennett', email: 'olivia@example.com' });

const answer: Insights = {
  timeZone: 'America/Chicago',
  googleRating: null,
  months: [
    month('2026-09', { email: { manual: 2, auto: 1 }, call: 1 }),
    month('2026-10', { sms: { manual: 1, auto: 3 }, meeting: 2 }),
    month('2026-11', { email: { manual: 4, auto: 0 }, sms: { manual: 0, auto: 2 }, note: 1 }),
  ],
  totals: {
    touches: { total: 18, manual: 12, auto: 6 },
    occasions: { due: 4, messaged: 3, rate: 0.75 },
    reviews: { requested: 5, clicked: 3, reviewed: 2, submitted: 2, rate: 0.4, medianDays: 6 },
    invitations: { sent: 0, completed: 0, rate: null },
    optOuts: 1,
    bounces: 2,
  },
  reach: {
    quietDays: 90,
    count: 5,
    clients: [
      { ...olivia, lastContactAt: null },
      {
        ...createClient({
          id: 'client-noah',
          name: 'Noah Kim',
          email: 'noah@example.com',
          phone: '(512) 555-0101',
          lastContactDate: '2026-03-14T15:00:00.000Z',
        }),
        lastContactAt: '2026-03-14T15:00:00.000Z',
      },
    ],
  },
  book: {
    clients: 12,
    completion: [
      { band: '0-24', count: 1 },
      { band: '25-49', count: 2 },
      { band: '50-74', count: 3 },
      { band: '75-99', count: 4 },
      { band: '100', count: 2 },
    ],
    occasionsNext30: 3,
    occasionsNext90: 8,
  },
};

async function openInsights(url = '/insights', { isPro = true, api = {} }: { isPro?: boolean; api?: MockRoutes } = {}) {
  const view = renderApp(url, {
    user: createUser({ isPro }),
    api: { [URL_12]: () => jsonResponse(200, answer), [REFERRALS]: () => jsonResponse(200, referrals), ...api },
  });
  await findPageHeading('Insights');
  return view;
}

/** The figure a `dl` gives for a term. */
function figure(container: HTMLElement, term: string): string | null {
  return within(container).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

/** The list items of a list found by its label (a role query over the page is slow in jsdom). */
function listItems(list: HTMLElement): HTMLElement[] {
  expect(list).toHaveRole('list');
  return Array.from(list.querySelectorAll('li'));
}

/** The period's toggle group, by its visible label. */
function periodGroup(): HTMLElement {
  const group = screen.getByText('Period').nextElementSibling as HTMLElement;
  expect(group).toHaveRole('group');
  expect(group).toHaveAccessibleName('Period');
  return group;
}

function periodButton(group: HTMLElement, name: string): HTMLElement {
  return within(group).getByText(name, { selector: 'button' });
}

const insightsCalls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/insights'));

beforeEach(() => jest.mocked(leaveAppTo).mockClear());

describe('/insights for a Pro agent', () => {
  it('shows every figure of the answer', async () => {
    const { fetchMock } = await openInsights();
    const touches = await waitFor(() => regionByHeading('Touches per month'));

    expect(figure(touches, 'All touches')).toBe('18');
    expect(within(touches).getByText('All touches', { selector: 'dt' }).parentElement).toHaveTextContent(
      'All touches1812 by you · 6 automatic',
    );
    expect(figure(touches, 'E-mail')).toBe('7');
    expect(figure(touches, 'Text')).toBe('6');
    expect(figure(touches, 'Call, meeting or note')).toBe('4');
    const table = touches.querySelector('table')!;
    expect(table.querySelector('caption')).toHaveTextContent('Touches per month, by channel, by you or automatic');
    const rows = Array.from(table.rows, (row) => Array.from(row.cells, (cell) => cell.textContent));
    expect(rows).toEqual([
      [
        'Month',
        'E-mail, by you',
        'E-mail, automatic',
        'Text, by you',
        'Text, automatic',
        'Calls',
        'Meetings',
        'Notes',
        'Total',
      ],
      ['September 2026', '2', '1', '0', '0', '1', '0', '0', '4'],
      ['October 2026', '0', '0', '1', '3', '0', '2', '0', '6'],
      ['November 2026', '4', '0', '0', '2', '0', '0', '1', '7'],
    ]);

    const occasions = regionByHeading('Occasions handled');
    expect(occasions).toHaveTextContent('3 of 4 key dates messaged');
    expect(occasions).toHaveTextContent('75% messaged');

    const reviews = regionByHeading('Review funnel');
    expect(reviews).toHaveTextContent(/5 requested.* to 2 reviewed/);
    expect(reviews).toHaveTextContent('3 opened the review link');
    expect(reviews).toHaveTextContent('40% reviewed');
    expect(reviews).toHaveTextContent('from request to review: median 6 days');

    const invitations = regionByHeading('Invitations');
    expect(invitations).toHaveTextContent(/0 sent.* to 0 completed/);
    expect(invitations).toHaveTextContent('— completed');

    const optOuts = regionByHeading('Opt-outs and bounces');
    expect(figure(optOuts, 'Opt-outs')).toBe('1');
    expect(figure(optOuts, 'Bounces')).toBe('2');

    const reach = regionByHeading('Reach');
    expect(reach).toHaveTextContent('5 clients with no touch in 90 days');
    const quiet = listItems(within(reach).getByLabelText('Clients with no touch in 90 days'));
    expect(quiet).toHaveLength(2);
    expect(quiet[0]).toHaveTextContent('Olivia Bennett');
    expect(quiet[0]).toHaveTextContent('olivia@example.com');
    expect(quiet[0]).toHaveTextContent('Never contacted');
    expect(quiet[1]).toHaveTextContent('Last contact Mar 14, 2026');
    expect(reach).toHaveTextContent('and 3 more clients');

    const book = regionByHeading('Book health');
    expect(book).toHaveTextContent('12 clients in your book today');
    const bands = listItems(within(book).getByLabelText('Profile completion', { selector: 'ul' }));
    expect(bands.map((band) => band.textContent)).toEqual([
      '0–24% complete:1 client',
      '25–49% complete:2 clients',
      '50–74% complete:3 clients',
      '75–99% complete:4 clients',
      '100% complete:2 clients',
    ]);
    expect(figure(book, 'Next 30 days')).toBe('3');
    expect(figure(book, 'Next 90 days')).toBe('8');

    expect(screen.getByText('Months follow your time zone (America/Chicago).')).toBeInTheDocument();
    expect(insightsCalls(fetchMock).map(([input]) => input)).toEqual([
      '/api/insights?months=12',
      '/api/insights/referrals',
    ]);
  });

  it('shows the top referrers, the referred clients by month, and the suggested touches acted on per week', async () => {
    await openInsights();
    const card = await waitFor(() => regionByHeading('Referrals'));
    expect(figure(card, 'Referred clients')).toBe('4');
    const top = listItems(within(card).getByLabelText('Top referrers'));
    expect(top.map((item) => item.textContent)).toEqual(['Dana LeeAdvocate3 referrals', 'Omar HaddadFan1 referral']);
    expect(within(top[0]!).getByText('Dana Lee').closest('a')).toHaveAttribute('href', '/clients/c-dana');
    const months = card.querySelector('table')!;
    expect(months.querySelector('caption')).toHaveTextContent('Clients referred per month');
    expect(Array.from(months.tBodies[0]!.rows, (row) => Array.from(row.cells, (cell) => cell.textContent))).toEqual([
      ['September 2026', '1'],
      ['October 2026', '0'],
      ['November 2026', '3'],
    ]);

    const touches = regionByHeading('Suggested touches');
    expect(touches).toHaveTextContent('15 of 20 acted on (75%) in the last 2 weeks');
    const weeks = touches.querySelector('table')!;
    expect(weeks.querySelector('caption')).toHaveTextContent('Suggested touches per week, and those acted on');
    expect(Array.from(weeks.rows, (row) => Array.from(row.cells, (cell) => cell.textContent))).toEqual([
      ['Week of', 'Suggested', 'Acted on'],
      ['Nov 2', '10', '6'],
      ['Nov 9', '10', '9'],
    ]);
  });

  it('says when nobody has referred a client yet', async () => {
    await openInsights('/insights', {
      api: { [REFERRALS]: () => jsonResponse(200, { ...referrals, topReferrers: [], byMonth: [] }) },
    });
    const card = await waitFor(() => regionByHeading('Referrals'));
    expect(within(card).getByText(/^No referrals yet\./)).toBeInTheDocument();
  });

  it('opens the composer for a client from the reach list', async () => {
    const { user } = await openInsights('/insights', {
      api: { 'GET /api/clients': () => jsonResponse(200, [olivia]) },
    });
    const reach = await waitFor(() => regionByHeading('Reach'));
    await user.click(within(reach).getByLabelText('Send a message to Olivia Bennett'));
    const title = await screen.findByText('Message Olivia Bennett', { selector: 'h2' });
    expect(title.closest('[role="dialog"]')).toHaveAccessibleName('Message Olivia Bennett');
  });

  it('asks for the period chosen and keeps it in the address', async () => {
    const threeMonths = { ...answer, months: answer.months.slice(-1) };
    const { user, fetchMock, router } = await openInsights('/insights', {
      api: { 'GET /api/insights?months=3': () => jsonResponse(200, threeMonths) },
    });
    await waitFor(() => regionByHeading('Touches per month'));
    const period = periodGroup();
    expect(periodButton(period, '12 months')).toHaveAttribute('aria-pressed', 'true');

    await user.click(periodButton(period, '3 months'));

    await waitFor(() => expect(regionByHeading('Touches per month').querySelectorAll('tbody tr')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /api/insights?months=3')).toHaveLength(1);
    expect(router.state.location.search).toBe('?months=3');
    expect(periodButton(period, '3 months')).toHaveAttribute('aria-pressed', 'true');
  });

  it('reads the period from the address', async () => {
    const { fetchMock } = await openInsights('/insights?months=6', {
      api: { 'GET /api/insights?months=6': () => jsonResponse(200, answer) },
    });
    await waitFor(() => regionByHeading('Touches per month'));
    expect(periodButton(periodGroup(), '6 months')).toHaveAttribute('aria-pressed', 'true');
    expect(insightsCalls(fetchMock).map(([input]) => input)).toEqual([
      '/api/insights?months=6',
      '/api/insights/referrals',
    ]);
  });

  it('shows a skeleton while loading, then an error with Try again', async () => {
    const first = deferred<Response>();
    let calls = 0;
    const { user } = await openInsights('/insights', {
      api: { [URL_12]: () => (++calls === 1 ? first.promise : jsonResponse(200, answer)) },
    });
    expect(screen.getByRole('status', { name: 'Loading insights' })).toHaveAttribute('aria-busy', 'true');

    first.resolve(jsonResponse(500, { message: 'The figures are not ready' }));
    expect(await screen.findByText(/We couldn't load your insights\. The figures are not ready/)).toBeInTheDocument();
    await user.click(screen.getByText('Try again', { selector: 'button' }));

    expect(await screen.findByText('Touches per month', { selector: 'h2' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows the sample and the upgrade when the API says Pro is required', async () => {
    await openInsights('/insights', {
      api: { [URL_12]: () => jsonResponse(403, { code: 'PRO_REQUIRED', message: 'Insights come with Pro.' }) },
    });
    expect(await screen.findByText('See how your client care adds up', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.getByText('Upgrade to Pro - $15/month', { selector: 'button' })).toBeEnabled();
    expect(screen.queryByText('3 months', { selector: 'button' })).not.toBeInTheDocument();
  });
});

describe('/insights for a free agent', () => {
  it('shows a blurred sample, hidden from screen readers, with the way to Pro, and asks the API nothing', async () => {
    const { user, fetchMock } = await openInsights('/insights', {
      isPro: false,
      api: {
        'POST /api/subscription/create-checkout': () =>
          jsonResponse(200, { url: 'https://checkout.stripe.com/c/pay/cs_test_1' }),
      },
    });
    const upsell = regionByHeading('See how your client care adds up');
    expect(within(upsell).getByText('Sample data')).toBeInTheDocument();
    expect(within(upsell).getByText('Pro')).toBeInTheDocument();
    expect(listItems(within(upsell).getByLabelText('What Insights show'))).toHaveLength(4);

    const sample = document.querySelector('[data-sample]');
    expect(sample).toHaveAttribute('aria-hidden', 'true');
    expect(sample).toHaveAttribute('inert');
    expect(sample).toHaveStyle({ filter: 'blur(5px)' });
    expect(sample).toHaveTextContent('Touches per month');
    expect(sample).toHaveTextContent('Alex Sample');
    // Every card of the sample is inside the hidden part: the upsell's is the one heading a screen reader meets.
    expect(Array.from(document.querySelectorAll('h2'), (h2) => h2.closest('[aria-hidden="true"]') === sample)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);

    await user.click(within(upsell).getByText('Upgrade to Pro - $15/month', { selector: 'button' }));
    await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(insightsCalls(fetchMock)).toEqual([]);
  });
});
