// The signed-in shell's banner when a Google feature's sync needs the agent: on every page, naming the feature, with
// the way to Settings' Google card; never for an agent without Google features or whose syncs are well.
import { createIntegrations, createIntegrationStatus } from '@/testing/data-generators';
import { jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { openSettingsPage } from '@/testing/settings-page';
import { screen, waitFor } from '@/testing/test-utils';

const BANNER = { name: 'Google sync' };
const googleConnection = {
  connected: true,
  accountName: 'Rivera Realty',
  locations: [],
  locationName: null,
  features: { contacts: { enabled: true, granted: true }, calendar: { enabled: true, granted: true } },
};

const withIntegrations = (integrations: ReturnType<typeof createIntegrations>): MockRoutes => ({
  'GET /api/integrations': () => jsonResponse(200, integrations),
  'GET /api/google/connection': () => jsonResponse(200, googleConnection),
});

describe('the Google sync banner', () => {
  it('says which feature stopped syncing and opens the Google card of Settings', async () => {
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    const { user, router } = await openSettingsPage({
      url: '/settings',
      api: withIntegrations(
        createIntegrations({
          contacts: createIntegrationStatus({ state: 'reauth_needed', lastError: 'reconnect' }),
          calendar: createIntegrationStatus({ state: 'ok', lastSuccessAt: new Date().toISOString() }),
        }),
      ),
    });
    const banner = await screen.findByRole('region', BANNER);
    expect(banner).toHaveTextContent('Google needs you: Contacts stopped syncing.');
    await user.click(screen.getByRole('link', { name: 'Open Settings' }));
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/settings', hash: '#google' }));
    const card = screen.getByRole('region', { name: 'Google' });
    await waitFor(() => expect(scrolled.mock.contexts).toContain(card));
    scrolled.mockRestore();
  });

  it('is not shown to an agent without Google features, nor when every sync is well', async () => {
    const { unmount } = await openSettingsPage();
    await screen.findByRole('region', { name: 'Google' });
    expect(screen.queryByRole('region', BANNER)).not.toBeInTheDocument();
    unmount();

    await openSettingsPage({
      api: withIntegrations(
        createIntegrations({ contacts: createIntegrationStatus({ state: 'ok', lastSuccessAt: null }) }),
      ),
    });
    expect(await screen.findByText('Not synced yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', BANNER)).not.toBeInTheDocument();
  });
});
