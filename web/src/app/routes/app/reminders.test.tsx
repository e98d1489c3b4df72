import type { Client } from '../../../../../shared/api-types';
import { addDays, dateParts, formatDate } from '../../../../../shared/dates';
import { browserToday } from '../../../lib/dates';
import { createClient, createUser } from '../../../testing/data-generators';
import { jsonResponse } from '../../../testing/mock-api';
import { renderApp, screen, waitFor, within } from '../../../testing/test-utils';

const today = browserToday();

function keyDateIn(days: number, year = 1980): string {
  const { month, day } = dateParts(addDays(today, days));
  return formatDate(year, month, day);
}

async function openReminders(clients: Client[]) {
  const view = renderApp('/reminders', { user: createUser(), api: { 'GET /api/clients': () => jsonResponse(200, clients) } });
  await screen.findByRole('heading', { level: 1, name: 'Upcoming Reminders' }, { timeout: 5000 });
  await waitFor(() => expect(screen.queryByLabelText('Loading reminders')).not.toBeInTheDocument(), { timeout: 5000 });
  return view;
}

describe('/reminders', () => {
  it("says 'No upcoming reminders' when no client has a key date", async () => {
    await openReminders([createClient(), createClient()]);

    expect(await screen.findByText('No upcoming reminders')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Clients' })).toHaveAttribute('href', '/clients');
  });

  it('lists every future event, soonest first, with no 60-day window and no cap of 5', async () => {
    const days = [300, 1, 90, 45, 200, 0, 61, 150];
    await openReminders(days.map((d) => createClient({ name: `In ${d}`, birthday: keyDateIn(d) })));

    const section = await screen.findByRole('region', { name: 'All Future Reminders' });
    const names = within(section)
      .getAllByRole('listitem')
      .map((item) => within(item).getByText(/^In \d+$/).textContent);
    expect(names).toEqual(['In 0', 'In 1', 'In 45', 'In 61', 'In 90', 'In 150', 'In 200', 'In 300']);
    expect(within(section).getByText('8 reminders')).toBeInTheDocument();
  });

  it('shows each event with its client, type and date, grouped by month', async () => {
    await openReminders([createClient({ name: 'Ana Ruiz', purchaseDate: keyDateIn(5, Number(today.slice(0, 4)) - 2) })]);

    const section = await screen.findByRole('region', { name: 'All Future Reminders' });
    const item = within(section).getByRole('listitem');
    expect(item).toHaveTextContent('Ana Ruiz');
    expect(item).toHaveTextContent(/\d Year Home Anniversary/);
    expect(within(item).getByText((_, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') === addDays(today, 5))).toBeInTheDocument();
    expect(within(section).getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(1);
  });

  it('lists a birthday without a year on its next day, as a plain Birthday with no age', async () => {
    const { month, day } = dateParts(addDays(today, 3));
    await openReminders([createClient({ name: 'José Ñúñez', birthday: `--${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` })]);

    const section = await screen.findByRole('region', { name: 'All Future Reminders' });
    const item = within(section).getByRole('listitem');
    expect(item).toHaveTextContent('José Ñúñez');
    expect(item).toHaveTextContent('Birthday');
    expect(item).not.toHaveTextContent(/turns|years? old|\bage\b/i);
    expect(within(item).getByText((_, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') === addDays(today, 3))).toBeInTheDocument();
  });

  it('pages through thousands of events', async () => {
    const clients = Array.from({ length: 120 }, (_, i) => createClient({ name: `Client ${i}`, birthday: keyDateIn(i % 365) }));
    const { user } = await openReminders(clients);

    const section = await screen.findByRole('region', { name: 'All Future Reminders' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(50);
    expect(within(section).getByText('1–50 of 120')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Go to next page' }));
    expect(within(section).getByText('51–100 of 120')).toBeInTheDocument();
  });
});
