// Going to a page whose code is still loading: the page being left goes at once and the spinner takes its place, so
// nothing meant for the next page lands on the old one (a tap on a name of Today while the client list loads would
// open that client and the list would never be shown, nor its answer kept for offline use).
import { use } from 'react';
import { createUser } from '@/testing/data-generators';
import { findPageHeading, renderApp, screen, waitFor, within } from '@/testing/test-utils';

/** The clients page's code never finishes loading here. */
const neverLoaded = new Promise<never>(() => {});
jest.mock('@/app/routes/app/clients', () => ({
  ClientsRoute: function StillLoading() {
    use(neverLoaded);
    return null;
  },
}));

describe('a page whose code is loading', () => {
  it('replaces the page being left with the spinner at once', async () => {
    const { user, router } = renderApp('/today', { user: createUser() });
    await findPageHeading('Today');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Manage Clients' }),
    );

    expect(router.state.location.pathname).toBe('/clients');
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Today', { selector: 'h1' })).not.toBeInTheDocument());
  });
});
