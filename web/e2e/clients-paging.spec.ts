// The clients page of a Pro agent with 120 clients, in a real browser against the paged API: pages
// forward and back (Previous, the browser's Back and Forward), a search that ignores accents, the
// order, and reloads that keep what is shown. The page never asks for the whole book.
import type { Page } from '@playwright/test';
import { becomePro, expect, importClientsViaApi, registerAgentViaApi, snap, test } from './support/fixtures';

/** 117 numbered clients and three found by "jose", one of them with a complete profile. */
function seedCsv(): string {
  const rows = ['name,email,phone,address,birthday,anniversary,purchaseDate'];
  for (let i = 1; i <= 117; i += 1) {
    const n = String(i).padStart(3, '0');
    rows.push(`Client ${n},client${n}@example.com,(512) 555-0100,,,,`);
  }
  rows.push(
    'José Ñúñez,jose.nunez@example.com,(512) 555-0101,"12 Oak Street, Austin, TX",1984-06-02,2010-09-18,2019-04-30',
  );
  rows.push('Josefina Park,josefina.park@example.com,(512) 555-0102,,,,');
  rows.push('Marie-José Lemaire,mj.lemaire@example.com,(512) 555-0103,,,,');
  return rows.join('\r\n');
}

const rows = (page: Page) => page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
/** The names in the list, in order: each row's link to the client's page. */
const names = (page: Page) => rows(page).locator('a[href^="/clients/"]');
const firstName = (page: Page) => names(page).first();
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages of clients' });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /clients?( found)?$/ });

test('pages, searches and sorts 120 clients through the API, and Back, Forward and reload keep up', async ({
  page,
}) => {
  test.slow(); // an upgrade, an import of 120 clients and many pages on a loaded 2-core machine
  await registerAgentViaApi(page);
  await becomePro(page);
  expect(await importClientsViaApi(page, seedCsv())).toBe(120);

  // Every read of the list is a page: the whole book (GET /api/clients alone) is never asked for.
  const wholeBook: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/clients$/.test(request.url())) wholeBook.push(request.url());
  });

  await page.goto('/clients');
  await expect(status(page)).toHaveText('120 clients');
  await expect(rows(page)).toHaveCount(25);
  await expect(firstName(page)).toHaveText('Client 001');
  await expect(pager(page).getByText('1–25 of 120')).toBeVisible();
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
  await snap(page, 'clients-paging-first');

  // Forward twice, then Previous, then the browser's Back and Forward.
  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(pager(page).getByText('26–50 of 120')).toBeVisible();
  await expect(firstName(page)).toHaveText('Client 026');
  await expect(page).toHaveURL(/\/clients\?cursor=[\w-]+$/);
  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(pager(page).getByText('51–75 of 120')).toBeVisible();
  await expect(firstName(page)).toHaveText('Client 051');
  await pager(page).getByRole('button', { name: 'Previous' }).click();
  await expect(firstName(page)).toHaveText('Client 026');
  await page.goBack();
  await expect(firstName(page)).toHaveText('Client 051');
  await page.goBack();
  await expect(firstName(page)).toHaveText('Client 026');
  await page.goBack();
  await expect(firstName(page)).toHaveText('Client 001');
  await expect(page).toHaveURL(/\/clients$/);
  await page.goForward();
  await expect(firstName(page)).toHaveText('Client 026');
  await expect(pager(page).getByText('26–50 of 120')).toBeVisible();

  // A reload shows the same page, and still knows the one before it.
  await page.reload();
  await expect(firstName(page)).toHaveText('Client 026');
  await expect(pager(page).getByText('26–50 of 120')).toBeVisible();
  await pager(page).getByRole('button', { name: 'Previous' }).click();
  await expect(firstName(page)).toHaveText('Client 001');

  // The last page: Next is off once every client has been shown.
  for (const range of ['26–50', '51–75', '76–100', '101–120']) {
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(pager(page).getByText(`${range} of 120`)).toBeVisible();
  }
  await expect(rows(page)).toHaveCount(20);
  await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled();
  await snap(page, 'clients-paging-last');

  // Search: "jose" finds José, Josefina and Marie-José, accents aside, from page one.
  const search = page.getByRole('searchbox', { name: 'Search clients' });
  await search.fill('jose');
  await expect(status(page)).toHaveText('3 clients found');
  await expect(rows(page)).toHaveCount(3);
  // In the order of the word matched ("jose" before "josefina"; José and Marie-José tie on it).
  expect((await names(page).allTextContents()).sort((a, b) => a.localeCompare(b))).toEqual([
    'José Ñúñez',
    'Josefina Park',
    'Marie-José Lemaire',
  ]);
  await expect(names(page).last()).toHaveText('Josefina Park');
  await expect(page).toHaveURL(/\/clients\?q=jose$/);
  await expect(page.getByLabel('Sort by')).toBeDisabled();
  await snap(page, 'clients-paging-search');
  await page.reload();
  await expect(search).toHaveValue('jose');
  await expect(rows(page)).toHaveCount(3);
  await expect(status(page)).toHaveText('3 clients found');

  await search.fill('zzz');
  await expect(page.getByText('No clients match “zzz”')).toBeVisible();
  await snap(page, 'clients-paging-no-match');
  await page.getByRole('button', { name: 'Show all clients' }).click();
  await expect(status(page)).toHaveText('120 clients');

  // Order: Z to A, then the most complete profiles first; a reload keeps it.
  await page.getByLabel('Order').selectOption({ label: 'Z to A' });
  await expect(firstName(page)).toHaveText('Marie-José Lemaire');
  await expect(page).toHaveURL(/\/clients\?order=desc$/);
  await page.getByLabel('Sort by').selectOption({ label: 'Profile completion' });
  await page.getByLabel('Order').selectOption({ label: 'Most complete first' });
  await expect(firstName(page)).toHaveText('José Ñúñez');
  await expect(page).toHaveURL(/\/clients\?sort=completion&order=desc$/);
  await page.reload();
  await expect(firstName(page)).toHaveText('José Ñúñez');
  await expect(page.getByLabel('Sort by')).toHaveValue('completion');
  await expect(page.getByLabel('Order')).toHaveValue('desc');
  await snap(page, 'clients-paging-sorted');

  expect(wholeBook).toEqual([]);
});
