// A big import in the browser: a Google Contacts export too big to be sent in the request goes
// straight to S3 (the local s3rver) and through the import job; the dialog shows its progress, the
// clients page shows it again after a reload, and at the end the toast and the report of skipped
// rows, downloaded and read.
import { readFile } from 'node:fs/promises';
import { SMALL_IMPORT_MAX_BYTES } from '@shared/imports';
import { becomePro, expect, registerAgentViaApi, snap, test } from './support/fixtures';

/**
 * Six hundred contacts with notes as people write them: over SMALL_IMPORT_MAX_BYTES, so the file takes the job's path,
 * and three of the job's batches (250 rows each), so the import is still running when the page is reloaded. The job
 * writes every client (most of this test's CPU): a bigger book would show nothing more, so the rows are few and long
 * (a thousand shorter ones made the job two thirds longer).
 */
const ROWS = 600;
const NOTE =
  'Met at the open house on Oak Ave; prefers a text after 5 pm; asks about school districts and a bigger yard near ' +
  'the park for the dog. Selling the condo on 5th Street first in the spring; wants a home office and a quiet street ' +
  'near the lake; call on Sundays or text his wife Ana first; no HOA and no busy road please';
const HEADER =
  'First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Address 1 - Label,Address 1 - Formatted';

/** Every 250th contact has no e-mail: those rows are skipped and listed in the report. */
function googleExport(): string {
  const lines = Array.from({ length: ROWS }, (_, i) => {
    const email = i % 250 === 249 ? '' : `contact${i}@example.com`;
    return `Contact,,Number ${i},,,,,,,,Acme Realty,,,1980-0${1 + (i % 9)}-1${i % 9},${NOTE},,* myContacts,* Home,${email},Mobile,+1 512-555-${String(i % 10000).padStart(4, '0')},Home,"${i} Oak Ave\nAustin, TX 78701"`;
  });
  return `\uFEFF${HEADER}\r\n${lines.join('\r\n')}\r\n`;
}

test.describe('a big import', () => {
  test('shows its progress, again after a reload, and ends with the toast and the report', async ({ page }) => {
    test.slow(); // six hundred rows through the job on a loaded 2-core machine
    await registerAgentViaApi(page);
    // Pro, through the local payment simulator: the free plan would stop at 10 clients.
    await becomePro(page);

    // The file goes to S3 and the job starts: the dialog shows the rows done of how many.
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Import contacts' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import Clients' });
    await expect(dialog.getByText('.csv or .vcf, up to 25 MB')).toBeVisible();
    const file = Buffer.from(googleExport(), 'utf8');
    expect(file.length).toBeGreaterThan(SMALL_IMPORT_MAX_BYTES);
    await dialog.getByLabel('CSV or vCard file').setInputFiles({
      name: 'Google Contacts.csv',
      mimeType: 'text/csv',
      buffer: file,
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const progress = dialog.getByRole('progressbar', { name: 'Import progress' });
    await expect(progress).toHaveAttribute(
      'aria-valuetext',
      new RegExp(`^[\\d,]+ of ${ROWS.toLocaleString('en-US')} rows done$`),
      { timeout: 30_000 },
    );
    await expect(dialog.getByText(/You can leave this page: the import goes on\./)).toBeVisible();
    await snap(page, 'import-progress-dialog');

    // Closed, the page keeps showing it; reloaded, too.
    await dialog.getByRole('button', { name: 'Close' }).click();
    const running = page.getByRole('region', { name: 'Import in progress' });
    await expect(running.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await page.reload();
    await expect(running.getByRole('progressbar', { name: 'Import progress' })).toBeVisible({ timeout: 15_000 });
    await expect(running.getByText('Importing Google Contacts.csv')).toBeVisible();
    await snap(page, 'import-progress-card');

    // The end: the request's toast, the counts, and the report of the skipped rows.
    const finished = page.getByRole('region', { name: 'Import finished' });
    await expect(finished).toBeVisible({ timeout: 150_000 });
    const skipped = Math.floor(ROWS / 250);
    await expect(
      page
        .getByRole('region', { name: 'Notifications (F8)' })
        .getByText(`Successfully imported ${ROWS - skipped} clients`),
    ).toBeVisible();
    await expect(finished.getByRole('status')).toHaveText(
      `Imported ${ROWS - skipped} new clients. ${skipped} rows have errors and were skipped.`,
    );
    await snap(page, 'import-finished');
    const downloading = page.waitForEvent('download');
    await finished.getByRole('button', { name: 'Download the report' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Google Contacts - import report.csv');
    const report = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(report[0]).toBe('"row","line","outcome","name","email","reason"');
    expect(report).toHaveLength(1 + skipped);
    // Row 251 (the 250th contact) starts on line 500 of the file, row 501 on line 1000: each row takes two lines.
    expect(report[1]).toBe('"251","500","Skipped","Contact Number 249",,"email: Email is required"');
    expect(report[2]).toBe('"501","1000","Skipped","Contact Number 499",,"email: Email is required"');

    // Dismissed, the card goes; the clients are there.
    await finished.getByRole('button', { name: 'Dismiss' }).click();
    await expect(finished).toBeHidden();
    const book = (await (await page.request.get('/api/clients?limit=1')).json()) as { total: number };
    expect(book.total).toBe(ROWS - skipped);
  });
});
