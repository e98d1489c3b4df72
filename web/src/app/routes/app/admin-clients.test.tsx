import type { AdminClient, CreatedClient } from '@shared/api-types';
import { createAdminAgent, createClient, createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { columnHeadings, expectRowShows } from '@/testing/tables';
import { fill, findPageHeading, renderApp, screen, toastRegion, waitFor, within } from '@/testing/test-utils';

const ana = createAdminAgent({ id: 'agent-ana', username: 'ana@realty.test', clientCount: 2 });
const ben = createAdminAgent({ id: 'agent-ben', username: 'ben@realty.test', clientCount: 1 });

function adminClient(overrides: Partial<AdminClient> = {}): AdminClient {
  return { ...createClient(), agentUsername: ana.username, agentId: ana.id, ...overrides };
}

const all = [
  adminClient({
    id: 'c1',
    name: 'Maria Lopez',
    email: 'maria@example.com',
    phone: '(512) 555-0101',
    reviewStatus: 'submitted',
  }),
  adminClient({ id: 'c2', name: 'James Carter', email: 'james@example.com', phone: '' }),
  adminClient({ id: 'c3', name: 'Orphan Olive', email: 'olive@example.com', agentId: 'gone', agentUsername: null }),
];

async function openAdminClients({
  clients = all,
  api = {},
  url = '/admin-clients',
}: { clients?: AdminClient[]; api?: MockRoutes; url?: string } = {}) {
  const view = renderApp(url, {
    user: createUser({ isAdmin: true }),
    api: {
      'GET /api/agents': () => jsonResponse(200, [ana, ben]),
      'GET /api/admin/clients?limit=1000': () => jsonResponse(200, { clients, nextCursor: null }),
      [`GET /api/admin/clients/${ana.id}?limit=1000`]: () =>
        jsonResponse(200, { clients: clients.filter((c) => c.agentId === ana.id), nextCursor: null }),
      ...api,
    },
  });
  await findPageHeading('Manage Client Data', { timeout: 10_000 });
  return view;
}

/** Opens Add Client once the list is in, fills in Dana Fox and submits; returns the dialog. */
async function addDanaFox(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByText('Maria Lopez');
  await user.click(screen.getByRole('button', { name: 'Add Client' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
  await fill(user, within(dialog).getByLabelText('Name'), 'Dana Fox');
  await fill(user, within(dialog).getByLabelText('Email'), 'dana@example.com');
  await fill(user, within(dialog).getByLabelText('Phone'), '(555) 222-3333');
  await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));
  return dialog;
}

const toasts = () => within(toastRegion());
/** Waits for a toast with this text (the notification region appears with the first toast). */
const findToast = (text: string) => waitFor(() => toasts().getByText(text), { timeout: 5000 });

describe('/admin-clients', () => {
  it("shows 'Not authorized' to an agent", async () => {
    renderApp('/admin-clients', { user: createUser() });
    expect(await screen.findByRole('heading', { name: 'Not authorized' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("lists every agent's clients with name and e-mail, phone, agent, review status and edit", async () => {
    await openAdminClients();
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(columnHeadings(table)).toEqual(['Name', 'Phone', 'Agent', 'Review Status', 'Edit']);
    expectRowShows(table, 'Maria Lopez', 'maria@example.com', '(512) 555-0101', 'ana@realty.test', 'Submitted');
    expectRowShows(table, 'James Carter', 'Not provided');
    expectRowShows(table, 'Orphan Olive', 'Unknown');
    expect(within(table).getByRole('button', { name: 'Edit Maria Lopez' }).closest('tr')).toHaveTextContent(
      'Maria Lopez',
    );
  });

  it('filters by agent (All Agents with the total, each agent with its count) and enables Add Client for one agent', async () => {
    const { user, fetchMock } = await openAdminClients();
    const filter = screen.getByRole('combobox', { name: 'Agent' });
    await waitFor(() => expect(filter).toHaveValue('All Agents (3)'));
    expect(screen.getByRole('button', { name: 'Add Client' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import contacts' })).toBeDisabled();

    await user.click(filter);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All Agents (3)', 'ana@realty.test (2)', 'ben@realty.test (1)']);
    await user.click(screen.getByRole('option', { name: 'ana@realty.test (2)' }));

    await waitFor(() => expect(callsTo(fetchMock, `GET /api/admin/clients/${ana.id}?limit=1000`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Orphan Olive')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add Client' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Import contacts' })).toBeEnabled();
  });

  it('searches by name or e-mail as the admin types', async () => {
    const { user } = await openAdminClients();
    await screen.findByText('Maria Lopez');
    await user.type(screen.getByPlaceholderText('Search clients...'), 'JAMES@');
    await waitFor(() => expect(screen.queryByText('Maria Lopez')).not.toBeInTheDocument());
    expect(screen.getByText('James Carter')).toBeInTheDocument();
  });

  it('reads every page the server hands out', async () => {
    await openAdminClients({
      api: {
        'GET /api/admin/clients?limit=1000': () => jsonResponse(200, { clients: [all[0]], nextCursor: 'page 2' }),
        'GET /api/admin/clients?limit=1000&cursor=page%202': () =>
          jsonResponse(200, { clients: [all[1]], nextCursor: null }),
      },
    });
    expect(await screen.findByText('Maria Lopez')).toBeInTheDocument();
    expect(screen.getByText('James Carter')).toBeInTheDocument();
    expect(screen.getByText('2 clients')).toBeInTheDocument();
  });

  it('pages long lists, 25 rows at a time', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      adminClient({ id: `m${i}`, name: `Member ${String(i).padStart(2, '0')}` }),
    );
    const { user } = await openAdminClients({ clients: many });
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(within(table).getByText('Member 25')).toBeInTheDocument();
  });

  describe('Export CSV', () => {
    it('sends the filtered clients (with their agents) and says Export successful', async () => {
      const createObjectURL = jest.fn(() => 'blob:csv');
      Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      try {
        const { user, fetchMock } = await openAdminClients({
          api: {
            'POST /api/admin/clients/export': () =>
              new Response('\uFEFF"name"\r\n"Maria Lopez"\r\n', {
                status: 200,
                headers: { 'Content-Type': 'text/csv' },
              }),
          },
        });
        await screen.findByText('Maria Lopez');
        await user.type(screen.getByPlaceholderText('Search clients...'), 'maria');
        await waitFor(() => expect(screen.queryByText('James Carter')).not.toBeInTheDocument());
        await user.click(screen.getByRole('button', { name: 'Export CSV' }));
        expect(await findToast('Export successful')).toBeInTheDocument();
        expect(callsTo(fetchMock, 'POST /api/admin/clients/export')[0]!.body).toEqual({
          clients: [{ id: 'c1', agentId: ana.id }],
        });
        expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
          /^clients-export-\d{4}-\d{2}-\d{2}\.csv$/,
        );
      } finally {
        click.mockRestore();
      }
    });

    it("says 'No clients to export' when nothing matches the filters, without calling the server", async () => {
      const { user, fetchMock } = await openAdminClients();
      await screen.findByText('Maria Lopez');
      await user.type(screen.getByPlaceholderText('Search clients...'), 'nobody at all');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await findToast('No clients to export')).toBeInTheDocument();
      expect(toasts().getByText('There are no clients matching your current filters.')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/admin/clients/export')).toHaveLength(0);
    });

    it("says 'Failed to export clients' when the export fails", async () => {
      const { user } = await openAdminClients({
        api: {
          'POST /api/admin/clients/export': () =>
            jsonResponse(400, { message: 'At most 10,000 clients can be exported at once.' }),
        },
      });
      await screen.findByText('Maria Lopez');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await findToast('Failed to export clients')).toBeInTheDocument();
      expect(toasts().getByText('At most 10,000 clients can be exported at once.')).toBeInTheDocument();
    });
  });

  it('adds a client for the chosen agent', async () => {
    const created: CreatedClient = { ...createClient({ name: 'Dana Fox', agentId: ana.id }), remainingFreeSlots: 7 };
    const { user, fetchMock } = await openAdminClients({
      url: `/admin-clients?agent=${ana.id}`,
      api: { 'POST /api/clients': () => jsonResponse(201, created) },
    });
    await addDanaFox(user);
    expect(await findToast('Client added successfully')).toBeInTheDocument();
    expect(toasts().getByText('You can add 7 more client(s) on the free plan')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/clients')[0]!.body).toMatchObject({
      name: 'Dana Fox',
      email: 'dana@example.com',
      agentId: ana.id,
    });
  });

  it("shows the server's refusal when the agent's free plan is full", async () => {
    const message =
      'ana@realty.test is on the free plan, which allows at most 10 clients. The agent can upgrade to Pro for unlimited clients.';
    const { user } = await openAdminClients({
      url: `/admin-clients?agent=${ana.id}`,
      api: { 'POST /api/clients': () => jsonResponse(403, { message, code: 'UPGRADE_REQUIRED' }) },
    });
    const dialog = await addDanaFox(user);
    // The form stays open, and the toast is announced over it (the modal hides only the page).
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Dana Fox');
  });

  it("edits a client on its agent's behalf", async () => {
    const { user, fetchMock } = await openAdminClients({
      api: { 'PATCH /api/clients/c2': () => jsonResponse(200, { ...all[1], name: 'James Carter Jr' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit James Carter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Client' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await fill(user, name, 'James Carter Jr');
    await fill(user, within(dialog).getByLabelText('Phone'), '5125550102');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Client updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/clients/c2')[0]!.body).toMatchObject({
      name: 'James Carter Jr',
      agentId: ana.id,
    });
  });
});
