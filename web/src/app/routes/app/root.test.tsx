import { act } from 'react';
import { createDashboard, createUser } from '@/testing/data-generators';
import { callsTo, deferred, emptyResponse, jsonResponse, unauthorized } from '@/testing/mock-api';
import { fill, renderApp, screen, waitFor, within } from '@/testing/test-utils';

// The protected pages include the dashboard and Insights, whose chart library is ESM-only d3 underneath, which Jest
// does not load (as in dashboard.test.tsx); nothing here looks at a chart.
jest.mock('@/components/charts/internal/nivo-line', () => ({ __esModule: true, default: () => null }));

const protectedPaths = [
  '/',
  '/today',
  '/clients',
  '/reminders',
  '/automations',
  '/insights',
  '/business-profile',
  '/admin',
  '/admin-clients',
  '/agents-list',
  '/settings',
  '/help',
  '/admin/support',
];

/** Makes useMediaQuery see a phone-sized viewport (jsdom has no matchMedia). */
function emulateViewportWidth(width: number) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      };
    },
  });
}

describe('protected routes', () => {
  it('shows a centered spinner while the user loads', async () => {
    const answer = deferred<Response>();
    renderApp('/', { api: { 'GET /api/user': () => answer.promise } });

    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();

    await act(async () => answer.resolve(jsonResponse(200, createUser({ fullName: 'Jane Doe' }))));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane Doe' })).toBeInTheDocument();
  });

  it("shows Today's heading and description while the user loads on Today (its frame the build prerenders)", async () => {
    const answer = deferred<Response>();
    renderApp('/today', { api: { 'GET /api/user': () => answer.promise } });

    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    expect(screen.getByText(/^Whom to contact today and why/)).toBeInTheDocument();
  });

  it.each(protectedPaths)('sends a visitor without a session from %s to /auth', async (path) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('returns to the page first asked for after logging in', async () => {
    const { user, router } = renderApp('/settings?tab=plan', {
      api: { 'POST /api/login': () => jsonResponse(200, createUser()) },
    });

    await fill(user, await screen.findByLabelText('Email'), 'jane@example.com');
    await fill(user, screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/settings?tab=plan');
  });

  it('offers a retry when the session cannot be checked', async () => {
    let fail = true;
    const { user } = renderApp('/', {
      api: {
        'GET /api/user': () =>
          fail ? emptyResponse(503, 'Service Unavailable') : jsonResponse(200, createUser({ fullName: 'Jane Doe' })),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane Doe' })).toBeInTheDocument();
  });
});

describe('navigation bar', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('links Dashboard, Today, Inbox, Business Profile, Manage Clients, Automations, Reviews, Insights, Settings and Help, and marks the active one', async () => {
    renderApp('/clients', { user: createUser() });

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Today', '/today'],
      ['Inbox', '/inbox'],
      ['Business Profile', '/business-profile'],
      ['Manage Clients', '/clients'],
      ['Automations', '/automations'],
      ['Reviews', '/reviews'],
      ['Insights', '/insights'],
      ['Settings', '/settings'],
      ['Help', '/help'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Manage Clients' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('links Admin for administrators only', async () => {
    const { unmount } = renderApp('/', { user: createUser({ isAdmin: false }) });
    const agentNav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(agentNav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    unmount();

    renderApp('/', { user: createUser({ isAdmin: true }) });
    const adminNav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(adminNav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it("logs out: 'Logging out...' while pending, then /auth", async () => {
    const answer = deferred<Response>();
    let signedIn = true;
    const { user, router, fetchMock } = renderApp('/', {
      api: {
        'GET /api/user': () => (signedIn ? jsonResponse(200, createUser()) : unauthorized()),
        'POST /api/logout': () => answer.promise,
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Logging out...' })).toBeDisabled();

    signedIn = false;
    answer.resolve(emptyResponse(204));

    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(callsTo(fetchMock, 'POST /api/logout')).toHaveLength(1);
    // The session cache was cleared by the logout, not by asking the server again.
    expect(callsTo(fetchMock, 'GET /api/user')).toHaveLength(1);
  });

  it("shows a destructive 'Logout failed' toast with the message when logout fails", async () => {
    const { user, router } = renderApp('/', {
      user: createUser(),
      api: {
        'GET /api/dashboard': () => jsonResponse(200, createDashboard()),
        'POST /api/logout': () => emptyResponse(500, 'Internal Server Error'),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Logout failed')).toBeInTheDocument();
    expect(within(toast).getByText('500: Internal Server Error')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled());
  });

  it('puts Today, Clients, Inbox, Reviews and More in a bottom bar below 600 px, the rest and Logout behind More', async () => {
    emulateViewportWidth(390);
    const { user, router } = renderApp('/today', {
      user: createUser({ isAdmin: true }),
      api: { 'GET /api/outgoing': () => jsonResponse(200, { messages: [], awaiting: 0 }) },
    });

    const bar = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => [link.textContent?.trim(), link.getAttribute('href')]),
    ).toEqual([
      ['Today', '/today'],
      ['Inbox', '/inbox'],
      ['Clients', '/clients'],
      ['Reviews', '/reviews'],
    ]);
    expect(within(bar).getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
    const more = within(bar).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.click(more);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Business Profile', 'Automations', 'Insights', 'Settings', 'Help', 'Admin', 'Logout']);

    await user.click(within(menu).getByRole('menuitem', { name: 'Settings' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('opens on Today after signing in on a phone', async () => {
    emulateViewportWidth(390);
    const { user, router } = renderApp('/', {
      api: {
        'POST /api/login': () => jsonResponse(200, createUser()),
        'GET /api/outgoing': () => jsonResponse(200, { messages: [], awaiting: 0 }),
      },
    });

    await fill(user, await screen.findByLabelText('Email'), 'jane@example.com');
    await fill(user, screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/today');
  });

  it('keeps every link in the side navigation from 600 px up', async () => {
    emulateViewportWidth(600);
    renderApp('/', { user: createUser() });

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
  });
});
