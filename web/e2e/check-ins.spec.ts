// Custom key dates and the keep-in-touch rhythm in a real browser: the client form adds a custom date (year unknown)
// and a rhythm, the client's last contact makes them due, Today lists them, and Done takes them off the list.
import { addDays } from '@shared/dates';
import { addClientViaApi, expect, registerAgentViaApi, snap, test, today } from './support/fixtures';
import { expectAxeClean } from './support/axe';

test.describe('check-ins', () => {
  test('adds a custom date and a rhythm in the form, shows the client due on Today, and marks the check-in done', async ({
    page,
  }) => {
    await registerAgentViaApi(page);
    const { id } = await addClientViaApi(page, { name: 'Maria Lopez', email: 'maria.checkin@example.com' });
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Edit Maria Lopez' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Client' });

    await form.getByRole('button', { name: 'Add a date' }).click();
    const row = form.getByRole('group', { name: 'Custom date 1' });
    await row.getByLabel('Label').fill('Lease ends');
    await row.getByLabel('Date').fill('2000-03-31');
    await row.getByLabel('Year unknown').check();
    await form.getByLabel('Keep in touch').selectOption('every');
    await form.getByLabel('Every how many days').fill('14');
    await expectAxeClean(page, 'the client form with a custom date and a rhythm', '[role="dialog"]');
    await snap(page, 'client-form-custom-dates');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(form).toBeHidden();

    const saved = ((await (await page.request.get('/api/clients?limit=500')).json()) as { clients: unknown[] }).clients;
    expect(saved).toEqual([
      expect.objectContaining({ id, keyDates: [{ label: 'Lease ends', date: '--03-31' }], cadenceDays: 14 }),
    ]);
    // The last contact, three weeks ago: the rhythm of two weeks says the client is due.
    const touched = await page.request.post(`/api/clients/${id}/touches`, {
      data: { kind: 'call', date: addDays(today, -21) },
      headers: { origin: test.info().project.use.baseURL! },
    });
    expect(touched.status()).toBe(201);

    await page.goto('/today');
    const card = page.getByRole('region', { name: 'Due for a check-in' });
    await expect(card.getByText('Maria Lopez')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Maria Lopez' })).toHaveAttribute('href', `/clients/${id}`);
    await expectAxeClean(page, 'Today with a client due for a check-in');
    await snap(page, 'today-check-ins');
    await card.getByRole('button', { name: 'Done: checked in with Maria Lopez' }).click();
    await expect(card.getByText('Nobody is due for a check-in.', { exact: false })).toBeVisible();
    await expect(card.getByText('Maria Lopez')).toBeHidden();
  });
});
