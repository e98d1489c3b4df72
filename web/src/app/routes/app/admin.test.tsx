import type { AdminAnalytics } from '@shared/api-types';
import { createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { fill, renderApp, screen, toastRegion, waitFor, within } from '@/testing/test-utils';

// The chart library is ESM-only and jsdom has no layout: the charts' data tables are what is checked here.
jest.mock('@/components/charts/internal/nivo-line', () => ({ __esModule: true, default: () => null }));

const months = [
  '2025-04',
  '2025-05',
  '2025-06',
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
];
const series = (last: number) => months.map((month, i) => ({ month, count: i === months.length - 1 ? last : i % 3 }));

function analytics(overrides: Partial<AdminAnalytics['overview']> = {}): AdminAnalytics {
  return {
    overview: { totalAgents: 3, totalClients: 12, proAgents: 1, averageClientsPerAgent: 4, ...overrides },
    clientGrowth: series(4),
    reviewsOverTime: series(2),
    remindersOverTime: series(9),
    agentDetails: [
      { id: 'a1', username: 'ana@example.com', isPro: true, clientCount: 9 },
      { id: 'a2', username: 'ben@example.com', isPro: false, clientCount: 3 },
      { id: 'a3', username: 'cy@example.com', isPro: false, clientCount: 0 },
    ],
    timeZone: 'America/New_York',
  };
}

async function openAdmin(api: MockRoutes = {}, body = analytics()) {
  const view = renderApp('/admin', {
    user: createUser({ isAdmin: true }),
    api: { 'GET /api/admin/analytics': () => jsonResponse(200, body), ...api },
  });
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 10_000 });
  return view;
}

const toasts = () => within(toastRegion());
/** Waits for a toast with this text (the notification region appears with the first toast). */
const findToast = (text: string) => waitFor(() => toasts().getByText(text), { timeout: 5000 });

