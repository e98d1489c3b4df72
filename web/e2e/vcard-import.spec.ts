// Importing an iPhone's contacts: a .vcf exported from iCloud goes in through the import dialog, a
// card without an e-mail is reported by its place, and a birthday without a year is kept and shows
// on /reminders.
import { appleCard, icloudExport, vcf } from '../../functions/testing/vcards';
import { expect, registerAgentViaApi, test } from './support/fixtures';

test.describe('vCard import', () => {
  test('imports an iCloud .vcf; the year-less birthday shows in the client and on /reminders', async ({ page }) => {
    test.slow(); // three pages and an import: more than the default limit on a loaded 2-core machine
    await registerAgentViaApi(page);
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Import contacts' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import Clients' });
    await expect(dialog.getByText('.csv or .vcf, up to 25 MB')).toBeVisible();

    const file = `${icloudExport()}${vcf(appleCard({ fn: 'No Mail', email: null }))}`;
    await dialog
      .getByLabel('CSV or vCard file')
      .setInputFiles({ name: 'iCloud vCards.vcf', mimeType: 'text/vcard', buffer: Buffer.from(file, 'utf8') });
    await expect(dialog.getByText('iCloud vCards.vcf')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    await expect(dialog.getByText('Imported 3 new clients. 1 card has errors and was skipped.')).toBeVisible();
    const errors = dialog.getByRole('region', { name: 'Contacts with errors (1)' });
    await expect(errors.getByRole('listitem')).toHaveText('Card 4: email: Email is required');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('link', { name: 'José Ñúñez' }).first().click();
    const jose = page.getByRole('main');
    await expect(jose.getByRole('heading', { level: 1, name: 'José Ñúñez' })).toBeVisible();
    await expect(jose).toContainText(/Birthday\s*Nov 7\s*Next: Nov 7, \d{4}/);

    await page.goto('/reminders');
    const upcoming = page.getByRole('region', { name: 'All Future Reminders' });
    const item = upcoming.getByRole('listitem').filter({ hasText: 'José Ñúñez' });
    await expect(item).toContainText('Birthday');
    await expect(item.locator('time')).toHaveAttribute('datetime', /^\d{4}-11-07$/);
  });
});
