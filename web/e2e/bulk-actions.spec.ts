// Tags and bulk actions from the clients list, in a real browser: a tag added to chosen rows, the tag's chip as a
// filter, "Select all N matching", a bulk delete confirmed with its count, and its undo; axe clean on the way.
import { expectAxeClean } from './support/axe';
import { addClientViaApi, becomePro, expect, registerAgentViaApi, snap, test } from './support/fixtures';

test('tags chosen clients, filters by the tag, deletes every match and undoes it', async ({ page }) => {
  test.slow(); // a Pro agent, a few clients and several bulk writes on a loaded 2-core machine
  await registerAgentViaApi(page);
  await becomePro(page);
  for (const name of ['Ana Ruiz', 'Ben Okafor', 'Cy Twain']) {
    await addClientViaApi(page, {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      phone: '(512) 555-0100',
    });
  }
  await page.goto('/clients');
  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table.locator('tbody tr')).toHaveCount(3);

  // Two rows chosen, tagged "Past buyer".
  await page.getByRole('checkbox', { name: 'Select Ana Ruiz' }).check();
  await page.getByRole('checkbox', { name: 'Select Ben Okafor' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('2 clients selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Add tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add tag for 2 clients?' });
  await dialog.getByLabel('Tag').fill('Past buyer');
  await expectAxeClean(page, 'the add-tag confirmation');
  await dialog.getByRole('button', { name: 'Add tag (2)' }).click();
  await expect(dialog).toBeHidden();

  // The tag's chip filters the list.
  const chip = page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: 'Past buyer (2)' });
  await chip.click();
  await expect(page).toHaveURL(/tag=Past\+buyer/);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expectAxeClean(page, 'the list filtered by a tag');
  await snap(page, 'bulk-actions-tag-filter');

  // Every row of the page, then every match, deleted after a confirmation naming the count.
  await page.getByRole('checkbox', { name: 'Select every client on this page' }).check();
  await expect(bar.getByText('2 clients selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete for 2 clients?' });
  await expect(confirm.getByText('You can undo this for 10 minutes.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete (2)' }).click();
  await expect(page.getByText('2 clients deleted')).toBeVisible();
  await chip.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('2 clients restored')).toBeVisible();
  await page.goto('/clients?tag=Past+buyer');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await page.goto('/clients');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expectAxeClean(page, 'the list with checkboxes');
});
