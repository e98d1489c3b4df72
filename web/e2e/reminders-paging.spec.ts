// /reminders for a Pro agent with 70 clients, in a real browser against the paged API: the first 50
// occasions, soonest first and grouped by month, then Show more for the rest, and never the whole
// book (snap saves it at desktop width and at 390 px).
import { becomePro, expect, importClientsViaApi, keyDateIn, registerAgentViaApi, snap, test } from './support/fixtures';

/** 70 clients whose birthdays come round 2 to 71 days from now, one a day (away from midnight's edge in any zone). */
function seedCsv(): string {
  const rows = ['name,email,phone,birthday'];
  for (let i = 0; i < 70; i += 1) {
    const n = String(i + 1).padStart(2, '0');
    rows.push(`Client ${n},client${n}@example.com,(512) 555-0100,${keyDateIn(i + 2, 1980)}`);
  }
  return rows.join('\r\n');
}

test('pages through the occasions from the API: 50 first, then Show more', async ({ page }) => {
  await registerAgentViaApi(page);
  await becomePro(page);
  expect(await importClientsViaApi(page, seedCsv())).toBe(70);

  const reads: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/clients' || path === '/api/reminders')
      reads.push(request.url().slice(request.url().indexOf('/api/')));
  });
  await page.goto('/reminders');
  const all = page.getByRole('region', { name: 'All Future Reminders' });
  const items = all.getByRole('listitem');
  await expect(items).toHaveCount(50);
  await expect(items.first()).toContainText('Client 01');
  await expect(items.nth(49)).toContainText('Client 50');
  await expect(all.getByText('50 shown')).toBeVisible();
  await snap(page, 'reminders-paging');

  await all.getByRole('button', { name: 'Show more reminders' }).click();
  await expect(items).toHaveCount(70);
  await expect(items.last()).toContainText('Client 70');
  await expect(all.getByText('70 reminders')).toBeVisible();
  await expect(all.getByRole('button', { name: 'Show more reminders' })).toHaveCount(0);
  // Send a message is there for an occasion of the second page too.
  await expect(items.last().getByRole('button', { name: 'Send a message to Client 70' })).toBeVisible();

  // Two pages, the second from the first's cursor; the whole book is never asked for.
  expect(reads).toEqual([
    '/api/reminders?limit=50',
    expect.stringMatching(/^\/api\/reminders\?limit=50&cursor=[\w-]+$/),
  ]);
});
