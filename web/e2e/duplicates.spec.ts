// Duplicates: the clients page counts the likely duplicates and links to their screen, where a group shows side by
// side with its differences marked at desktop and phone width; the agent merges one client into the other after a
// confirmation and undoes it from the snackbar. axe finds nothing serious on the screen, the dialog or the snackbar.
import { addClientViaApi, expect, registerAgentViaApi, screenshot, snap, test } from './support/fixtures';
import { expectAxeClean } from './support/axe';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test.describe('duplicates', () => {
  test('finds a duplicate, merges it after a confirmation, and undoes the merge', async ({ page }) => {
    test.slow(); // one screen at two widths, a merge and its undo on a loaded 2-core machine
    await registerAgentViaApi(page);
    await addClientViaApi(page, {
      name: 'Maria Lopez',
      email: `maria.${Date.now()}@example.com`,
      phone: '(512) 555-0188',
      birthday: '1980-05-04',
    });
    await addClientViaApi(page, {
      name: 'María López',
      email: `maria.lopez.${Date.now()}@example.com`,
      phone: '+1 512 555 0188',
      address: '12 Elm St, Austin, TX',
    });
    await addClientViaApi(page, {
      name: 'Tom Becker',
      email: `tom.${Date.now()}@example.com`,
      phone: '(512) 555-0199',
    });

    await page.setViewportSize(DESKTOP);
    await page.goto('/clients');
    await expect(page.getByText('1 possible duplicate in your clients.')).toBeVisible();
    await page.getByRole('link', { name: 'Review duplicates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Possible duplicates' })).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/duplicates$/);
    const group = page.getByRole('region', { name: 'Same phone number' });
    await expect(group.getByRole('rowheader', { name: 'Address (differs)' })).toBeVisible();
    await expect(group.getByRole('link', { name: 'María López' })).toHaveAttribute('href', /^\/clients\/[\w-]+$/);
    await expect(group.getByRole('radio', { name: /^Keep Maria Lopez/ })).toBeChecked();
    await expectAxeClean(page, 'the duplicates screen at 1280 px');
    await snap(page, 'duplicates');

    await page.setViewportSize(PHONE);
    await expect(group.getByRole('button', { name: 'Merge María López into Maria Lopez' })).toBeVisible();
    await expectAxeClean(page, 'the duplicates screen at 390 px');

    await page.setViewportSize(DESKTOP);
    await group.getByRole('button', { name: 'Merge María López into Maria Lopez' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Merge María López into Maria Lopez?' });
    await expect(dialog).toContainText('You can undo this for 10 minutes.');
    await expectAxeClean(page, 'the merge confirmation');
    await screenshot(page, 'duplicates-merge-confirm-desktop.png');
    await dialog.getByRole('button', { name: 'Merge' }).click();

    await expect(page.getByText('María López merged into Maria Lopez.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No duplicates found' })).toBeVisible();
    await expectAxeClean(page, 'the screen after a merge, with its Undo');
    await snap(page, 'duplicates-merged');
    const kept = await page.request.get('/api/clients?limit=25');
    const afterMerge = (await kept.json()) as { clients: Array<{ name: string; address: string | null }> };
    expect(afterMerge.clients.map((c) => c.name).sort()).toEqual(['Maria Lopez', 'Tom Becker']);
    expect(afterMerge.clients.find((c) => c.name === 'Maria Lopez')!.address).toBe('12 Elm St, Austin, TX');

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Both clients are back as they were.')).toBeVisible();
    await expect(group.getByRole('radio', { name: /^Keep María López/ })).toBeVisible();
    const restored = (await (await page.request.get('/api/clients?limit=25')).json()) as {
      clients: Array<{ name: string; address: string | null }>;
    };
    expect(restored.clients.map((c) => c.name).sort()).toEqual(['Maria Lopez', 'María López', 'Tom Becker']);
    expect(restored.clients.find((c) => c.name === 'Maria Lopez')!.address).toBeNull();
  });
});
