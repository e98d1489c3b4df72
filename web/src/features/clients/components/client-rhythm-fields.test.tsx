// The client form's custom dates, keep-in-touch rhythm and time zone: what the agent enters is what the form hands
// on (a date with "Year unknown" as --MM-DD, no rhythm left out and cleared by the edit), an existing client's are
// shown back, and a rhythm out of range is refused on its field.
import type { ClientInput } from '@shared/client-schema';
import { KEY_DATE_MESSAGES } from '@shared/key-dates';
import { createClient } from '@/testing/data-generators';
import { fill, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { toClientChanges } from '@/lib/client-changes';
import { ClientFormDialog } from './client-form-dialog';

function openForm(client = createClient({ name: 'Ana Ruiz', keyDates: [], cadenceDays: null, timeZone: null })) {
  const onSubmit = jest.fn<Promise<void>, [ClientInput, unknown]>(async () => undefined);
  const view = renderWithProviders(
    <ClientFormDialog open client={client} onClose={() => undefined} onSubmit={onSubmit} />,
  );
  return { ...view, onSubmit };
}

describe('the client form’s custom dates and rhythm', () => {
  it('adds a date with an unknown year, a rhythm and a time zone, and submits them', async () => {
    const { user, onSubmit } = openForm();
    await user.click(screen.getByRole('button', { name: 'Add a date' }));
    const row = screen.getByRole('group', { name: 'Custom date 1' });
    await fill(user, within(row).getByLabelText('Label'), 'Lease ends');
    await fill(user, within(row).getByLabelText('Date'), '2000-03-31');
    await user.click(within(row).getByLabelText('Year unknown'));
    await user.selectOptions(screen.getByLabelText('Keep in touch'), 'every');
    const days = screen.getByLabelText('Every how many days');
    await user.clear(days);
    await fill(user, days, '45');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/Paris');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      keyDates: [{ label: 'Lease ends', date: '--03-31' }],
      cadenceDays: 45,
      timeZone: 'Europe/Paris',
    });
  });

  it('shows a client’s dates and rhythm, removes a date, and turns the rhythm off', async () => {
    const { user, onSubmit } = openForm(
      createClient({
        keyDates: [
          { label: 'Son turns 16', date: '2010-05-02' },
          { label: 'Leap day', date: '--02-29' },
        ],
        cadenceDays: 30,
      }),
    );
    const second = screen.getByRole('group', { name: 'Custom date 2' });
    expect(within(second).getByLabelText('Date')).toHaveValue('2000-02-29');
    expect(within(second).getByLabelText('Year unknown')).toBeChecked();
    expect(screen.getByLabelText('Every how many days')).toHaveValue('30');
    await user.click(screen.getByRole('button', { name: 'Remove Son turns 16' }));
    await user.selectOptions(screen.getByLabelText('Keep in touch'), 'none');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const input = onSubmit.mock.calls[0]![0] as ClientInput;
    expect(input.keyDates).toEqual([{ label: 'Leap day', date: '--02-29' }]);
    // No rhythm is left blank, as every optional field; the edit's PATCH clears it.
    expect(input.cadenceDays).toBeUndefined();
    expect(toClientChanges(input)).toMatchObject({
      keyDates: [{ label: 'Leap day', date: '--02-29' }],
      cadenceDays: null,
    });
  });

  it('refuses a rhythm out of range on its field, and sends nothing', async () => {
    const { user, onSubmit } = openForm();
    await user.selectOptions(screen.getByLabelText('Keep in touch'), 'every');
    const days = screen.getByLabelText('Every how many days');
    await user.clear(days);
    await fill(user, days, '3');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(KEY_DATE_MESSAGES.cadence)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
