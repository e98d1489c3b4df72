// A broadcast in a real browser: from the clients page the agent starts a holiday e-mail to the clients with a tag,
// the dialog follows the drafting job to its end, and on Today "Approve all" sends every message; axe finds nothing
// serious in the dialog or on Today.
import { expectAxeClean } from './support/axe';
import { expect, outbox, registerAgentViaApi, snap, test } from './support/fixtures';

const RECIPIENTS = ['ana.broadcast@example.com', 'ben.broadcast@example.com'];

test.describe('broadcasts', () => {
  test('a broadcast to a tag is drafted, then approved on Today with "Approve all"', async ({ page }) => {
    test.slow(); // two pages, a job and an axe pass on each, on a loaded 2-core machine
    await registerAgentViaApi(page);
    const origin = test.info().project.use.baseURL!;
    for (const [i, email] of RECIPIENTS.entries()) {
      const res = await page.request.post('/api/clients', {
        data: { name: `${['Ana', 'Ben'][i]} Broadcast`, email, phone: '(512) 555-0100', tags: ['Past buyer'] },
        headers: { origin },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto('/clients');
    await page.getByRole('button', { name: 'New broadcast' }).click();
    const dialog = page.getByRole('dialog', { name: 'New broadcast' });
    await expect(dialog.getByRole('radio', { name: 'Clients with a tag' })).toBeChecked();
    await expect(dialog.getByLabel('Tag', { exact: true })).toHaveValue('Past buyer');
    await dialog.getByLabel('Occasion').selectOption('holiday');
    await dialog.getByLabel('Instructions').fill('Wish them a happy new year.');
    await expectAxeClean(page, 'the new broadcast dialog', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Start broadcast' }).click();

    await expect(dialog.getByText('2 messages written for 2 clients')).toBeVisible();
    await expect(dialog.getByText('2 waiting for your approval on Today')).toBeVisible();
    await expectAxeClean(page, 'the broadcast status', '[role="dialog"]');
    await snap(page, 'broadcast-status');
    await dialog.getByRole('link', { name: 'Review on Today' }).click();

    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByText('2 messages wait for your approval.')).toBeVisible();
    await expectAxeClean(page, 'Today with a broadcast');
    await page.getByRole('button', { name: 'Approve all' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('2 messages sent');
    await expect(page.getByRole('heading', { name: 'Nothing waits for you today' })).toBeVisible();
    await expect.poll(async () => (await outbox.messages()).filter((m) => RECIPIENTS.includes(m.to)).length).toBe(2);
  });
});
