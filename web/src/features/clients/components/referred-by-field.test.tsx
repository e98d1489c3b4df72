// The client form's "Referred by": the agent searches their own clients and picks the referrer, whose id the save
// sends; the form shows a saved referrer by name, sends nothing of it while it is unchanged, and null once cleared.
import type { ClientInput } from '@shared/client-schema';
import { clientPages } from '@/testing/client-pages';
import { createClient } from '@/testing/data-generators';
import { callsTo, jsonResponse, mockApi } from '@/testing/mock-api';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { toClientChanges } from '@/lib/client-changes';
import { ClientFormDialog } from './client-form-dialog';

const dana = createClient({ id: 'c-dana', name: 'Dana Lee', email: 'dana@example.com' });
const david = createClient({ id: 'c-david', name: 'David Park', email: 'david@example.com' });
const ana = createClient({ id: 'c-ana', name: 'Ana Daley', keyDates: [], cadenceDays: null, timeZone: null });

function openForm(client = ana) {
  const fetchMock = mockApi({
    'GET /api/clients?*': clientPages(() => [dana, david, ana]),
    'GET /api/clients/c-dana': () => jsonResponse(200, dana),
    // The edit form's tags field reads the agent's tags.
    'GET /api/tags': () => jsonResponse(200, { tags: [] }),
  });
  const onSubmit = jest.fn<Promise<void>, [ClientInput, unknown]>(async () => undefined);
  const view = renderWithProviders(
    <ClientFormDialog open client={client} onClose={() => undefined} onSubmit={onSubmit} />,
  );
  return { ...view, onSubmit, fetchMock };
}

describe('the client form’s Referred by', () => {
  it("searches the agent's clients (not the client itself) and sends the referrer's id", async () => {
    const { user, onSubmit, fetchMock } = openForm();
    const field = screen.getByRole('combobox', { name: 'Referred by' });
    await user.type(field, 'd');

    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2));
    // Ana Daley matches too, but is the client being edited.
    expect(within(listbox).queryByText('Ana Daley')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/clients?*').map((call) => call.url)).toEqual(['/api/clients?limit=8&q=d']);
    await user.click(within(listbox).getByText('Dana Lee'));
    expect(field).toHaveValue('Dana Lee');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].referredBy).toBe('c-dana');
    expect(toClientChanges(onSubmit.mock.calls[0]![0])).toMatchObject({ referredBy: 'c-dana' });
  });

  it('shows the saved referrer by name, leaves it out of an edit that keeps it, and sends null once cleared', async () => {
    const { user, onSubmit } = openForm({ ...ana, referredBy: 'c-dana' });
    const field = screen.getByRole('combobox', { name: 'Referred by' });
    await waitFor(() => expect(field).toHaveValue('Dana Lee'));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toClientChanges(onSubmit.mock.calls[0]![0])).not.toHaveProperty('referredBy');

    // Emptying the field clears it, as the Clear button does.
    await user.clear(field);
    expect(field).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(toClientChanges(onSubmit.mock.calls[1]![0])).toMatchObject({ referredBy: null });
  });
});
