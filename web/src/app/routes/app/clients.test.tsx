import type { Client, ClientMilestone, CreatedClient, ImportResult, ReviewCheck } from '../../../../../shared/api-types';
import { createClient, createUser } from '../../../testing/data-generators';
import { callsTo, deferred, emptyResponse, jsonResponse, type MockRoutes } from '../../../testing/mock-api';
import { findPageHeading, renderApp, screen, toastRegion, waitFor, within } from '../../../testing/test-utils';

type OpenOptions = { clients?: Client[]; isPro?: boolean; api?: MockRoutes; url?: string };

/** Renders /clients for a signed-in agent whose GET /api/clients answers `clients`. */
async function openClients({ clients = [], isPro = false, api = {}, url = '/clients' }: OpenOptions = {}) {
  let list = clients;
  const view = renderApp(url, {
    user: createUser({ isPro }),
    api: {
      'GET /api/clients': () => jsonResponse(200, list),
      'GET /api/clients/c-ana/testimonials': () => jsonResponse(200, []),
      // The open invitations (features/invitations/components/open-invitations.test.tsx): none unless a test says otherwise.
      'GET /api/client-invitations': () => jsonResponse(200, []),
      ...api,
    },
  });
  // The first render of a test file loads the route's code: allow it more than the default second.
  await findPageHeading('Clients');
  await waitFor(() => expect(screen.queryByLabelText('Loading clients')).not.toBeInTheDocument(), { timeout: 5000 });
  return { ...view, setClients: (next: Client[]) => (list = next) };
}

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
    it('sorts by last contact (most recent first, never contacted last) or newest, and shows each last contact', async () => {
      const { user } = await openClients({
        clients: [
          createClient({ name: 'Ana Ruiz', lastContactDate: null, createdAt: '2026-01-05T10:00:00.000Z' }),
          createClient({ name: 'Ben Cole', lastContactDate: '2026-11-02T15:00:00.000Z', createdAt: '2026-03-01T10:00:00.000Z' }),
          createClient({ name: 'Cy Dunn', lastContactDate: '2026-11-20T15:00:00.000Z', createdAt: '2025-12-01T10:00:00.000Z' }),
        ],
      });
      const table = await screen.findByRole('table', { name: 'Clients' });
      const names = () => [...table.querySelectorAll('tbody tr')].map((row) => row.querySelector('button')!.textContent);
      expect(names()).toEqual(['Ana Ruiz', 'Ben Cole', 'Cy Dunn']);
      // Each contacted client's row says when; Ana was never contacted.
      expect([...table.querySelectorAll('tbody tr')].map((row) => row.querySelector('time')?.getAttribute('datetime') ?? null)).toEqual([
        null,
        '2026-11-02T15:00:00.000Z',
        '2026-11-20T15:00:00.000Z',
      ]);

      await user.selectOptions(screen.getByLabelText('Sort by'), 'Last contact');
      expect(names()).toEqual(['Cy Dunn', 'Ben Cole', 'Ana Ruiz']);
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Recently added');
      expect(names()).toEqual(['Ben Cole', 'Ana Ruiz', 'Cy Dunn']);
    });

    it('shows each client with name, profile completion, review status and actions', async () => {
      await openClients({
        clients: [
          createClient({ name: 'Ana Ruiz', email: 'ana@example.com', birthday: '1985-03-14', reviewStatus: 'submitted' }),
          createClient({ name: 'Ben Cole', email: 'ben@example.com', reviewStatus: 'requested' }),
          createClient({ name: 'Cy Dunn', email: 'cy@example.com' }),
        ],
      });

      const table = await screen.findByRole('table', { name: 'Clients' });
      expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Profile Completion', 'Review Status', 'Actions']);
      const ana = within(table).getByRole('button', { name: 'Ana Ruiz' }).closest('tr')!;
      // name, email, phone, birthday and the submitted review: 5 of 7 items.
      expect(within(ana).getByRole('progressbar', { name: 'Profile completion for Ana Ruiz' })).toHaveAttribute('aria-valuenow', '71');
      expect(within(ana).getByText('71%')).toBeInTheDocument();
      expect(within(ana).getByText('Submitted')).toBeInTheDocument();
      expect(within(ana).getByRole('button', { name: 'Edit Ana Ruiz' })).toBeInTheDocument();
      expect(within(ana).getByRole('button', { name: 'Delete Ana Ruiz' })).toBeInTheDocument();
      const ben = within(table).getByRole('button', { name: 'Ben Cole' }).closest('tr')!;
      expect(within(ben).getByText('Requested')).toBeInTheDocument();
      const cy = within(table).getByRole('button', { name: 'Cy Dunn' }).closest('tr')!;
      expect(within(cy).getByText('Pending')).toBeInTheDocument();
    });

    it('marks clients who left a video testimonial', async () => {
      await openClients({ clients: [createClient({ name: 'Ana Ruiz', hasTestimonial: true }), createClient({ name: 'Ben Cole' })] });

      const ana = (await screen.findByRole('button', { name: 'Ana Ruiz' })).closest('tr')!;
      const ben = screen.getByRole('button', { name: 'Ben Cole' }).closest('tr')!;
      expect(within(ana).getByRole('img', { name: 'Has a video testimonial' })).toBeInTheDocument();
      expect(within(ben).queryByRole('img', { name: 'Has a video testimonial' })).not.toBeInTheDocument();
    });

    it('filters by name or e-mail, case-insensitively, as the agent types', async () => {
      const { user } = await openClients({
        clients: [
          createClient({ name: 'Ana Ruiz', email: 'ana@example.com' }),
          createClient({ name: 'Ben Cole', email: 'bcole@work.test' }),
          createClient({ name: 'Cy Dunn', email: 'cy@example.com' }),
        ],
      });
      const search = await screen.findByPlaceholderText('Search clients...');

      await user.type(search, 'RUIZ');
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Ben Cole' })).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Ana Ruiz' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cy Dunn' })).not.toBeInTheDocument();

      await user.clear(search);
      await user.type(search, 'WORK.test');
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Ana Ruiz' })).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Ben Cole' })).toBeInTheDocument();
    });

    it('says when no client matches the search, and clears it', async () => {
      const { user } = await openClients({ clients: [createClient({ name: 'Ana Ruiz' })] });

      await user.type(await screen.findByRole('searchbox', { name: 'Search clients' }), 'zed');

      expect(await screen.findByText('No clients match “zed”')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Show all clients' }));
      expect(await screen.findByRole('button', { name: 'Ana Ruiz' })).toBeInTheDocument();
    });

    it('pages through many clients 25 at a time', async () => {
      const clients = Array.from({ length: 60 }, (_, i) => createClient({ name: `Client ${String(i + 1).padStart(2, '0')}` }));
      const { user } = await openClients({ clients, isPro: true });

      const table = await screen.findByRole('table', { name: 'Clients' });
      expect(within(table).getAllByRole('row')).toHaveLength(26);
      // Buttons are looked up in the pager and in their row: a name query over the whole page computes
      // the accessible name of every button of 25 rows (seconds in jsdom), and findBy repeats it.
      const pager = screen.getByText('1–25 of 60').parentElement!;
      await user.click(within(pager).getByRole('button', { name: 'Go to next page' }));

      const row = (await within(table).findByText('Client 26')).closest('tr')!;
      expect(within(row).getByRole('button', { name: 'Client 26' })).toBeInTheDocument();
      expect(within(table).queryByText('Client 01')).not.toBeInTheDocument();
    });

    it('offers to invite a client to fill in their own profile', async () => {
      const { user } = await openClients({ clients: [createClient()] });

      await user.click(await screen.findByRole('button', { name: 'Invite Client' }));

      expect(await screen.findByRole('dialog')).toHaveTextContent(/Invite/);
    });

    it('invites a first client with buttons to add one or import a file', async () => {
      await openClients({ clients: [] });

      expect(await screen.findByRole('heading', { name: 'No clients yet' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add your first client' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Import from CSV' })).toBeInTheDocument();
    });

    it('offers a retry when the clients cannot be loaded', async () => {
      let fail = true;
      const { user } = await openClients({
        api: { 'GET /api/clients': () => (fail ? emptyResponse(503, 'Service Unavailable') : jsonResponse(200, [createClient({ name: 'Ana Ruiz' })])) },
      });

      expect(await screen.findByText(/We couldn't load your clients/)).toBeInTheDocument();
      fail = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));

      expect(await screen.findByRole('button', { name: 'Ana Ruiz' })).toBeInTheDocument();
    });
  });

  describe('adding a client', () => {
    async function fillAndSubmit(user: Awaited<ReturnType<typeof openClients>>['user']) {
      const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
      await user.type(within(dialog).getByLabelText('Name'), 'Dana Fox');
      await user.type(within(dialog).getByLabelText('Email'), 'Dana@Example.com');
      await user.type(within(dialog).getByLabelText('Phone'), '(555) 222-3333');
      await user.type(within(dialog).getByLabelText('Birthday'), '1990-07-04');
      await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));
      return dialog;
    }

    it("sends the form and says how many more the free plan allows: 'You can add {n} more client(s) on the free plan'", async () => {
      const dana = createClient({ name: 'Dana Fox', email: 'dana@example.com' });
      const { user, fetchMock, setClients } = await openClients({
        clients: [createClient({ name: 'Ana Ruiz' })],
        api: { 'POST /api/clients': () => jsonResponse(201, created(dana, 8)) },
      });
      setClients([createClient({ name: 'Ana Ruiz' }), dana]);

      await user.click(await screen.findByRole('button', { name: 'Add Client' }));
      await fillAndSubmit(user);

      expect(await findToast('Client added successfully')).toBeInTheDocument();
      expect(toasts().getByText('You can add 8 more client(s) on the free plan')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/clients')[0]?.body).toEqual({
        name: 'Dana Fox',
        email: 'dana@example.com',
        phone: '(555) 222-3333',
        birthday: '1990-07-04',
      });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Client' })).not.toBeInTheDocument());
      // The list is read again after the change, and so is the user.
      expect(await screen.findByRole('button', { name: 'Dana Fox' })).toBeInTheDocument();
      expect(callsTo(fetchMock, 'GET /api/user').length).toBeGreaterThanOrEqual(2);
    });

    it("says 'You've reached your free plan limit' when that was the last free slot", async () => {
      const { user } = await openClients({
        clients: [createClient()],
        api: { 'POST /api/clients': () => jsonResponse(201, created(createClient({ name: 'Dana Fox' }), 0)) },
      });

      await user.click(await screen.findByRole('button', { name: 'Add Client' }));
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

      await user.click(await screen.findByRole('button', { name: 'Add Client' }));
      await fillAndSubmit(user);

      const toast = await findToast('Client added successfully');
      expect(toast).not.toHaveTextContent(/free plan/);
    });

    it('opens the Upgrade to Pro dialog on UPGRADE_REQUIRED, with no error toast', async () => {
      const { user, router } = await openClients({
        clients: [createClient()],
        api: {
          'POST /api/clients': () =>
            jsonResponse(403, { code: 'UPGRADE_REQUIRED', message: "You've reached the maximum of 10 clients on the free plan. Upgrade to Pro for unlimited clients." }),
        },
      });

      await user.click(await screen.findByRole('button', { name: 'Add Client' }));
      await fillAndSubmit(user);

      const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
      expect(within(dialog).getByText(/maximum of 10 clients on the free plan/)).toBeInTheDocument();
      expect(toasts().queryAllByRole('alert')).toHaveLength(0);
      expect(toasts().queryByText('Error')).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    });

    it("closes the upgrade dialog with 'Maybe Later'", async () => {
      const { user } = await openClients({
        clients: [createClient()],
        api: { 'POST /api/clients': () => jsonResponse(403, { code: 'UPGRADE_REQUIRED', message: 'Upgrade' }) },
      });

      await user.click(await screen.findByRole('button', { name: 'Add Client' }));
      await fillAndSubmit(user);
      await user.click(within(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).getByRole('button', { name: 'Maybe Later' }));

      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upgrade to Pro' })).not.toBeInTheDocument());
    });

    it('shows inline errors from the shared schema and sends nothing', async () => {
      const { user, fetchMock } = await openClients({ clients: [createClient()] });

      await user.click(await screen.findByRole('button', { name: 'Add Client' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
      await user.type(within(dialog).getByLabelText('Phone'), '12ab');
      await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));

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
            jsonResponse(409, { message: 'A client with this email already exists.', errors: { email: 'A client with this email already exists.' } }),
        },
      });

      await user.click(await screen.findByRole('button', { name: 'Add Client' }));
      const dialog = await fillAndSubmit(user);

      await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('A client with this email already exists.'));
      const toast = await findToast('Error');
      expect(toast).toHaveAttribute('data-variant', 'destructive');
    });

    it("falls back to 'Failed to create client' when the server gives no message", async () => {
      const { user } = await openClients({ clients: [createClient()], api: { 'POST /api/clients': () => emptyResponse(502, 'Bad Gateway') } });

      await user.click(await screen.findByRole('button', { name: 'Add Client' }));
      await fillAndSubmit(user);

      const toast = await findToast('Error');
      expect(toast).toHaveAttribute('data-variant', 'destructive');
      expect(within(toast).getByText('Failed to create client')).toBeInTheDocument();
    });
  });

  describe('free plan at its cap', () => {
    it('says so near Add Client and opens the upgrade dialog instead of the form', async () => {
      const clients = Array.from({ length: 12 }, () => createClient());
      const { user, fetchMock } = await openClients({ clients });

      expect(await screen.findByText("You have 12 clients, more than the free plan's 10")).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add Client' }));

      expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Add Client' })).not.toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/clients')).toHaveLength(0);
    });

    it('still lets the agent edit their clients', async () => {
      const clients = Array.from({ length: 10 }, (_, i) => createClient({ name: `Client ${i}` }));
      const { user } = await openClients({ clients });

      await user.click(await screen.findByRole('button', { name: 'Edit Client 3' }));

      expect(await screen.findByRole('dialog', { name: 'Edit Client' })).toBeInTheDocument();
    });

    it('shows no notice for a Pro agent', async () => {
      await openClients({ clients: Array.from({ length: 12 }, () => createClient()), isPro: true });

      await screen.findByRole('table', { name: 'Clients' });
      expect(screen.queryByText(/more than the free plan/)).not.toBeInTheDocument();
    });
  });

  describe('editing a client', () => {
    it('opens with the client, sends every field (cleared ones as null) and confirms', async () => {
      const ana = createClient({ id: 'c-ana', name: 'Ana Ruiz', email: 'ana@example.com', phone: '(555) 111-2222', address: '1 Elm St', birthday: '1985-03-14' });
      const { user, fetchMock } = await openClients({
        clients: [ana],
        api: { 'PATCH /api/clients/c-ana': ({ body }) => jsonResponse(200, { ...ana, ...(body as object) }) },
      });

      await user.click(await screen.findByRole('button', { name: 'Edit Ana Ruiz' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Client' });
      expect(within(dialog).getByLabelText('Name')).toHaveValue('Ana Ruiz');
      expect(within(dialog).getByLabelText('Birthday')).toHaveValue('1985-03-14');
      await user.clear(within(dialog).getByLabelText('Address'));
      await user.clear(within(dialog).getByLabelText('Phone'));
      await user.type(within(dialog).getByLabelText('Phone'), '(555) 999-0000');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      expect(await findToast('Client updated successfully')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'PATCH /api/clients/c-ana')[0]?.body).toEqual({
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        phone: '(555) 999-0000',
        address: null,
        birthday: '1985-03-14',
        anniversary: null,
        purchaseDate: null,
      });
    });

    it('keeps a birthday without a year when saving, and says which day it is', async () => {
      const jose = createClient({ id: 'c-jose', name: 'José Ñúñez', birthday: '--11-07' });
      const { user, fetchMock } = await openClients({
        clients: [jose],
        api: { 'PATCH /api/clients/c-jose': ({ body }) => jsonResponse(200, { ...jose, ...(body as object) }) },
      });

      await user.click(await screen.findByRole('button', { name: 'Edit José Ñúñez' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Client' });
      expect(within(dialog).getByLabelText('Birthday')).toHaveAccessibleDescription('Nov 7, year not known. Pick a date to add it.');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      expect(await findToast('Client updated successfully')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'PATCH /api/clients/c-jose')[0]?.body).toMatchObject({ birthday: '--11-07' });
    });

    it("shows a destructive 'Error' toast when the update fails", async () => {
      const ana = createClient({ id: 'c-ana', name: 'Ana Ruiz' });
      const { user } = await openClients({ clients: [ana], api: { 'PATCH /api/clients/c-ana': () => jsonResponse(404, { message: 'Client not found' }) } });

      await user.click(await screen.findByRole('button', { name: 'Edit Ana Ruiz' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Edit Client' })).getByRole('button', { name: 'Save Changes' }));

      const toast = await findToast('Error');
      expect(toast).toHaveAttribute('data-variant', 'destructive');
      expect(within(toast).getByText('Client not found')).toBeInTheDocument();
    });
  });

  describe('deleting a client', () => {
    it("asks 'Are you sure?' with the client's name, and Cancel keeps the client", async () => {
      const { user, fetchMock } = await openClients({ clients: [createClient({ id: 'c-ana', name: 'Ana Ruiz' })] });

      await user.click(await screen.findByRole('button', { name: 'Delete Ana Ruiz' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
      expect(within(dialog).getByText("This will permanently delete Ana Ruiz's information and cannot be undone.")).toBeInTheDocument();
      expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Delete']);

      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(callsTo(fetchMock, 'DELETE /api/clients/c-ana')).toHaveLength(0);
    });

    it("deletes on Delete and says 'Client deleted successfully'", async () => {
      const { user, fetchMock, setClients } = await openClients({
        clients: [createClient({ id: 'c-ana', name: 'Ana Ruiz' }), createClient({ name: 'Ben Cole' })],
        api: { 'DELETE /api/clients/c-ana': () => emptyResponse(204) },
      });
      setClients([createClient({ name: 'Ben Cole' })]);

      await user.click(await screen.findByRole('button', { name: 'Delete Ana Ruiz' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

      expect(await findToast('Client deleted successfully')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'DELETE /api/clients/c-ana')).toHaveLength(1);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Ana Ruiz' })).not.toBeInTheDocument());
    });

    it("shows a destructive 'Error' toast when the delete fails", async () => {
      const { user } = await openClients({
        clients: [createClient({ id: 'c-ana', name: 'Ana Ruiz' })],
        api: { 'DELETE /api/clients/c-ana': () => emptyResponse(500, 'Internal Server Error') },
      });

      await user.click(await screen.findByRole('button', { name: 'Delete Ana Ruiz' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

      const toast = await findToast('Error');
      expect(toast).toHaveAttribute('data-variant', 'destructive');
      expect(within(toast).getByText('500: Internal Server Error')).toBeInTheDocument();
    });
  });

  describe('importing a CSV file', () => {
    const csv = () => new File(['name,email,phone\nAna,ana@example.com,5551112222\n'], 'clients.csv', { type: 'text/csv' });

    it('accepts .csv and .vcf, says so, and keeps Import disabled until a file is chosen', async () => {
      const { user } = await openClients({ clients: [createClient()] });

      await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import Clients' });
      const input = within(dialog).getByLabelText('CSV or vCard file');
      expect(input).toHaveAttribute('accept', '.csv,.vcf');
      expect(within(dialog).getByText('.csv or .vcf, up to 5 MB and 5,000 rows or contacts')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

      await user.upload(input, csv());

      expect(within(dialog).getByText('clients.csv')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
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
      const { user, fetchMock } = await openClients({ clients: [createClient()], api: { 'POST /api/clients/import': () => answer.promise } });

      await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import Clients' });
      await user.upload(within(dialog).getByLabelText('CSV or vCard file'), csv());
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));

      expect(await within(dialog).findByRole('button', { name: 'Importing...' })).toBeDisabled();
      const sent = callsTo(fetchMock, 'POST /api/clients/import')[0]!.init.body as FormData;
      expect((sent.get('file') as File).name).toBe('clients.csv');

      answer.resolve(jsonResponse(200, result));

      expect(await findToast('Successfully imported 2 clients')).toBeInTheDocument();
      expect(await within(dialog).findByText(result.message)).toBeInTheDocument();
      const stats = within(dialog).getByText('Imported').closest('dl')!;
      expect(stats).toHaveTextContent('Imported2Updated1Skipped2');
      const errors = within(dialog).getByRole('region', { name: 'Rows with errors (2)' });
      expect(within(errors).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Row 4: Invalid email address', 'Row 7: Phone number is required']);
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
      const { user, fetchMock } = await openClients({ clients: [createClient()], api: { 'POST /api/clients/import': () => jsonResponse(200, result) } });

      await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import Clients' });
      const vcard = new File(['BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana\r\nEND:VCARD\r\n'], 'iCloud vCards.vcf', { type: 'text/vcard' });
      await user.upload(within(dialog).getByLabelText('CSV or vCard file'), vcard);
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));

      expect(await within(dialog).findByText(result.message)).toBeInTheDocument();
      expect((callsTo(fetchMock, 'POST /api/clients/import')[0]!.init.body as FormData).get('file')).toHaveProperty('name', 'iCloud vCards.vcf');
      const errors = within(dialog).getByRole('region', { name: 'Contacts with errors (1)' });
      expect(within(errors).getByRole('listitem')).toHaveTextContent('Card 2: email: Email is required');
    });

    it("shows a destructive 'Error' toast and the reason when the file is refused", async () => {
      const { user } = await openClients({
        clients: [createClient()],
        api: { 'POST /api/clients/import': () => jsonResponse(413, { message: 'The file is larger than 5 MB.', code: 'FILE_TOO_LARGE' }) },
      });

      await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import Clients' });
      await user.upload(within(dialog).getByLabelText('CSV or vCard file'), csv());
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));

      const toast = (await findToast('Error')).closest('[data-toast]')!;
      expect(toast).toHaveAttribute('data-variant', 'destructive');
      expect(toast).toHaveTextContent('The file is larger than 5 MB.');
      expect(within(dialog).getByText('The file is larger than 5 MB.')).toBeInTheDocument();
    });

    it('opens straight away from /clients?action=import', async () => {
      await openClients({ clients: [], url: '/clients?action=import' });

      expect(await screen.findByRole('dialog', { name: 'Import Clients' })).toBeInTheDocument();
    });
  });

  describe('client detail', () => {
    const milestones: ClientMilestone[] = [
      { type: 'profile-complete', name: 'Profile Complete', description: 'Every profile detail is filled in', icon: 'Star', achievedAt: '2025-02-01T15:00:00.000Z' },
      { type: 'home-1', name: '1 Year Homeowner', description: 'One year in their home', icon: 'Home', achievedAt: '2025-04-30T15:00:00.000Z' },
    ];

    it('shows achievements with tooltips, contact details, only the dates that are set, and the review status', async () => {
      const ana = createClient({
        id: 'c-ana',
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        phone: '(555) 111-2222',
        address: '1 Elm St, Springfield',
        birthday: '1985-03-14',
        purchaseDate: '2024-04-30',
        reviewStatus: 'requested',
        reviewRequestedAt: '2025-05-02T15:00:00.000Z',
      });
      const { user } = await openClients({ clients: [ana], api: { 'GET /api/clients/c-ana/milestones': () => jsonResponse(200, milestones) } });

      await user.click(await screen.findByRole('button', { name: 'Ana Ruiz' }));
      const dialog = await screen.findByRole('dialog', { name: 'Ana Ruiz' });

      const achievements = within(dialog).getByRole('region', { name: 'Achievements' });
      const badge = await within(achievements).findByText('Profile Complete');
      expect(within(achievements).getByText('1 Year Homeowner')).toBeInTheDocument();
      await user.hover(badge);
      const tooltip = await screen.findByRole('tooltip');
      expect(tooltip).toHaveTextContent('Every profile detail is filled in');
      expect(tooltip).toHaveTextContent('Achieved on Feb 1, 2025');

      const contact = within(dialog).getByRole('region', { name: 'Contact Information' });
      expect(within(contact).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute('href', 'mailto:ana@example.com');
      expect(within(contact).getByText('(555) 111-2222')).toBeInTheDocument();
      expect(within(contact).getByText('1 Elm St, Springfield')).toBeInTheDocument();

      const dates = within(dialog).getByRole('region', { name: 'Important Dates' });
      expect(within(dates).getByText('Birthday')).toBeInTheDocument();
      expect(within(dates).getByText('Mar 14, 1985')).toBeInTheDocument();
      expect(within(dates).getByText('Purchase Date')).toBeInTheDocument();
      expect(within(dates).queryByText('Anniversary')).not.toBeInTheDocument();
      expect(within(dates).queryByText('Last Contact')).not.toBeInTheDocument();

      const review = within(dialog).getByRole('region', { name: 'Review Status' });
      expect(within(review).getByText('Requested')).toBeInTheDocument();
      expect(within(review).getByText('Requested May 2, 2025')).toBeInTheDocument();
      expect(within(review).getByRole('button', { name: 'Check Review' })).toBeInTheDocument();
      expect(within(review).getByRole('button', { name: 'Request Review' })).toBeInTheDocument();
      expect(within(dialog).getByRole('region', { name: 'Video Testimonials' })).toBeInTheDocument();
    });

    it("checks for a review, shows the answer's message and reads the clients again", async () => {
      const ana = createClient({ id: 'c-ana', name: 'Ana Ruiz', reviewStatus: 'requested' });
      const check: ReviewCheck = { hasReview: true, message: 'Found a review from Ana Ruiz.', client: { ...ana, reviewStatus: 'submitted' } };
      const { user, fetchMock } = await openClients({
        clients: [ana],
        api: {
          'GET /api/clients/c-ana/milestones': () => jsonResponse(200, []),
          'POST /api/clients/c-ana/check-review': () => jsonResponse(200, check),
        },
      });

      await user.click(await screen.findByRole('button', { name: 'Ana Ruiz' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Ana Ruiz' })).getByRole('button', { name: 'Check Review' }));

      expect(await toasts().findByText('Found a review from Ana Ruiz.')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'GET /api/clients').length).toBeGreaterThanOrEqual(2);
    });

    it("shows a destructive 'Error' toast when the review check fails", async () => {
      const ana = createClient({ id: 'c-ana', name: 'Ana Ruiz' });
      const { user } = await openClients({
        clients: [ana],
        api: {
          'GET /api/clients/c-ana/milestones': () => jsonResponse(200, []),
          'POST /api/clients/c-ana/check-review': () => jsonResponse(400, { message: 'Add your Google Place ID first.' }),
        },
      });

      await user.click(await screen.findByRole('button', { name: 'Ana Ruiz' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Ana Ruiz' })).getByRole('button', { name: 'Check Review' }));

      const toast = await findToast('Error');
      expect(toast).toHaveAttribute('data-variant', 'destructive');
      expect(within(toast).getByText('Add your Google Place ID first.')).toBeInTheDocument();
    });

    it('says when there are no achievements or dates yet', async () => {
      const ana = createClient({ id: 'c-ana', name: 'Ana Ruiz' });
      const { user } = await openClients({ clients: [ana], api: { 'GET /api/clients/c-ana/milestones': () => jsonResponse(200, []) } });

      await user.click(await screen.findByRole('button', { name: 'Ana Ruiz' }));
      const dialog = await screen.findByRole('dialog', { name: 'Ana Ruiz' });

      expect(await within(dialog).findByText(/No achievements yet/)).toBeInTheDocument();
      expect(within(dialog).getByText(/No dates yet/)).toBeInTheDocument();
    });
  });
});
