import type { ClientMerge, DuplicateGroups } from '@shared/api-types';
import { createClient, createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse } from '@/testing/mock-api';
import { findPageHeading, renderApp, screen, within } from '@/testing/test-utils';

const DUPLICATES = 'GET /api/clients/duplicates';
const MERGE = 'POST /api/clients/merge';

const older = createClient({ id: 'keep', name: 'Maria Lopez', email: 'maria@example.com', birthday: '1980-05-04' });
const newer = createClient({
  id: 'other',
  name: 'Maria López',
  email: 'maria.l@example.com',
  address: '9 Other Rd',
  createdAt: '2025-02-01T10:00:00.000Z',
});
const found: DuplicateGroups = { groups: [{ clientIds: ['keep', 'other'], reason: 'phone' }], clients: [older, newer] };
const merged: ClientMerge = {
  id: 'merge-1',
  client: { ...older, address: '9 Other Rd' },
  mergedId: 'other',
  undoUntil: new Date(Date.now() + 600_000).toISOString(),
};

describe('/clients/duplicates', () => {
  it('shows a group side by side with its differing fields marked, and merges the other client into the one kept after a confirmation', async () => {
    let groups = found;
    const { user, fetchMock } = renderApp('/clients/duplicates', {
      user: createUser(),
      api: {
        [DUPLICATES]: () => jsonResponse(200, groups),
        [MERGE]: () => {
          groups = { groups: [], clients: [] };
          return jsonResponse(200, merged);
        },
        'POST /api/clients/merge/merge-1/undo': () => {
          groups = found;
          return jsonResponse(200, { clients: [older, newer] });
        },
      },
    });
    await findPageHeading('Possible duplicates');
    const group = await screen.findByRole('region', { name: 'Same phone number' });
    expect(within(group).getByRole('columnheader', { name: /Maria López/ })).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: 'Maria López' })).toHaveAttribute('href', '/clients/other');
    expect(within(group).getByRole('rowheader', { name: 'Address (differs)' })).toBeInTheDocument();
    expect(within(group).getByRole('rowheader', { name: 'Phone' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Keep Maria Lopez (maria@example.com)' })).toBeChecked();

    await user.click(within(group).getByRole('button', { name: 'Merge Maria López into Maria Lopez' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge Maria López into Maria Lopez?' });
    expect(dialog).toHaveTextContent('You can undo this for 10 minutes.');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(callsTo(fetchMock, MERGE).map((call) => call.body)).toEqual([{ keepId: 'keep', mergeId: 'other' }]);
    expect(await screen.findByText('Maria López merged into Maria Lopez.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No duplicates found' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(callsTo(fetchMock, 'POST /api/clients/merge/merge-1/undo')).toHaveLength(1);
    expect(await screen.findByRole('region', { name: 'Same phone number' })).toBeInTheDocument();
  });

  it('merges into the client the agent picks, and shows why a merge was refused', async () => {
    const { user, fetchMock } = renderApp('/clients/duplicates', {
      user: createUser(),
      api: {
        [DUPLICATES]: () => jsonResponse(200, found),
        [MERGE]: () =>
          jsonResponse(409, { message: 'This client is not confirmed yet.', code: 'REGISTRATION_PENDING' }),
      },
    });
    const group = await screen.findByRole('region', { name: 'Same phone number' });
    await user.click(within(group).getByRole('radio', { name: 'Keep Maria López (maria.l@example.com)' }));
    await user.click(within(group).getByRole('button', { name: 'Merge Maria Lopez into Maria López' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByText('This client is not confirmed yet.')).toBeInTheDocument();
    expect(callsTo(fetchMock, MERGE).map((call) => call.body)).toEqual([{ keepId: 'other', mergeId: 'keep' }]);
  });

  it('links from the clients page with the number of groups', async () => {
    renderApp('/clients', {
      user: createUser(),
      api: {
        [DUPLICATES]: () => jsonResponse(200, found),
        'GET /api/clients?*': () => jsonResponse(200, { clients: [older, newer], nextCursor: null, total: 2 }),
        'GET /api/client-invitations': () => jsonResponse(200, []),
      },
    });
    expect(await screen.findByText('1 possible duplicate in your clients.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review duplicates' })).toHaveAttribute('href', '/clients/duplicates');
  });
});
