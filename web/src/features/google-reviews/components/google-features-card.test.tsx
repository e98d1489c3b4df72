import type { GoogleConnectionStatus } from '@shared/api-types';
import { GOOGLE_FEATURES } from '@shared/google';
import { MemoryRouter } from 'react-router-dom';
import { leaveAppTo } from '@/lib/leave-app';
import { callsTo, jsonResponse, mockApi, type MockRoutes } from '@/testing/mock-api';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { GoogleFeaturesCard } from './google-features-card';

jest.mock('@/lib/leave-app', () => ({ leaveAppTo: jest.fn() }));
beforeEach(() => jest.mocked(leaveAppTo).mockClear());

const CONNECTION = 'GET /api/google/connection';
const OFF = { enabled: false, granted: false };
function connection(overrides: Partial<GoogleConnectionStatus> = {}): GoogleConnectionStatus {
  return {
    connected: true,
    accountName: 'Rivera Realty',
    locations: [{ name: 'locations/1', title: 'Rivera Realty · Austin' }],
    locationName: 'locations/1',
    features: { contacts: OFF, calendar: OFF },
    ...overrides,
  };
}
const notConnected = connection({ connected: false, accountName: null, locations: [], locationName: null });

function openCard(api: MockRoutes, url = '/settings') {
  const fetchMock = mockApi(api);
  const view = renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <GoogleFeaturesCard offered={GOOGLE_FEATURES} />
    </MemoryRouter>,
  );
  return { ...view, fetchMock };
}
const card = () => screen.getByRole('region', { name: 'Google' });
const row = (heading: RegExp) => screen.getByRole('heading', { name: heading }).closest('li') as HTMLElement;

describe('the Google card of Settings', () => {
  it('offers no feature beyond the Business Profile in Settings until its sync works', async () => {
    mockApi({ [CONNECTION]: () => jsonResponse(200, connection()) });
    renderWithProviders(
      <MemoryRouter initialEntries={['/settings']}>
        <GoogleFeaturesCard />
      </MemoryRouter>,
    );
    expect(await within(card()).findByRole('heading', { name: 'Business Profile reviews: on' })).toBeInTheDocument();
    expect(within(card()).getAllByRole('heading', { level: 3 })).toHaveLength(1);
  });

  it('shows each feature, what it allows and that it is off, before Google is connected', async () => {
    openCard({ [CONNECTION]: () => jsonResponse(200, notConnected) });
    expect(within(card()).getByRole('status')).toHaveTextContent('Loading your Google connection…');
    expect(await screen.findByRole('heading', { name: 'Business Profile reviews: off' })).toBeInTheDocument();
    expect(within(row(/^Contacts/)).getByText(/Bring your Google contacts in as clients/)).toBeInTheDocument();
    expect(within(row(/^Calendar/)).getByText(/Hearthside calendar/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contacts: off' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Calendar: off' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Business Profile' })).toBeEnabled();
  });

  it("goes to Google's consent page for Contacts when Google has not allowed it yet", async () => {
    const { user, fetchMock } = openCard({
      [CONNECTION]: () => jsonResponse(200, connection()),
      'POST /api/google/connect': () => jsonResponse(200, { authorizationUrl: 'https://accounts.example/consent' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on Contacts' }));
    await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith('https://accounts.example/consent'));
    expect(callsTo(fetchMock, 'POST /api/google/connect').map((r) => r.body)).toEqual([{ features: ['contacts'] }]);
    expect(callsTo(fetchMock, 'PUT /api/google/connection')).toHaveLength(0);
  });

  it('connects the Business Profile alone with no body, as the reviews page does', async () => {
    const { user, fetchMock } = openCard({
      [CONNECTION]: () => jsonResponse(200, notConnected),
      'POST /api/google/connect': () => jsonResponse(200, { authorizationUrl: 'https://accounts.example/bp' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Connect Business Profile' }));
    await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith('https://accounts.example/bp'));
    expect(callsTo(fetchMock, 'POST /api/google/connect').map((r) => r.body ?? {})).toEqual([{}]);
  });

  it('turns on a feature Google already allowed without leaving, and turns another off', async () => {
    const granted = connection({
      features: { contacts: { enabled: true, granted: true }, calendar: { enabled: false, granted: true } },
    });
    const { user, fetchMock } = openCard({
      [CONNECTION]: () => jsonResponse(200, granted),
      'PUT /api/google/connection': ({ body }) => {
        const change = body as Partial<Record<'contacts' | 'calendar', boolean>>;
        const features = { ...granted.features };
        for (const [name, enabled] of Object.entries(change))
          features[name as 'contacts' | 'calendar'] = { enabled: enabled!, granted: true };
        return jsonResponse(200, { ...granted, features });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on Calendar' }));
    expect(await screen.findByRole('heading', { name: 'Calendar: on' })).toBeInTheDocument();
    expect(await screen.findByText('Google Calendar turned on')).toBeInTheDocument();

    const turnOff = screen.getByRole('button', { name: 'Turn off Contacts' });
    await waitFor(() => expect(turnOff).toBeEnabled());
    await user.click(turnOff);
    expect(await screen.findByRole('heading', { name: 'Contacts: off' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/google/connection').map((r) => r.body)).toEqual([
      { calendar: true },
      { contacts: false },
    ]);
    expect(leaveAppTo).not.toHaveBeenCalled();
  });

  it("says why a change was refused, and keeps the feature's state", async () => {
    const message = 'Google has not allowed Google Calendar yet: connect it in Settings first.';
    const { user } = openCard({
      [CONNECTION]: () =>
        jsonResponse(200, connection({ features: { contacts: OFF, calendar: { enabled: false, granted: true } } })),
      'PUT /api/google/connection': () => jsonResponse(409, { message, code: 'GOOGLE_FEATURE_NOT_GRANTED' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on Calendar' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Calendar: off' })).toBeInTheDocument();
  });

  it('reaches every button from the keyboard', async () => {
    const { user } = openCard({ [CONNECTION]: () => jsonResponse(200, connection()) });
    await screen.findByRole('heading', { name: 'Contacts: off' });
    const reached: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      await user.tab();
      reached.push(document.activeElement?.textContent ?? '');
    }
    expect(reached).toEqual(['Open reviews', 'Turn on Contacts', 'Turn on Calendar']);
  });

  it('offers to try again when the connection could not be loaded', async () => {
    let fail = true;
    const { user } = openCard({
      [CONNECTION]: () => (fail ? jsonResponse(500, { message: 'Down' }) : jsonResponse(200, notConnected)),
    });
    expect(await screen.findByText('Your Google connection could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Contacts: off' })).toBeInTheDocument();
  });

  it("says how Google's consent page went: connected, or a feature Google did not allow", async () => {
    const { unmount } = openCard({ [CONNECTION]: () => jsonResponse(200, connection()) }, '/settings?google=connected');
    expect(await screen.findByText('Google connected.')).toBeInTheDocument();
    unmount();
    openCard({ [CONNECTION]: () => jsonResponse(200, connection()) }, '/settings?google=connected&declined=contacts');
    expect(await screen.findByText(/Google Contacts was not allowed, so it stays off/)).toBeInTheDocument();
  });
});
