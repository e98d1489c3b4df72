import type { Client } from '@shared/api-types';
import { addDays, dateParts, formatDate } from '@shared/dates';
import { browserToday } from '@/lib/dates';
import { createClient, createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { reminderPages } from '@/testing/reminder-pages';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

const today = browserToday();

function keyDateIn(days: number, year = 1980): string {
  const { month, day } = dateParts(addDays(today, days));
  return formatDate(year, month, day);
}

const PAGES = 'GET /api/reminders?*';

async function openReminders(clients: Client[], api: MockRoutes = {}) {
  const view = renderApp('/reminders', { user: createUser(), api: { [PAGES]: reminderPages(clients, today), ...api } });
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
    await openReminders([
      createClient({ name: 'Ana Ruiz', purchaseDate: keyDateIn(5, Number(today.slice(0, 4)) - 2) }),
    ]);

    const section = await screen.findByRole('region', { name: 'All Future Reminders' });
    const item = within(section).getByRole('listitem');
    expect(item).toHaveTextContent('Ana Ruiz');
    expect(item).toHaveTextContent(/\d Year Home Anniversary/);
    expect(
      within(item).getByText((_, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') === addDays(today, 5)),
    ).toBeInTheDocument();
    expect(within(section).getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(1);
  });

  it('lists a birthday without a year on its next day, as a plain Birthday with no age', async () => {
    const { month, day } = dateParts(addDays(today, 3));
    await openReminders([
      createClient({
        name: 'José Ñúñez',
        birthday: `--${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      }),
    ]);

    const section = await screen.findByRole('region', { name: 'All Future Reminders' });
    const item = within(section).getByRole('listitem');
    expect(item).toHaveTextContent('José Ñúñez');
    expect(item).toHaveTextContent('Birthday');
    expect(item).not.toHaveTextContent(/turns|years? old|\bage\b/i);
    expect(
      within(item).getByText((_, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') === addDays(today, 3)),
    ).toBeInTheDocument();
  });

  it('reads the occasions a page at a time from the API, and Show more reads the next page from the cursor', async () => {
    const clients = Array.from({ length: 12 }, (_, i) =>
      createClient({ name: `Client ${String(i).padStart(3, '0')}`, birthday: keyDateIn(i * 30) }),
    );
    const { user, fetchMock } = await openReminders(clients, {
      [PAGES]: reminderPages(clients, today, { pageSize: 5 }),
    });

    const section = await screen.findByRole('region', { name: 'All Future Reminders' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    expect(within(section).getByText('5 shown')).toBeInTheDocument();
    expect(callsTo(fetchMock, PAGES).map((r) => r.url)).toEqual(['/api/reminders?limit=50']);

    await user.click(within(section).getByRole('button', { name: 'Show more reminders' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(10));
    expect(callsTo(fetchMock, PAGES).at(-1)!.url).toBe('/api/reminders?limit=50&cursor=5');
    await user.click(within(section).getByRole('button', { name: 'Show more reminders' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(12));

    // The last page: every occasion shown, counted, and no more to read.
    expect(within(section).getByText('12 reminders')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Show more reminders' })).not.toBeInTheDocument();
    const names = within(section)
      .getAllByRole('listitem')
      .map((item) => within(item).getByText(/^Client \d+$/).textContent);
    expect(names).toEqual(clients.map((c) => c.name));
    // Never the whole book.
    expect(callsTo(fetchMock, 'GET /api/clients')).toHaveLength(0);
  });

  it('keeps what it shows when the next page fails, and reads it again on Try again', async () => {
    const clients = Array.from({ length: 8 }, (_, i) =>
      createClient({ name: `Client ${String(i).padStart(3, '0')}`, birthday: keyDateIn(i) }),
    );
    let fail = true;
    const pages = reminderPages(clients, today, { pageSize: 5 });
    const { user } = await openReminders(clients, {
      [PAGES]: (request) =>
        request.url.includes('cursor=') && fail
          ? jsonResponse(500, { message: 'Something went wrong' })
          : pages(request),
    });
    const section = await screen.findByRole('region', { name: 'All Future Reminders' });

    await user.click(within(section).getByRole('button', { name: 'Show more reminders' }));
    expect(await within(section).findByText("We couldn't load more reminders.")).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);

    fail = false;
    await user.click(within(section).getByRole('button', { name: /try again/i }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(8));
    expect(within(section).getByText('8 reminders')).toBeInTheDocument();
  });

  it("says so when the reminders can't be read, and reads them again on Try again", async () => {
    let fail = true;
    const clients = [createClient({ name: 'Ana Ruiz', birthday: keyDateIn(4) })];
    const pages = reminderPages(clients, today);
    const { user } = renderApp('/reminders', {
      user: createUser(),
      api: { [PAGES]: (request) => (fail ? jsonResponse(500, { message: 'Down' }) : pages(request)) },
    });
    expect(await screen.findByText("We couldn't load your reminders.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('Ana Ruiz')).toBeInTheDocument();
  });
});