describe('/admin', () => {
  it("shows 'Not authorized' to an agent and asks the server for nothing", async () => {
    const { fetchMock } = renderApp('/admin', { user: createUser() });
    expect(await screen.findByRole('heading', { name: 'Not authorized' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/admin/analytics')).toHaveLength(0);
  });

  it("shows 'Not authorized' when the server refuses the analytics", async () => {
    renderApp('/admin', {
      user: createUser({ isAdmin: true }),
      api: { 'GET /api/admin/analytics': () => jsonResponse(403, { message: 'Not authorized', code: 'FORBIDDEN' }) },
    });
    expect(await screen.findByRole('heading', { name: 'Not authorized' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows the four stat cards, the links, the charts, the agent details and the zone the months follow', async () => {
    await openAdmin({}, analytics({ averageClientsPerAgent: 1.3 }));
    expect(screen.getByRole('link', { name: 'Manage Client Data' })).toHaveAttribute('href', '/admin-clients');
    expect(screen.getByRole('link', { name: 'Support Requests' })).toHaveAttribute('href', '/admin/support');
    expect(screen.getByRole('button', { name: 'Export Data' })).toBeInTheDocument();

    const card = (title: string) => screen.getByRole('region', { name: title });
    expect(await within(card('Total Agents')).findByText('3')).toBeInTheDocument();
    expect(within(card('Total Agents')).getByRole('link', { name: 'View Agent List' })).toHaveAttribute(
      'href',
      '/agents-list',
    );
    expect(within(card('Total Clients')).getByText('12')).toBeInTheDocument();
    expect(within(card('Pro Agents')).getByText('1')).toBeInTheDocument();
    expect(within(card('Avg Clients/Agent')).getByText('1.3')).toBeInTheDocument();
    expect(card('Test SMS Notifications')).toBeInTheDocument();

    for (const title of ['Monthly Activity', 'Reviews Over Time', 'Reminders Provided', 'Client Growth']) {
      expect(within(card(title)).getByRole('img', { name: new RegExp(`^${title}:`) })).toBeInTheDocument();
    }
    // Client Growth is the running total: 12 now, 12 - 4 a month earlier.
    const growth = within(card('Client Growth')).getByRole('table');
    expect(within(growth).getByRole('row', { name: 'Mar 12' })).toBeInTheDocument();
    expect(within(growth).getByRole('row', { name: 'Feb 8' })).toBeInTheDocument();

    const details = within(card('Agent Details')).getByRole('table');
    const rows = within(details).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['ana@example.com', 'Pro', '9'],
      ['ben@example.com', 'Free', '3'],
      ['cy@example.com', 'Free', '0'],
    ]);
    expect(
      screen.getByText("Months follow the platform's reporting time zone (America/New_York)."),
    ).toBeInTheDocument();
  });

  it('writes the average with one decimal', async () => {
    await openAdmin({}, analytics({ averageClientsPerAgent: 10 }));
    expect(
      await within(screen.getByRole('region', { name: 'Avg Clients/Agent' })).findByText('10.0'),
    ).toBeInTheDocument();
  });

  describe('Test SMS Notifications', () => {
    it('accepts only digits and + as the admin types', async () => {
      const { user } = await openAdmin();
      const input = screen.getByLabelText('Phone Number');
      await user.type(input, '+1 (512) abc 555-0100');
      expect(input).toHaveValue('+15125550100');
    });

    it("says 'Please enter a phone number' when it is empty", async () => {
      const { user, fetchMock } = await openAdmin();
      await user.click(screen.getByRole('button', { name: 'Send Test SMS' }));
      expect(await findToast('Please enter a phone number')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/test-twilio')).toHaveLength(0);
    });

    it("refuses a number that is not 10 to 12 digits with 'Invalid Phone Number'", async () => {
      const { user, fetchMock } = await openAdmin();
      await fill(user, screen.getByLabelText('Phone Number'), '12345');
      await user.click(screen.getByRole('button', { name: 'Send Test SMS' }));
      expect(await findToast('Invalid Phone Number')).toBeInTheDocument();
      expect(
        toasts().getByText('Please enter a valid phone number (e.g., +1234567890 or 1234567890)'),
      ).toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/test-twilio')).toHaveLength(0);
    });

    it("sends the number and says 'Test SMS sent successfully'", async () => {
      const { user, fetchMock } = await openAdmin({
        'POST /api/test-twilio': () => jsonResponse(200, { message: 'Test SMS sent successfully', to: '+15125550100' }),
      });
      await fill(user, screen.getByLabelText('Phone Number'), '5125550100');
      await user.click(screen.getByRole('button', { name: 'Send Test SMS' }));
      expect(await findToast('Test SMS sent successfully')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/test-twilio')[0]!.body).toEqual({ phone: '5125550100' });
    });

    it("shows 'Failed to send test SMS' with the provider's reason", async () => {
      const { user } = await openAdmin({
        'POST /api/test-twilio': () => jsonResponse(502, { message: 'The number is not opted in', code: 'SMS_FAILED' }),
      });
      await fill(user, screen.getByLabelText('Phone Number'), '+15125550100');
      await user.click(screen.getByRole('button', { name: 'Send Test SMS' }));
      expect(await findToast('Failed to send test SMS')).toBeInTheDocument();
      expect(toasts().getByText('The number is not opted in')).toBeInTheDocument();
    });
  });

  describe('Export Data', () => {
    it('downloads admin-export.zip from the link the server hands out', async () => {
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      try {
        const { user } = await openAdmin({
          'POST /api/admin/export': () =>
            jsonResponse(200, {
              url: 'http://s3.example/exports/x.zip?sig=1',
              fileName: 'admin-export.zip',
              expiresAt: '2030-01-01T00:00:00.000Z',
            }),
        });
        await user.click(screen.getByRole('button', { name: 'Export Data' }));
        expect(await findToast('Export successful')).toBeInTheDocument();
        const link = click.mock.contexts[0] as HTMLAnchorElement;
        expect(link.href).toBe('http://s3.example/exports/x.zip?sig=1');
        expect(link.download).toBe('admin-export.zip');
      } finally {
        click.mockRestore();
      }
    });

    it("says 'Export failed' with the server's details", async () => {
      const { user } = await openAdmin({
        'POST /api/admin/export': () => jsonResponse(500, { message: 'Something went wrong on our side.' }),
      });
      await user.click(screen.getByRole('button', { name: 'Export Data' }));
      expect(await findToast('Export failed')).toBeInTheDocument();
      await waitFor(() => expect(toasts().getByText('Something went wrong on our side.')).toBeInTheDocument());
    });
  });
});
