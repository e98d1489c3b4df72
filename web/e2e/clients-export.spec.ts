// The agent's own export in a real browser: Export CSV downloads hearthside-clients-<date>.csv from
// the link the server signs, with every client and formula cells made harmless.
import { readFile } from 'node:fs/promises';
import { addClientViaApi, expect, registerAgentViaApi, snap, test } from './support/fixtures';

test('Export CSV downloads every client of the agent', async ({ page }) => {
  await registerAgentViaApi(page);
  await addClientViaApi(page, {
    name: 'Avery Export',
    email: 'avery.export@example.com',
    address: '5 Pine Road, Austin, TX',
  });
  await addClientViaApi(page, { name: '=SUM(1+1)', email: 'formula.export@example.com' });
  await page.goto('/clients');
  await expect(page.getByRole('link', { name: 'Avery Export', exact: true })).toBeVisible();
  await snap(page, 'clients-export-header');

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^hearthside-clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF"name","email","phone"')).toBe(true);
  expect(csv).toContain('"Avery Export","avery.export@example.com"');
  expect(csv).toContain(`"'=SUM(1+1)","formula.export@example.com"`);
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Export ready')).toBeVisible();
});
