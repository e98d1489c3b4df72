import type { AdminAgent } from '@shared/api-types';
import { createAdminAgent, createUser } from '@/testing/data-generators';
import { jsonResponse } from '@/testing/mock-api';
import { columnHeadings, expectRowShows } from '@/testing/tables';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

async function openAgentsList(agents: AdminAgent[]) {
  const view = renderApp('/agents-list', {
    user: createUser({ isAdmin: true }),
    api: { 'GET /api/agents': () => jsonResponse(200, agents) },
  });
  await screen.findByRole('heading', { level: 1, name: 'Agent List' }, { timeout: 10_000 });
  return view;
}

describe('/agents-list', () => {
  it("shows 'Not authorized' to an agent", async () => {
    renderApp('/agents-list', { user: createUser() });
    expect(await screen.findByRole('heading', { name: 'Not authorized' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("lists each agent's username, phone ('Not provided'), signup, last login ('Never') and total clients, with a back link", async () => {
    await openAgentsList([
      createAdminAgent({
        id: 'a1',
        username: 'ana@realty.test',
        fullName: 'Ana Ruiz',
        phone: '(512) 555-0101',
        signupDate: '2025-01-15T12:00:00.000Z',
        lastLoginDate: '2026-03-02T15:00:00.000Z',
        clientCount: 12,
        isPro: true,
      }),
      createAdminAgent({ id: 'a2', username: 'ben@realty.test', fullName: 'Ben Cole', clientCount: 0 }),
    ]);
    expect(screen.getByRole('link', { name: 'Back to Admin Dashboard' })).toHaveAttribute('href', '/admin');
    const table = await screen.findByRole('table', { name: 'Agents' });
    expect(columnHeadings(table)).toEqual(['Agent', 'Phone', 'Signup Date', 'Last Login', 'Total Clients']);
    expectRowShows(table, 'ana@realty.test', '(512) 555-0101', 'Jan 15, 2025', 'Mar 2, 2026', '12');
    expectRowShows(table, 'ben@realty.test', 'Not provided', 'Never');
  });

  it('stays usable with thousands of agents: paged, and searchable by name or e-mail', async () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      createAdminAgent({ id: `a${i}`, username: `agent${i}@realty.test`, fullName: `Agent Number ${i}` }),
    );
    const { user } = await openAgentsList(many);
    const table = await screen.findByRole('table', { name: 'Agents' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    await user.type(screen.getByPlaceholderText('Search agents...'), 'agent2999@');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('agent2999@realty.test')).toBeInTheDocument();
  });

  it('shows a paused agent with why, and lifts the pause', async () => {
    const paused = createAdminAgent({
      id: 'p1',
      username: 'pat@realty.test',
      sendingPaused: { reason: 'bounces', since: '2026-03-02T15:00:00.000Z' },
    });
    let body: unknown;
    const { user } = renderApp('/agents-list', {
      user: createUser({ isAdmin: true }),
      api: {
        'GET /api/agents': () => jsonResponse(200, [paused]),
        'POST /api/admin/agents/p1/sending': (request) => {
          body = request.body;
          return jsonResponse(200, { ...paused, sendingPaused: null });
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Agents' }, { timeout: 10_000 });
    expect(within(table).getByText('Sending paused: bounces')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Lift the sending pause of pat@realty.test' }));
    expect(await screen.findByText('pat@realty.test can send to clients again.')).toBeInTheDocument();
    expect(body).toEqual({ paused: false });
    await waitFor(() => expect(within(table).queryByText('Sending paused: bounces')).not.toBeInTheDocument());
  });
});
