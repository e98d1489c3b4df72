import type { Client, CreatedClient, ImportResult } from '@shared/api-types';
import { clientPages } from '@/testing/client-pages';
import { createClient, createUser } from '@/testing/data-generators';
import { callsTo, deferred, emptyResponse, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import {
  act,
  fill,
  findPageHeading,
  fireEvent,
  quickUser,
  renderApp,
  screen,
  toastRegion,
  waitFor,
  within,
} from '@/testing/test-utils';

type OpenOptions = { clients?: Client[]; isPro?: boolean; api?: MockRoutes; url?: string; pageSize?: number };

/** Every page read of the list: GET /api/clients with a query (the whole book, without one, is never read here). */
const PAGES = 'GET /api/clients?*';

/**
 * Renders /clients for a signed-in agent whose book is `clients`, answered a page at a time by the
 * API's stand-in (at most `pageSize` a page). Nothing answers GET /api/clients without a query: a
 * read of the whole book fails the page.
 */
async function openClients({ clients = [], isPro = false, api = {}, url = '/clients', pageSize }: OpenOptions = {}) {
  let book = clients;
  const view = renderApp(url, {
    user: createUser({ isPro }),
    api: {
      [PAGES]: clientPages(() => book, { pageSize }),
      'GET /api/clients/c-ana/testimonials': () => jsonResponse(200, []),
      // The open invitations (features/invitations/components/open-invitations.test.tsx): none unless a test says
      // otherwise.
      'GET /api/client-invitations': () => jsonResponse(200, []),
      ...api,
    },
  });
  // The first render of a test file loads the route's code: allow it more than the default second.
  await findPageHeading('Clients');
  await waitFor(() => expect(screen.queryByLabelText('Loading clients')).not.toBeInTheDocument(), { timeout: 5000 });
  const user = quickUser();
  return { ...view, user, setClients: (next: Client[]) => (book = next) };
}

/** The query of each page read so far. */
const pageQueries = (fetchMock: jest.Mock) =>
  callsTo(fetchMock, PAGES).map((request) => request.url.slice(request.url.indexOf('?') + 1));

/** The clients table (found by its label: a role query over the whole page is slow in jsdom), its role asserted. */
function clientsTable(): HTMLElement {
  const table = document.querySelector<HTMLElement>('table[aria-label="Clients"]');
  expect(table).toHaveRole('table');
  return table!;
}

/** The client names in the table, in order, read from each row's link to the client's page. */
/** The texts of a native select's options, in order. */
const optionTexts = (select: HTMLElement) => [...select.querySelectorAll('option')].map((option) => option.textContent);

const listedNames = () =>
  [...document.querySelectorAll('table[aria-label="Clients"] tbody tr')].map(
    (row) => row.querySelector('a')!.textContent,
  );

/** The live region that says how many clients the list holds or the search found. */
const countStatus = () => screen.getByText(/ (clients?|clients? found)$/, { selector: '[role="status"]' });

/** The pager below the list. */
const pager = () => {
  const nav = screen.getByLabelText('Pages of clients');
  expect(nav).toHaveRole('navigation');
  return nav;
};

/** The search field. */
const searchBox = () => {
  const field = screen.getByLabelText('Search clients');
  expect(field).toHaveRole('searchbox');
  return field;
};

/**
 * The button named `name` (by its text, or its aria-label), its role and name asserted: a role query
 * over the whole page computes the accessible tree of every element, which is slow in jsdom.
 */
function button(name: string, container: ParentNode = document.body): HTMLElement {
  const found = [...container.querySelectorAll<HTMLElement>('button')].filter(
    (el) => (el.getAttribute('aria-label') ?? el.textContent?.trim()) === name,
  );
  expect(found).toHaveLength(1);
  expect(found[0]).toHaveRole('button');
  expect(found[0]).toHaveAccessibleName(name);
  return found[0]!;
}

const findButton = (name: string) => waitFor(() => button(name));

/** The link named `name` to a client's page (a list row's name), its role asserted. */
function clientLink(name: string, container: ParentNode = document.body): HTMLElement {
  const found = [...container.querySelectorAll<HTMLElement>('a[href^="/clients/"]')].filter(
    (el) => el.textContent?.trim() === name,
  );
  expect(found).toHaveLength(1);
  expect(found[0]).toHaveRole('link');
  return found[0]!;
}

const findClientLink = (name: string) => waitFor(() => clientLink(name));

/** The open dialogs of `role` named `name` (by aria-label or the element their aria-labelledby names). */
function dialogsNamed(name: string, role: 'dialog' | 'alertdialog'): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[role="${role}"]`)].filter((el) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    const label =
      el.getAttribute('aria-label') ?? (labelledBy ? document.getElementById(labelledBy)?.textContent : null);
    return label?.trim() === name;
  });
}

/** Waits for the dialog named `name`, and asserts its role and name. */
async function findDialog(name: string, role: 'dialog' | 'alertdialog' = 'dialog'): Promise<HTMLElement> {
  const dialog = await waitFor(() => {
    const [open] = dialogsNamed(name, role);
    if (!open) throw new Error(`No ${role} named ${name}`);
    return open;
  });
  expect(dialog).toHaveRole(role);
  expect(dialog).toHaveAccessibleName(name);
  return dialog;
}

const waitForDialogToClose = (name: string, role: 'dialog' | 'alertdialog' = 'dialog') =>
  waitFor(() => expect(dialogsNamed(name, role)).toHaveLength(0));

/** The toast region: announced even while a dialog is open (the modal hides only the page). */
const toasts = () => within(toastRegion());

/** The toast whose title is `title` (the element carrying data-toast and data-variant). */
async function findToast(title: string): Promise<HTMLElement> {
  const text = await toasts().findByText(title);
  return text.closest<HTMLElement>('[data-toast]')!;
}

function created(client: Client, remainingFreeSlots: number | null): CreatedClient {
  return { ...client, remainingFreeSlots };
}

describe('/clients', () => {
  describe('list', () => {
    it('reads the first page by name, then the order chosen, from the API; never the whole book', async () => {
      const { user, fetchMock, router } = await openClients({
        clients: [
          createClient({ name: 'Ana Ruiz', lastContactDate: null, createdAt: '2026-01-05T10:00:00.000Z' }),
          createClient({
            name: 'Ben Cole',
            lastContactDate: '2026-11-02T15:00:00.000Z',
            createdAt: '2026-03-01T10:00:00.000Z',
          }),
          createClient({
            name: 'Cy Dunn',
            lastContactDate: '2026-11-20T15:00:00.000Z',
            createdAt: '2025-12-01T10:00:00.000Z',
          }),
        ],
      });
      expect(pageQueries(fetchMock)).toEqual(['limit=25&sort=name&order=asc']);
      expect(listedNames()).toEqual(['Ana Ruiz', 'Ben Cole', 'Cy Dunn']);
      expect(countStatus()).toHaveTextContent('3 clients');
      // Each contacted client's row says when; Ana was never contacted.
      const table = clientsTable();
      expect(
        [...table.querySelectorAll('tbody tr')].map(
          (row) => row.querySelector('time')?.getAttribute('datetime') ?? null,
        ),
      ).toEqual([null, '2026-11-02T15:00:00.000Z', '2026-11-20T15:00:00.000Z']);

      /** Chooses `option` and waits for the list in `names`' order; returns the query of the page read for it. */
      const choose = async (select: HTMLElement, option: string, names: string[]) => {
        await user.selectOptions(select, option);
        await waitFor(() => expect(listedNames()).toEqual(names));
        return pageQueries(fetchMock).at(-1);
      };
      const sortBy = screen.getByLabelText('Sort by');
      expect(optionTexts(sortBy)).toEqual([
        'Name',
        'Recently added',
        'Last contact',
        'Profile completion',
        'Review status',
      ]);
      expect(await choose(sortBy, 'Last contact', ['Cy Dunn', 'Ben Cole', 'Ana Ruiz'])).toBe(
        'limit=25&sort=lastContact&order=desc',
      );
      expect(router.state.location.search).toBe('?sort=lastContact');
      expect(router.state.historyAction).toBe('PUSH');

      // The order's directions follow the sort; the other one is asked for and kept in the URL.
      const order = screen.getByLabelText('Order');
      expect(optionTexts(order)).toEqual(['Most recent first', 'Longest ago first']);
      expect(await choose(order, 'Longest ago first', ['Ana Ruiz', 'Ben Cole', 'Cy Dunn'])).toBe(
        'limit=25&sort=lastContact&order=asc',
      );
      expect(router.state.location.search).toBe('?sort=lastContact&order=asc');

      expect(await choose(sortBy, 'Recently added', ['Ben Cole', 'Ana Ruiz', 'Cy Dunn'])).toBe(
        'limit=25&sort=created&order=desc',
      );

      // Back walks through the orders shown.
      await act(() => router.navigate(-1));
      await waitFor(() => expect(listedNames()).toEqual(['Ana Ruiz', 'Ben Cole', 'Cy Dunn']));
      expect(screen.getByLabelText('Sort by')).toHaveValue('lastContact');
      expect(screen.getByLabelText('Order')).toHaveValue('asc');
      expect(callsTo(fetchMock, 'GET /api/clients')).toHaveLength(0);
    });

    it('shows each client with name, profile completion, review status, a testimonial mark and actions', async () => {
      await openClients({
        clients: [
          createClient({
            name: 'Ana Ruiz',
            email: 'ana@example.com',
            birthday: '1985-03-14',
            reviewStatus: 'submitted',
            hasTestimonial: true,
          }),
          createClient({ name: 'Ben Cole', email: 'ben@example.com', reviewStatus: 'requested' }),
          createClient({ name: 'Cy Dunn', email: 'cy@example.com' }),
        ],
      });

      const table = clientsTable();
      const headers = within(table).getAllByRole('columnheader');
      expect(headers.map((h) => h.textContent)).toEqual(['', 'Name', 'Profile Completion', 'Review Status', 'Actions']);
      // The first column selects the page's clients (and each row's box, its client) for the bulk actions.
      expect(
        within(headers[0]!).getByRole('checkbox', { name: 'Select every client on this page' }),
      ).toBeInTheDocument();
      // Each name opens the client's page.
      expect(clientLink('Ana Ruiz', table)).toHaveAttribute('href', expect.stringMatching(/^\/clients\/client-\d+$/));
      const ana = clientLink('Ana Ruiz', table).closest('tr')!;
      // name, email, phone, birthday and the submitted review: 5 of 7 items.
      expect(within(ana).getByRole('progressbar', { name: 'Profile completion for Ana Ruiz' })).toHaveAttribute(
        'aria-valuenow',
        '71',
      );
      expect(within(ana).getByText('71%')).toBeInTheDocument();
      expect(within(ana).getByText('Submitted')).toBeInTheDocument();
      expect(within(ana).getByRole('img', { name: 'Has a video testimonial' })).toBeInTheDocument();
      expect(button('Edit Ana Ruiz', ana)).toBeInTheDocument();
      expect(button('Delete Ana Ruiz', ana)).toBeInTheDocument();
      const ben = clientLink('Ben Cole', table).closest('tr')!;
      expect(within(ben).getByText('Requested')).toBeInTheDocument();
      expect(within(ben).queryByRole('img', { name: 'Has a video testimonial' })).not.toBeInTheDocument();
      const cy = clientLink('Cy Dunn', table).closest('tr')!;
      expect(within(cy).getByText('Pending')).toBeInTheDocument();
      // Everything fits on one page: no pager.
      expect(screen.queryByLabelText('Pages of clients')).not.toBeInTheDocument();
    });

    it('marks a client who registered through the directory as pending, and accepts them with a button', async () => {
      const ana = createClient({ id: 'c-ana', name: 'Ana Ruiz', registrationPending: true });
      const { user, fetchMock, setClients } = await openClients({
        clients: [ana],
        api: {
          'POST /api/clients/c-ana/accept-registration': () => {
            const accepted = { ...ana, registrationPending: undefined };
            setClients([accepted]);
            return jsonResponse(200, accepted);
          },
        },
      });
      expect(within(clientsTable()).getByText('Pending confirmation')).toBeInTheDocument();

      await user.click(within(clientsTable()).getByRole('button', { name: 'Accept Ana Ruiz' }));

      expect(await toasts().findByText('Ana Ruiz is now one of your clients.')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/clients/c-ana/accept-registration')).toHaveLength(1);
      await waitFor(() => expect(within(clientsTable()).queryByText('Pending confirmation')).not.toBeInTheDocument());
    });

    it('searches with q once the typing pauses, announces the matches and keeps the search in the URL', async () => {
      const { user, fetchMock, router } = await openClients({
        clients: [
          createClient({ name: 'Ana Ruiz', email: 'ana@example.com' }),
          createClient({ name: 'Ben Cole', email: 'bcole@work.test' }),
          createClient({ name: 'Cy Dunn', email: 'cy@example.com' }),
        ],
      });
      const search = searchBox();
      const reads = pageQueries(fetchMock).length;

      jest.useFakeTimers();
      try {
        const typist = quickUser({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
        await typist.type(search, 'RUI');
        act(() => jest.advanceTimersByTime(299));
        // Nothing is asked while the agent is typing...
        expect(pageQueries(fetchMock)).toHaveLength(reads);
        await typist.type(search, 'Z');
        act(() => jest.advanceTimersByTime(299));
        expect(pageQueries(fetchMock)).toHaveLength(reads);
        // ...and the whole word once they pause.
        act(() => jest.advanceTimersByTime(1));
      } finally {
        jest.useRealTimers();
      }
      await waitFor(() => expect(listedNames()).toEqual(['Ana Ruiz']));
      expect(
        pageQueries(fetchMock)
          .slice(reads)
          .filter((query) => query.includes('q=')),
      ).toEqual(['limit=25&q=RUIZ']);
      expect(countStatus()).toHaveTextContent('1 client found');
      expect(router.state.location.search).toBe('?q=RUIZ');
      // Typing replaces the history entry rather than adding one per search.
      expect(router.state.historyAction).toBe('REPLACE');
      // Search results come by the matching word: the order does not apply meanwhile.
      expect(screen.getByLabelText('Sort by')).toBeDisabled();
      expect(screen.getByLabelText('Sort by')).toHaveAccessibleDescription(
        'Search results are listed by the word that matched',
      );

      await user.clear(search);
      await user.type(search, 'BCOLE@work');
      await waitFor(() => expect(listedNames()).toEqual(['Ben Cole']));
      expect(
        pageQueries(fetchMock)
          .filter((query) => query.includes('q='))
          .at(-1),
      ).toBe('limit=25&q=BCOLE%40work');
    });

    it('keeps what is typed after a search leaves: a slow device typing on while the URL takes the search', async () => {
      const { router } = await openClients({ clients: [createClient({ name: 'Ana Ruiz' })] });
      const search = searchBox();
      jest.useFakeTimers();
      try {
        fireEvent.change(search, { target: { value: 'c' } });
        // The pause sends "c" to the URL, and the agent's next keys land before the page has followed it.
        act(() => {
          jest.advanceTimersByTime(300);
          fireEvent.change(search, { target: { value: 'client4321' } });
        });
        expect(router.state.location.search).toBe('?q=c');
        expect(search).toHaveValue('client4321');
        act(() => jest.advanceTimersByTime(300));
      } finally {
        jest.useRealTimers();
      }
      expect(search).toHaveValue('client4321');
      await waitFor(() => expect(router.state.location.search).toBe('?q=client4321'));
    });

    it('says when no client matches the search, and clears it', async () => {
      const { user, router } = await openClients({ clients: [createClient({ name: 'Ana Ruiz' })] });

      await user.type(searchBox(), 'zed');

      expect(await screen.findByText('No clients match “zed”')).toBeInTheDocument();
      expect(countStatus()).toHaveTextContent('0 clients found');
      await user.click(button('Show all clients'));
      expect(await findClientLink('Ana Ruiz')).toBeInTheDocument();
      expect(searchBox()).toHaveValue('');
      expect(router.state.location.search).toBe('');
    });

    it('opens a search from the URL, its field filled in', async () => {
      const { fetchMock } = await openClients({
        url: '/clients?q=jos',
        clients: [createClient({ name: 'José Ñúñez' }), createClient({ name: 'Ana Ruiz' })],
      });

      expect(listedNames()).toEqual(['José Ñúñez']);
      expect(searchBox()).toHaveValue('jos');
      expect(pageQueries(fetchMock)).toContain('limit=25&q=jos');
    });

    it('pages forward with the cursor the API handed out, and back with Previous and Back', async () => {
      const clients = ['Ana', 'Ben', 'Cy', 'Dee', 'Eve'].map((name) => createClient({ name }));
      const { user, fetchMock, router } = await openClients({ clients, pageSize: 2 });

      expect(listedNames()).toEqual(['Ana', 'Ben']);
      expect(countStatus()).toHaveTextContent('5 clients');
      expect(within(pager()).getByText('1–2 of 5')).toBeInTheDocument();
      expect(button('Previous', pager())).toBeDisabled();

      await user.click(button('Next', pager()));
      await waitFor(() => expect(listedNames()).toEqual(['Cy', 'Dee']));
      expect(pageQueries(fetchMock).at(-1)).toBe('limit=25&sort=name&order=asc&cursor=after-2');
      expect(router.state.location.search).toBe('?cursor=after-2');
      expect(router.state.historyAction).toBe('PUSH');
      expect(within(pager()).getByText('3–4 of 5')).toBeInTheDocument();

      await user.click(button('Next', pager()));
      await waitFor(() => expect(listedNames()).toEqual(['Eve']));
      expect(within(pager()).getByText('5 of 5')).toBeInTheDocument();
      expect(button('Next', pager())).toBeDisabled();

      await user.click(button('Previous', pager()));
      await waitFor(() => expect(listedNames()).toEqual(['Cy', 'Dee']));
      expect(router.state.location.search).toBe('?cursor=after-2');
      expect(within(pager()).getByText('3–4 of 5')).toBeInTheDocument();

      // Back returns to the last page, then Back again to it as the agent first saw it.
      await act(() => router.navigate(-1));
      await waitFor(() => expect(listedNames()).toEqual(['Eve']));
      await act(() => router.navigate(-2));
      await waitFor(() => expect(listedNames()).toEqual(['Ana', 'Ben']));
      expect(router.state.location.search).toBe('');
    });

    it('counts a book of thousands with separators, and shows only the page it read of it', async () => {
      const clients = Array.from({ length: 5000 }, (_, i) =>
        createClient({ name: `Client ${String(i + 1).padStart(4, '0')}` }),
      );
      const { fetchMock } = await openClients({ clients, pageSize: 2 });

      expect(countStatus()).toHaveTextContent('5,000 clients');
      expect(within(pager()).getByText('1–2 of 5,000')).toBeInTheDocument();
      expect(listedNames()).toEqual(['Client 0001', 'Client 0002']);
      expect(callsTo(fetchMock, 'GET /api/clients')).toHaveLength(0);
    });

    it('shows the same page after a reload of its URL, with a way to the first page', async () => {
      const clients = ['Ana', 'Ben', 'Cy', 'Dee', 'Eve'].map((name, i) =>
        createClient({ name, createdAt: `2026-0${i + 1}-01T10:00:00.000Z` }),
      );
      const first = await openClients({ clients, pageSize: 2 });
      await first.user.selectOptions(screen.getByLabelText('Sort by'), 'Recently added');
      await waitFor(() => expect(listedNames()).toEqual(['Eve', 'Dee']));
      await first.user.click(button('Next', pager()));
      await waitFor(() => expect(listedNames()).toEqual(['Cy', 'Ben']));
      const { pathname, search } = first.router.state.location;
      expect(search).toBe('?sort=created&cursor=after-2');
      first.unmount();

      const { user, fetchMock } = await openClients({ clients, pageSize: 2, url: `${pathname}${search}` });

      expect(listedNames()).toEqual(['Cy', 'Ben']);
      expect(pageQueries(fetchMock)).toEqual(['limit=25&sort=created&order=desc&cursor=after-2']);
      expect(screen.getByLabelText('Sort by')).toHaveValue('created');
      // Opened afresh, the page does not know the pages before it.
      await user.click(button('First page', pager()));
      await waitFor(() => expect(listedNames()).toEqual(['Eve', 'Dee']));
    });

    it('keeps the rows in place, marked busy, while the next page loads', async () => {
      const next = deferred<Response>();
      const clients = ['Ana', 'Ben', 'Cy'].map((name) => createClient({ name }));
      const pages = clientPages(() => clients, { pageSize: 2 });
      const { user } = await openClients({
        clients,
        pageSize: 2,
        api: { [`GET /api/clients?limit=25&sort=name&order=asc&cursor=after-2`]: () => next.promise },
      });

      await user.click(button('Next', pager()));

      const rows = clientsTable().closest('[aria-busy]');
      await waitFor(() => expect(rows).toHaveAttribute('aria-busy', 'true'));
      expect(listedNames()).toEqual(['Ana', 'Ben']);
      expect(button('Next', pager())).toBeDisabled();
      next.resolve(
        await pages({ method: 'GET', url: '/api/clients?limit=25&cursor=after-2', init: {}, body: undefined }),
      );
      await waitFor(() => expect(listedNames()).toEqual(['Cy']));
      expect(rows).toHaveAttribute('aria-busy', 'false');
    });

    it('shows skeleton rows while the first page loads', async () => {
      const first = deferred<Response>();
      renderApp('/clients', {
        user: createUser(),
        api: { [PAGES]: () => first.promise, 'GET /api/client-invitations': () => jsonResponse(200, []) },
      });
      await findPageHeading('Clients');

      expect(screen.getByLabelText('Loading clients')).toHaveAttribute('aria-busy', 'true');
      first.resolve(jsonResponse(200, { clients: [createClient({ name: 'Ana Ruiz' })], nextCursor: null, total: 1 }));
      expect(await findClientLink('Ana Ruiz')).toBeInTheDocument();
    });

    it('offers the first page when a page link no longer fits the list', async () => {
      const { user } = await openClients({
        url: '/clients?cursor=stale',
        clients: [createClient({ name: 'Ana Ruiz' })],
      });

      expect(await screen.findByText('This page of clients is no longer available.')).toBeInTheDocument();
      await user.click(button('Go to the first page'));

      expect(await findClientLink('Ana Ruiz')).toBeInTheDocument();
    });

    it('offers to invite a client to fill in their own profile', async () => {
      const { user } = await openClients({ clients: [createClient()] });

      await user.click(button('Invite Client'));

      expect(await screen.findByRole('dialog')).toHaveTextContent(/Invite/);
    });

    it('invites a first client with buttons to add one or import a file', async () => {
      await openClients({ clients: [] });

      expect(await screen.findByText('No clients yet', { selector: 'h2' })).toHaveRole('heading');
      expect(button('Add your first client')).toBeInTheDocument();
      expect(button('Import your address book')).toBeInTheDocument();
    });

    it('offers a retry when the clients cannot be loaded', async () => {
      let fail = true;
      const pages = clientPages(() => [createClient({ name: 'Ana Ruiz' })]);
      const { user } = await openClients({
        api: { [PAGES]: (request) => (fail ? emptyResponse(503, 'Service Unavailable') : pages(request)) },
      });

      expect(await screen.findByText(/We couldn't load your clients/)).toBeInTheDocument();
      fail = false;
      await user.click(button('Try again'));

      expect(await findClientLink('Ana Ruiz')).toBeInTheDocument();
    });
  });

  describe('adding a client', () => {
    /** Fills in the required fields (and `more`), then sends the form. */
    async function fillAndSubmit(
      user: Awaited<ReturnType<typeof openClients>>['user'],
      more: Array<[label: string, value: string]> = [],
    ) {
      const dialog = await findDialog('Add Client');
      for (const [label, value] of [
        ['Name', 'Dana Fox'],
        ['Email', 'Dana@Example.com'],
        ['Phone', '(555) 222-3333'],
        ...more,
      ] as const)
        await fill(user, within(dialog).getByLabelText(label), value);
      await user.click(button('Add Client', dialog));
      return dialog;
    }

    it("sends the form and says how many more the free plan allows: 'You can add {n} more client(s) on the free plan'", async () => {
      const dana = createClient({ name: 'Dana Fox', email: 'dana@example.com' });
      const { user, fetchMock, setClients } = await openClients({
        clients: [createClient({ name: 'Ana Ruiz' })],
        api: { 'POST /api/clients': () => jsonResponse(201, created(dana, 8)) },
      });
      setClients([createClient({ name: 'Ana Ruiz' }), dana]);

      await user.click(await findButton('Add Client'));
      await fillAndSubmit(user, [['Birthday', '1990-07-04']]);

      expect(await findToast('Client added successfully')).toBeInTheDocument();
      expect(toasts().getByText('You can add 8 more client(s) on the free plan')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/clients')[0]?.body).toEqual({
        name: 'Dana Fox',
        email: 'dana@example.com',
        phone: '(555) 222-3333',
        birthday: '1990-07-04',
      });
      await waitForDialogToClose('Add Client');
      // The page is read again after the change, and so is the user.
      expect(await findClientLink('Dana Fox')).toBeInTheDocument();
      expect(callsTo(fetchMock, PAGES).length).toBeGreaterThanOrEqual(2);
      expect(callsTo(fetchMock, 'GET /api/user').length).toBeGreaterThanOrEqual(2);
    });

    it("says 'You've reached your free plan limit' when that was the last free slot", async () => {
      const { user } = await openClients({
        clients: [createClient()],
        api: { 'POST /api/clients': () => jsonResponse(201, created(createClient({ name: 'Dana Fox' }), 0)) },
      });

      await user.click(await findButton('Add Client'));
      await fillAndSubmit(user);

      expect(await findToast('Client added successfully')).toBeInTheDocument();
      expect(toasts().getByText("You've reached your free plan limit")).toBeInTheDocument();
    });

    it('adds no free-plan line for a Pro agent', async () => {
      const { user } = await openClients({
        isPro: true,
        clients: [createClient()],
        api: { 'POST /api/clients': () => jsonResponse(201, created(createClient({ name: 'Dana Fox' }), null)) },
      });

      await user.click(await findButton('Add Client'));
      await fillAndSubmit(user);

      const toast = await findToast('Client added successfully');
      expect(toast).not.toHaveTextContent(/free plan/);
    });

    it('opens the Upgrade to Pro dialog on UPGRADE_REQUIRED, with no error toast', async () => {
      const { user, router } = await openClients({
        clients: [createClient()],
        api: {
          'POST /api/clients': () =>
            jsonResponse(403, {
              code: 'UPGRADE_REQUIRED',
              message:
                "You've reached the maximum of 10 clients on the free plan. Upgrade to Pro for unlimited clients.",
            }),
        },
      });

      await user.click(await findButton('Add Client'));
      await fillAndSubmit(user);

      const dialog = await findDialog('Upgrade to Pro');
      expect(within(dialog).getByText(/maximum of 10 clients on the free plan/)).toBeInTheDocument();
      expect(toasts().queryAllByRole('alert')).toHaveLength(0);
      expect(toasts().queryByText('Error')).not.toBeInTheDocument();

      await user.click(button('Upgrade Now', dialog));
      await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    });

    it("closes the upgrade dialog with 'Maybe Later'", async () => {
      const { user } = await openClients({
        clients: [createClient()],
        api: { 'POST /api/clients': () => jsonResponse(403, { code: 'UPGRADE_REQUIRED', message: 'Upgrade' }) },
      });

      await user.click(await findButton('Add Client'));
      await fillAndSubmit(user);
      await user.click(button('Maybe Later', await findDialog('Upgrade to Pro')));

      await waitForDialogToClose('Upgrade to Pro');
    });

    it('shows inline errors from the shared schema and sends nothing', async () => {
      const { user, fetchMock } = await openClients({ clients: [createClient()] });

      await user.click(await findButton('Add Client'));
      const dialog = await findDialog('Add Client');
      await user.type(within(dialog).getByLabelText('Phone'), '12ab');
      await user.click(button('Add Client', dialog));

      expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
      expect(callsTo(fetchMock, 'POST /api/clients')).toHaveLength(0);
    });

    it("puts the server's duplicate e-mail error on the Email field", async () => {
      const { user } = await openClients({
        clients: [createClient()],
        api: {
          'POST /api/clients': () =>
            jsonResponse(409, {
              message: 'A client with this email already exists.',
              errors: { email: 'A client with this email already exists.' },
            }),
        },
      });

      await user.click(await findButton('Add Client'));
      const dialog = await fillAndSubmit(user);

      await waitFor(() =>
        expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
          'A client with this email already exists.',
        ),
      );
      const toast = await findToast('Error');
      expect(toast).toHaveAttribute('data-variant', 'destructive');
    });

    it("falls back to 'Failed to create client' when the server gives no message", async () => {
      const { user } = await openClients({
        clients: [createClient()],
        api: { 'POST /api/clients': () => emptyResponse(502, 'Bad Gateway') },
      });

      await user.click(await findButton('Add Client'));
      await fillAndSubmit(user);

      const toast = await findToast('Error');
      expect(toast).toHaveAttribute('data-variant', 'destructive');
      expect(within(toast).getByText('Failed to create client')).toBeInTheDocument();
    });
  });

  describe('free plan', () => {
    // Pages of 2: the plan counts the whole book (the API's total), not the rows shown.
    it('counts the book toward the 10, searching or not', async () => {
      const clients = Array.from({ length: 7 }, (_, i) => createClient({ name: `Client ${i}` }));
      const { user, fetchMock } = await openClients({ clients, pageSize: 2 });

      expect(screen.getByText('Free plan · 7 of 10')).toBeInTheDocument();
      await user.type(searchBox(), 'client 3');
      await waitFor(() => expect(listedNames()).toEqual(['Client 3']));
      // The search's total counts the matches: the book's size is read apart, as a page of one.
      expect(pageQueries(fetchMock)).toContain('limit=1');
      expect(screen.getByText('Free plan · 7 of 10')).toBeInTheDocument();
    });

    it('says so near Add Client at the cap and opens the upgrade dialog instead of the form', async () => {
      const clients = Array.from({ length: 12 }, () => createClient());
      const { user, fetchMock } = await openClients({ clients, pageSize: 2 });

      expect(screen.getByText("You have 12 clients, more than the free plan's 10")).toBeInTheDocument();
      await user.click(button('Add Client'));

      expect(await findDialog('Upgrade to Pro')).toBeInTheDocument();
      expect(dialogsNamed('Add Client', 'dialog')).toHaveLength(0);
      expect(callsTo(fetchMock, 'POST /api/clients')).toHaveLength(0);
    });

    it('still lets the agent edit their clients at the cap', async () => {
      const clients = Array.from({ length: 10 }, (_, i) => createClient({ name: `Client ${i}` }));
      const { user } = await openClients({ clients, pageSize: 2 });

      expect(screen.getByText("You're using all 10 free-plan clients")).toBeInTheDocument();
      await user.click(button('Edit Client 1'));

      expect(await findDialog('Edit Client')).toBeInTheDocument();
    });

    it('shows no notice for a Pro agent', async () => {
      await openClients({ clients: Array.from({ length: 12 }, () => createClient()), isPro: true, pageSize: 2 });

      expect(clientsTable()).toBeInTheDocument();
      expect(screen.queryByText(/free plan/)).not.toBeInTheDocument();
    });
  });

  describe('editing a client', () => {
    it('opens with the client, sends every field (cleared ones as null) and confirms', async () => {
      const ana = createClient({
        id: 'c-ana',
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        phone: '(555) 111-2222',
        address: '1 Elm St',
        birthday: '1985-03-14',
      });
      const { user, fetchMock } = await openClients({
        clients: [ana],
        api: { 'PATCH /api/clients/c-ana': ({ body }) => jsonResponse(200, { ...ana, ...(body as object) }) },
      });

      await user.click(await findButton('Edit Ana Ruiz'));
      const dialog = await findDialog('Edit Client');
      expect(within(dialog).getByLabelText('Name')).toHaveValue('Ana Ruiz');
      expect(within(dialog).getByLabelText('Birthday')).toHaveValue('1985-03-14');
      await user.clear(within(dialog).getByLabelText('Address'));
      await user.clear(within(dialog).getByLabelText('Phone'));
      await fill(user, within(dialog).getByLabelText('Phone'), '(555) 999-0000');
      await user.click(button('Save Changes', dialog));

      expect(await findToast('Client updated successfully')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'PATCH /api/clients/c-ana')[0]?.body).toEqual({
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        phone: '(555) 999-0000',
        address: null,
        birthday: '1985-03-14',
        anniversary: null,
        purchaseDate: null,
        postalCode: null,
        purchasePrice: null,
        timeZone: null,
        keyDates: [],
        cadenceDays: null,
      });
    });

    it('reads the page shown (page two, by its cursor) again after the change', async () => {
      const clients = ['Ana', 'Ben', 'Cy'].map((name, i) => createClient({ id: `c-${i}`, name }));
      const { user, fetchMock, setClients } = await openClients({
        clients,
        pageSize: 2,
        url: '/clients?cursor=after-2',
        api: { 'PATCH /api/clients/c-2': ({ body }) => jsonResponse(200, { ...clients[2], ...(body as object) }) },
      });
      expect(listedNames()).toEqual(['Cy']);
      setClients([clients[0]!, clients[1]!, { ...clients[2]!, name: 'Cyrus' }]);

      await user.click(button('Edit Cy'));
      await user.click(button('Save Changes', await findDialog('Edit Client')));

      await waitFor(() => expect(listedNames()).toEqual(['Cyrus']));
      expect(pageQueries(fetchMock).filter((query) => query.endsWith('cursor=after-2'))).toHaveLength(2);
    });

    it('keeps a birthday without a year when saving, and says which day it is', async () => {
      const jose = createClient({ id: 'c-jose', name: 'José Ñúñez', birthday: '--11-07' });
      const { user, fetchMock } = await openClients({
        clients: [jose],
        api: { 'PATCH /api/clients/c-jose': ({ body }) => jsonResponse(200, { ...jose, ...(body as object) }) },
      });

      await user.click(await findButton('Edit José Ñúñez'));
      const dialog = await findDialog('Edit Client');
      expect(within(dialog).getByLabelText('Birthday')).toHaveAccessibleDescription(
        'Nov 7, year not known. Pick a date to add it.',
      );
      await user.click(button('Save Changes', dialog));

      expect(await findToast('Client updated successfully')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'PATCH /api/clients/c-jose')[0]?.body).toMatchObject({ birthday: '--11-07' });
    });

    it("shows a destructive 'Error' toast when the update fails", async () => {
      const ana = createClient({ id: 'c-ana', name: 'Ana Ruiz' });
      const { user } = await openClients({
        clients: [ana],
        api: { 'PATCH /api/clients/c-ana': () => jsonResponse(404, { message: 'Client not found' }) },
      });

      await user.click(await findButton('Edit Ana Ruiz'));
      await user.click(button('Save Changes', await findDialog('Edit Client')));

      const toast = await findToast('Error');
      expect(toast).toHaveAttribute('data-variant', 'destructive');
      expect(within(toast).getByText('Client not found')).toBeInTheDocument();
    });
  });

  describe('deleting a client', () => {
    it("asks 'Are you sure?' with the client's name, and Cancel keeps the client", async () => {
      const { user, fetchMock } = await openClients({ clients: [createClient({ id: 'c-ana', name: 'Ana Ruiz' })] });

      await user.click(await findButton('Delete Ana Ruiz'));
      const dialog = await findDialog('Are you sure?', 'alertdialog');
      expect(
        within(dialog).getByText("This will permanently delete Ana Ruiz's information and cannot be undone."),
      ).toBeInTheDocument();
      expect(
        within(dialog)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Cancel', 'Delete']);

      await user.click(button('Cancel', dialog));

      await waitForDialogToClose('Are you sure?', 'alertdialog');
      expect(callsTo(fetchMock, 'DELETE /api/clients/c-ana')).toHaveLength(0);
    });

    it("deletes on Delete and says 'Client deleted successfully'", async () => {
      const { user, fetchMock, setClients } = await openClients({
        clients: [createClient({ id: 'c-ana', name: 'Ana Ruiz' }), createClient({ name: 'Ben Cole' })],
        api: { 'DELETE /api/clients/c-ana': () => emptyResponse(204) },
      });
      setClients([createClient({ name: 'Ben Cole' })]);

      await user.click(await findButton('Delete Ana Ruiz'));
      await user.click(button('Delete', await findDialog('Are you sure?', 'alertdialog')));

      expect(await findToast('Client deleted successfully')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'DELETE /api/clients/c-ana')).toHaveLength(1);
      await waitFor(() => expect(listedNames()).toEqual(['Ben Cole']));
    });

    it("shows a destructive 'Error' toast when the delete fails", async () => {
      const { user } = await openClients({
        clients: [createClient({ id: 'c-ana', name: 'Ana Ruiz' })],
        api: { 'DELETE /api/clients/c-ana': () => emptyResponse(500, 'Internal Server Error') },
      });

      await user.click(await findButton('Delete Ana Ruiz'));
      await user.click(button('Delete', await findDialog('Are you sure?', 'alertdialog')));

      const toast = await findToast('Error');
      expect(toast).toHaveAttribute('data-variant', 'destructive');
      expect(within(toast).getByText('500: Internal Server Error')).toBeInTheDocument();
    });
  });

  describe('importing a CSV file', () => {
    const csv = () =>
      new File(['name,email,phone\nAna,ana@example.com,5551112222\n'], 'clients.csv', { type: 'text/csv' });

    it('accepts .csv and .vcf, says so, and keeps Import disabled until a file is chosen', async () => {
      const { user } = await openClients({ clients: [createClient()] });

      await user.click(await findButton('Import contacts'));
      const dialog = await findDialog('Import Clients');
      const input = within(dialog).getByLabelText('CSV or vCard file');
      expect(input).toHaveAttribute('accept', '.csv,.vcf');
      expect(within(dialog).getByText('.csv or .vcf, up to 25 MB')).toBeInTheDocument();
      expect(button('Import', dialog)).toBeDisabled();

      await user.upload(input, csv());

      expect(within(dialog).getByText('clients.csv')).toBeInTheDocument();
      expect(button('Import', dialog)).toBeEnabled();
    });

    it('uploads the file and shows the summary with every row error and warning', async () => {
      const result: ImportResult = {
        imported: 2,
        updated: 1,
        skipped: 2,
        errors: [
          { row: 4, message: 'Invalid email address' },
          { row: 7, message: 'Phone number is required' },
        ],
        warnings: [{ row: 5, message: 'Birthday "13/45/1990" is not a date; left empty' }],
        message: 'Imported 2 new clients and updated 1. 2 rows have errors and were skipped.',
      };
      const answer = deferred<Response>();
      const { user, fetchMock } = await openClients({
        clients: [createClient()],
        api: { 'POST /api/clients/import': () => answer.promise },
      });

      await user.click(await findButton('Import contacts'));
      const dialog = await findDialog('Import Clients');
      await user.upload(within(dialog).getByLabelText('CSV or vCard file'), csv());
      await user.click(button('Import', dialog));

      expect(await within(dialog).findByRole('button', { name: 'Importing...' })).toBeDisabled();
      const sent = callsTo(fetchMock, 'POST /api/clients/import')[0]!.init.body as FormData;
      expect((sent.get('file') as File).name).toBe('clients.csv');

      answer.resolve(jsonResponse(200, result));

      expect(await findToast('Successfully imported 2 clients')).toBeInTheDocument();
      expect(await within(dialog).findByText(result.message)).toBeInTheDocument();
      const stats = within(dialog).getByText('Imported').closest('dl')!;
      expect(stats).toHaveTextContent('Imported2Updated1Skipped2');
      const errors = within(dialog).getByRole('region', { name: 'Rows with errors (2)' });
      expect(
        within(errors)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Row 4: Invalid email address', 'Row 7: Phone number is required']);
      const warnings = within(dialog).getByRole('region', { name: 'Warnings (1)' });
      expect(within(warnings).getByText(/is not a date; left empty/)).toBeInTheDocument();
    });

    it('uploads a .vcf and names the skipped contacts by card', async () => {
      const result: ImportResult = {
        imported: 1,
        updated: 0,
        skipped: 1,
        unit: 'card',
        errors: [{ row: 2, message: 'email: Email is required' }],
        warnings: [],
        message: 'Imported 1 new client. 1 card has errors and was skipped.',
      };
      const { user, fetchMock } = await openClients({
        clients: [createClient()],
        api: { 'POST /api/clients/import': () => jsonResponse(200, result) },
      });

      await user.click(await findButton('Import contacts'));
      const dialog = await findDialog('Import Clients');
      const vcard = new File(['BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana\r\nEND:VCARD\r\n'], 'iCloud vCards.vcf', {
        type: 'text/vcard',
      });
      await user.upload(within(dialog).getByLabelText('CSV or vCard file'), vcard);
      await user.click(button('Import', dialog));

      expect(await within(dialog).findByText(result.message)).toBeInTheDocument();
      expect((callsTo(fetchMock, 'POST /api/clients/import')[0]!.init.body as FormData).get('file')).toHaveProperty(
        'name',
        'iCloud vCards.vcf',
      );
      const errors = within(dialog).getByRole('region', { name: 'Contacts with errors (1)' });
      expect(within(errors).getByRole('listitem')).toHaveTextContent('Card 2: email: Email is required');
    });

    it("shows a destructive 'Error' toast and the reason when the file is refused", async () => {
      const { user } = await openClients({
        clients: [createClient()],
        api: {
          'POST /api/clients/import': () =>
            jsonResponse(413, { message: 'The file is larger than 5 MB.', code: 'FILE_TOO_LARGE' }),
        },
      });

      await user.click(await findButton('Import contacts'));
      const dialog = await findDialog('Import Clients');
      await user.upload(within(dialog).getByLabelText('CSV or vCard file'), csv());
      await user.click(button('Import', dialog));

      const toast = (await findToast('Error')).closest('[data-toast]')!;
      expect(toast).toHaveAttribute('data-variant', 'destructive');
      expect(toast).toHaveTextContent('The file is larger than 5 MB.');
      expect(within(dialog).getByText('The file is larger than 5 MB.')).toBeInTheDocument();
    });

    it('opens straight away from /clients?action=import', async () => {
      await openClients({ clients: [], url: '/clients?action=import' });

      expect(await findDialog('Import Clients')).toBeInTheDocument();
    });
  });
});
