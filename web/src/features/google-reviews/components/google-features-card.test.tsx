// Settings' Google card: each feature, what it allows and its switch; under each feature that is on, how its sync
// stands, the contacts' import (preview, start, progress, outcome), "Sync now", connecting again when Google asks, and
// the contacts changed on both sides to resolve. The wording rules themselves are utils/sync-text.test.ts's.
import type { GoogleConnectionStatus, ImportJob, Integrations } from '@shared/api-types';
import { GOOGLE_FEATURES } from '@shared/google';
import { MemoryRouter } from 'react-router-dom';
import { leaveAppTo } from '@/lib/leave-app';
import { createIntegrations, createIntegrationStatus, integrationsOff } from '@/testing/data-generators';
import { callsTo, deferred, jsonResponse, mockApi, type MockRoutes } from '@/testing/mock-api';
import { renderWithProviders, screen, toastRegion, waitFor, within } from '@/testing/test-utils';
import { GoogleFeaturesCard } from './google-features-card';

jest.mock('@/lib/leave-app', () => ({ leaveAppTo: jest.fn() }));
beforeEach(() => jest.mocked(leaveAppTo).mockClear());

const CONNECTION = 'GET /api/google/connection';
const INTEGRATIONS = 'GET /api/integrations';
const OFF = { enabled: false, granted: false };
const ON = { enabled: true, granted: true };
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

/** The card with the API given; GET /api/integrations says every feature is off unless the API says otherwise. */
function openCard(api: MockRoutes, url = '/settings') {
  const fetchMock = mockApi({ [INTEGRATIONS]: () => jsonResponse(200, integrationsOff()), ...api });
  const view = renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <GoogleFeaturesCard offered={GOOGLE_FEATURES} />
    </MemoryRouter>,
  );
  return { ...view, fetchMock };
}
const card = () => screen.getByRole('region', { name: 'Google' });
const row = (heading: RegExp) => screen.getByRole('heading', { name: heading }).closest('li') as HTMLElement;
/** A feature's row once the connection is read. */
const findRow = async (heading: RegExp) =>
  (await screen.findByRole('heading', { name: heading })).closest('li') as HTMLElement;

describe('the Google card of Settings', () => {
  it('offers Contacts and Calendar in Settings, beside the Business Profile, now that their syncs work', async () => {
    mockApi({
      [CONNECTION]: () => jsonResponse(200, connection()),
      [INTEGRATIONS]: () => jsonResponse(200, integrationsOff()),
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/settings']}>
        <GoogleFeaturesCard />
      </MemoryRouter>,
    );
    expect(await within(card()).findByRole('heading', { name: 'Business Profile reviews: on' })).toBeInTheDocument();
    expect(
      within(card())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Business Profile reviews: on', 'Contacts: off', 'Calendar: off']);
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

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const withContactsAndCalendar = connection({ features: { contacts: ON, calendar: ON } });
const status = createIntegrationStatus;
const statusLine = (row: HTMLElement, text: string) => within(row).getByText(text);

function importJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 'imp1',
    fileName: 'Google contacts',
    unit: 'card',
    status: 'ready',
    preview: {
      new: 12,
      matched: 3,
      errors: 1,
      firstErrors: [{ name: 'Sam Lowe', reason: 'Either an e-mail address or a phone number is required' }],
    },
    total: null,
    rowsDone: 0,
    imported: 0,
    updated: 0,
    skipped: 0,
    warnings: 0,
    createdAt: ago(1),
    finishedAt: null,
    message: null,
    report: null,
    stalled: false,
    ...overrides,
  };
}

/** The card with Contacts and Calendar on, their syncs as `integrations` says. */
function openSyncing(integrations: Integrations, api: MockRoutes = {}) {
  return openCard({
    [CONNECTION]: () => jsonResponse(200, withContactsAndCalendar),
    [INTEGRATIONS]: () => jsonResponse(200, integrations),
    ...api,
  });
}

describe("the syncs of the Google card's features", () => {
  it('says under each feature that is on how its sync stands, with the conflicts to look at', async () => {
    openSyncing(
      createIntegrations({
        reviews: status({ state: 'ok', lastSuccessAt: ago(30) }),
        contacts: status({ state: 'ok', lastSuccessAt: ago(120), conflicts: 3 }),
        calendar: status({ state: 'degraded', lastError: 'unavailable', lastSuccessAt: ago(60 * 26) }),
      }),
      { 'GET /api/google/contacts/conflicts': () => jsonResponse(200, { conflicts: [] }) },
    );
    expect(await screen.findByText('Synced 2 h ago, 3 conflicts to look at')).toBeInTheDocument();
    expect(statusLine(row(/^Contacts/), 'Synced 2 h ago, 3 conflicts to look at')).toBeVisible();
    expect(statusLine(row(/^Calendar/), 'Last sync failed: Google did not answer')).toBeVisible();
    expect(statusLine(row(/^Business Profile reviews/), 'Synced 30 min ago')).toBeVisible();
  });

  it('says nothing of the sync of a feature that is off', async () => {
    openCard({
      [CONNECTION]: () => jsonResponse(200, connection({ features: { contacts: ON, calendar: OFF } })),
      [INTEGRATIONS]: () => jsonResponse(200, createIntegrations({ contacts: status({ state: 'ok' }) })),
    });
    expect(await within(await findRow(/^Contacts/)).findByText('Not synced yet')).toBeInTheDocument();
    expect(within(row(/^Calendar/)).queryByRole('button', { name: /Sync now/ })).not.toBeInTheDocument();
    expect(within(row(/^Calendar/)).queryByText(/sync/i)).not.toBeInTheDocument();
  });

  it('says the sync status is being read, then that it could not be, and reads it again on request', async () => {
    const first = deferred<Response>();
    let reads = 0;
    const { user } = openSyncing(createIntegrations(), {
      [INTEGRATIONS]: () => {
        reads += 1;
        if (reads === 1) return first.promise;
        return jsonResponse(200, createIntegrations({ calendar: status({ state: 'ok', lastSuccessAt: ago(5) }) }));
      },
    });
    const calendar = await findRow(/^Calendar/);
    expect(within(calendar).getByRole('status')).toHaveTextContent('Checking how the sync stands…');
    first.resolve(jsonResponse(500, { message: 'Down' }));
    expect(await within(calendar).findByText('How your Google sync stands could not be loaded.')).toBeInTheDocument();
    await user.click(within(calendar).getByRole('button', { name: 'Try again' }));
    expect(await within(calendar).findByText('Synced 5 min ago')).toBeInTheDocument();
  });

  it("sends the agent to Google's consent page for a feature again when Google refused its grant", async () => {
    const { user, fetchMock } = openSyncing(
      createIntegrations({
        contacts: status({ state: 'ok', lastSuccessAt: ago(10) }),
        calendar: status({ state: 'reauth_needed', lastError: 'reconnect' }),
      }),
      { 'POST /api/google/connect': () => jsonResponse(200, { authorizationUrl: 'https://accounts.example/again' }) },
    );
    expect(
      await within(await findRow(/^Calendar/)).findByText('Google needs you to connect again'),
    ).toBeInTheDocument();
    expect(within(row(/^Contacts/)).queryByRole('button', { name: /Connect again/ })).not.toBeInTheDocument();
    await user.click(within(row(/^Calendar/)).getByRole('button', { name: 'Connect again: Calendar' }));
    await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith('https://accounts.example/again'));
    expect(callsTo(fetchMock, 'POST /api/google/connect').map((r) => r.body)).toEqual([{ features: ['calendar'] }]);
  });

  it('syncs the calendar now and says what the sync did, or why it could not', async () => {
    let answer = jsonResponse(202, {
      itemsIn: 2,
      itemsOut: 4,
      waitingOut: 0,
      meetings: 1,
      upcoming: 0,
      fullSync: false,
    });
    const { user, fetchMock } = openSyncing(
      createIntegrations({ calendar: status({ state: 'ok', lastSuccessAt: ago(90) }) }),
      { 'POST /api/google/calendar/sync': () => answer },
    );
    const syncNow = await within(await findRow(/^Calendar/)).findByRole('button', { name: 'Sync now: Calendar' });
    await user.click(syncNow);
    const toasts = toastRegion();
    expect(await within(toasts).findByText('Google Calendar synced')).toBeInTheDocument();
    expect(
      within(toasts).getByText('4 events written to your Hearthside calendar, 1 meeting with a client found.'),
    ).toBeInTheDocument();
    // A sync changes what its status says, whether it worked or not: read again after each.
    await waitFor(() => expect(callsTo(fetchMock, INTEGRATIONS)).toHaveLength(2));

    answer = jsonResponse(409, { message: 'Google refused access to your calendar.', code: 'GOOGLE_RECONNECT' });
    await waitFor(() => expect(syncNow).toBeEnabled());
    await user.click(syncNow);
    expect(await within(toasts).findByText('Google Calendar could not sync')).toBeInTheDocument();
    expect(within(toasts).getByText('Google refused access to your calendar.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, INTEGRATIONS)).toHaveLength(3));
  });
});

describe("the import of the agent's Google contacts", () => {
  const beforeImport = createIntegrations({ contacts: status({ state: 'ok', lastSuccessAt: null }) });

  it('shows what the import will do, starts it, follows it to its end, syncs once, then offers "Sync now"', async () => {
    let reads = 0;
    const { user, fetchMock } = openSyncing(beforeImport, {
      'POST /api/google/contacts/import': () => jsonResponse(202, importJob()),
      'POST /api/imports/imp1/start': () => jsonResponse(200, importJob({ status: 'queued' })),
      'GET /api/imports/imp1': () => {
        reads += 1;
        return reads === 1
          ? jsonResponse(200, importJob({ status: 'running', total: 16, rowsDone: 8, imported: 6, updated: 2 }))
          : jsonResponse(
              200,
              importJob({
                status: 'done',
                total: 16,
                rowsDone: 16,
                imported: 12,
                updated: 3,
                skipped: 1,
                message: 'Imported 12 new clients and linked 3. 1 contact could not be imported.',
                finishedAt: ago(0),
              }),
            );
      },
      'POST /api/google/contacts/sync': () =>
        jsonResponse(202, {
          itemsIn: 1,
          itemsOut: 0,
          created: 0,
          linked: 0,
          updated: 1,
          unlinked: 0,
          conflicts: 0,
          capped: 0,
          fullSync: false,
        }),
    });
    await findRow(/^Contacts/);
    const contacts = () => row(/^Contacts/);
    await user.click(await within(contacts()).findByRole('button', { name: 'Import Google contacts' }));

    const preview = await within(contacts()).findByRole('group', { name: 'Import from Google' });
    expect(preview).toHaveFocus();
    expect(preview).toHaveTextContent('12 new clients, 3 already your clients (linked), 1 cannot be imported.');
    expect(preview).toHaveTextContent('Sam Lowe: Either an e-mail address or a phone number is required');
    expect(callsTo(fetchMock, 'POST /api/imports/imp1/start')).toHaveLength(0);

    await user.click(within(preview).getByRole('button', { name: 'Start import' }));
    await waitFor(() =>
      expect(within(contacts()).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
        'aria-valuetext',
        '8 of 16 contacts done',
      ),
    );
    expect(
      await within(contacts()).findByText(
        'Imported 12 new clients and linked 3. 1 contact could not be imported.',
        {},
        {
          timeout: 5000,
        },
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/google/contacts/import').map((r) => r.body)).toEqual([{}]);
    // The first contacts sync follows the import at once, from where the import read Google.
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/google/contacts/sync')).toHaveLength(1));

    await user.click(within(contacts()).getByRole('button', { name: 'Done' }));
    const syncNow = within(contacts()).getByRole('button', { name: 'Sync now: Contacts' });
    await waitFor(() => expect(syncNow).toHaveFocus());
    expect(within(contacts()).queryByRole('button', { name: 'Import Google contacts' })).not.toBeInTheDocument();

    await user.click(syncNow);
    expect(await within(toastRegion()).findByText('Google Contacts synced')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('1 client updated from Google.')).toBeInTheDocument();
  });

  it('writes nothing when the agent cancels the preview, and gives the button back', async () => {
    const { user, fetchMock } = openSyncing(beforeImport, {
      'POST /api/google/contacts/import': () => jsonResponse(202, importJob()),
    });
    await user.click(await within(await findRow(/^Contacts/)).findByRole('button', { name: 'Import Google contacts' }));
    const preview = await within(await findRow(/^Contacts/)).findByRole('group', { name: 'Import from Google' });
    await user.click(within(preview).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(row(/^Contacts/)).getByRole('button', { name: 'Import Google contacts' })).toHaveFocus(),
    );
    expect(callsTo(fetchMock, 'POST /api/imports/imp1/start')).toHaveLength(0);
  });

  it('says why the contacts could not be read (too many for one import)', async () => {
    const message = 'You have more than 100,000 Google contacts: import one label at a time.';
    const { user } = openSyncing(beforeImport, {
      'POST /api/google/contacts/import': () => jsonResponse(413, { message, code: 'TOO_MANY_CONTACTS' }),
    });
    await user.click(await within(await findRow(/^Contacts/)).findByRole('button', { name: 'Import Google contacts' }));
    expect(await within(await findRow(/^Contacts/)).findByRole('alert')).toHaveTextContent(
      `Your Google contacts could not be read. ${message}`,
    );
    expect(within(row(/^Contacts/)).getByRole('button', { name: 'Import Google contacts' })).toBeEnabled();
  });

  it('offers "Sync now" rather than the import once a contacts sync has succeeded', async () => {
    openSyncing(createIntegrations({ contacts: status({ state: 'ok', lastSuccessAt: ago(3) }) }));
    expect(await within(await findRow(/^Contacts/)).findByRole('button', { name: 'Sync now: Contacts' })).toBeEnabled();
    expect(within(row(/^Contacts/)).queryByRole('button', { name: 'Import Google contacts' })).not.toBeInTheDocument();
  });

  it('turns the "Hearthside clients" group on once the contacts were imported, and says what it does', async () => {
    const synced = createIntegrations({ contacts: status({ state: 'ok', lastSuccessAt: ago(3) }) });
    const { user, fetchMock } = openSyncing(synced, {
      'PUT /api/google/contacts/group': () => jsonResponse(200, { enabled: true }),
    });
    const group = await within(await findRow(/^Contacts/)).findByRole('switch', {
      name: 'Keep a "Hearthside clients" group in Google Contacts',
    });
    expect(group).not.toBeChecked();
    expect(group).toHaveAccessibleDescription('Off: your clients are not added to your Google contacts.');
    await user.click(group);
    expect(await within(toastRegion()).findByText('The group is kept from the next sync')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/google/contacts/group').map((r) => r.body)).toEqual([{ enabled: true }]);
  });
});

describe('the contacts changed on both sides', () => {
  const ANA = {
    clientId: 'c-ana',
    clientName: 'Ana Ruiz',
    field: 'phone' as const,
    google: '+1 512 555 0100',
    hearthside: '(512) 555-0199',
    at: ago(5),
  };

  it("lists each with both values, and keeps Google's for the one chosen", async () => {
    let conflicts = 1;
    const { user, fetchMock } = openSyncing(createIntegrations(), {
      [INTEGRATIONS]: () =>
        jsonResponse(200, createIntegrations({ contacts: status({ state: 'ok', lastSuccessAt: ago(5), conflicts }) })),
      'GET /api/google/contacts/conflicts': () => jsonResponse(200, { conflicts: conflicts ? [ANA] : [] }),
      'POST /api/google/contacts/conflicts/resolve': () => {
        conflicts = 0;
        return jsonResponse(200, { conflicts: [] });
      },
    });
    const list = await screen.findByRole('region', { name: 'Changed on both sides' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'Ana Ruiz — phone: Google has +1 512 555 0100, Hearthside has (512) 555-0199',
    );
    expect(within(list).getByRole('button', { name: "Keep Hearthside's phone for Ana Ruiz" })).toBeEnabled();

    await user.click(within(list).getByRole('button', { name: "Keep Google's phone for Ana Ruiz" }));
    expect(await within(toastRegion()).findByText("Kept Google's phone")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Changed on both sides' })).not.toBeInTheDocument(),
    );
    expect(within(row(/^Contacts/)).getByText('Synced 5 min ago')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/google/contacts/conflicts/resolve').map((r) => r.body)).toEqual([
      { clientId: 'c-ana', field: 'phone', keep: 'google' },
    ]);
  });

  it('says why a choice was refused, and reads the list again', async () => {
    const message = 'The contact changed in Google again while it was being saved. Look at it and choose again.';
    const { user, fetchMock } = openSyncing(
      createIntegrations({ contacts: status({ state: 'ok', lastSuccessAt: ago(5), conflicts: 1 }) }),
      {
        'GET /api/google/contacts/conflicts': () => jsonResponse(200, { conflicts: [ANA] }),
        'POST /api/google/contacts/conflicts/resolve': () =>
          jsonResponse(409, { message, code: 'CONTACT_CHANGED_AGAIN' }),
      },
    );
    const list = await screen.findByRole('region', { name: 'Changed on both sides' });
    await user.click(within(list).getByRole('button', { name: "Keep Hearthside's phone for Ana Ruiz" }));
    expect(await within(toastRegion()).findByText(message)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/google/contacts/conflicts')).toHaveLength(2);
  });

  it('says the list could not be loaded, and offers to try again', async () => {
    openSyncing(createIntegrations({ contacts: status({ state: 'ok', lastSuccessAt: ago(5), conflicts: 2 }) }), {
      'GET /api/google/contacts/conflicts': () => jsonResponse(500, { message: 'Down' }),
    });
    expect(
      await within(await findRow(/^Contacts/)).findByText('The contacts changed on both sides could not be loaded.'),
    ).toBeInTheDocument();
    expect(within(row(/^Contacts/)).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
