// Saved segments and broadcasts in a real browser, at 390 and 1280 px with axe: the clients list saves its filter as a
// segment, whose chip shows its clients and whose menu renames and deletes it; /broadcasts lists the broadcasts with
// where each stands, reached from the clients page and from Today, each with its own page; Today's "Approve all" is one
// request to the server's approve-all.
import type { Page } from '@playwright/test';
import { DESKTOP, expectAxeClean, expectAxeCleanAtBothWidths, PHONE } from './support/axe';
import { expect, registerAgentViaApi, snap, test } from './support/fixtures';

/** Clients with the tag, through the API. */
async function addTaggedClients(page: Page, tag: string, names: readonly string[]): Promise<void> {
  const origin = test.info().project.use.baseURL!;
  for (const name of names) {
    const res = await page.request.post('/api/clients', {
      data: {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}.${Date.now()}@example.com`,
        phone: '(512) 555-0100',
        tags: [tag],
      },
      headers: { origin },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test.describe('saved segments', () => {
  test('the list saves its filter as a segment, the chip shows it, and its menu renames and deletes it', async ({
    page,
  }) => {
    await registerAgentViaApi(page);
    await addTaggedClients(page, 'Buyer', ['Ana Segment', 'Ben Segment']);

    await page.setViewportSize(PHONE);
    await page.goto('/clients');
    const filters = page.getByRole('group', { name: 'Filter by tag or segment' });
    await filters.getByRole('button', { name: 'Buyer (2)' }).click();
    await filters.getByRole('button', { name: 'Save as segment' }).click();
    const save = page.getByRole('dialog', { name: 'Save as segment' });
    await expect(save).toContainText('The clients tagged Buyer: 2 clients now.');
    await save.getByLabel('Segment name').fill('Past buyers');
    await expectAxeCleanAtBothWidths(page, 'the save-as-segment dialog', '[role="dialog"]');
    await save.getByRole('button', { name: 'Save segment' }).click();
    await expect(save).toBeHidden();
    await expect(filters.getByRole('button', { name: 'Past buyers (2)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(filters.getByRole('button', { name: 'Save as segment' })).toBeHidden();

    // The chip shows the segment's clients from a list that shows everyone.
    await filters.getByRole('button', { name: 'Buyer (2)' }).click();
    await expect(filters.getByRole('button', { name: 'Past buyers (2)' })).toHaveAttribute('aria-pressed', 'false');
    await filters.getByRole('button', { name: 'Past buyers (2)' }).click();
    await expect(page).toHaveURL(/[?&]tag=Buyer/);
    await expectAxeCleanAtBothWidths(page, 'the clients list with a saved segment');
    await snap(page, 'clients-segment-chip');

    await filters.getByRole('button', { name: 'Rename or delete Past buyers' }).click();
    await expectAxeClean(page, "the segment's menu at 1280 px");
    await page
      .getByRole('menu', { name: 'Rename or delete Past buyers' })
      .getByRole('menuitem', { name: 'Rename' })
      .click();
    const rename = page.getByRole('dialog', { name: 'Rename Past buyers' });
    await rename.getByLabel('Segment name').fill('Austin buyers');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(filters.getByRole('button', { name: 'Austin buyers (2)' })).toBeVisible();

    await filters.getByRole('button', { name: 'Rename or delete Austin buyers' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Austin buyers?' });
    await expectAxeCleanAtBothWidths(page, 'the delete-segment question', '[role="alertdialog"]');
    await confirm.getByRole('button', { name: 'Delete segment' }).click();
    // The question closes once the server has deleted (while it is open, the page behind it is hidden from roles).
    await expect(confirm).toBeHidden();
    await expect(filters.getByRole('button', { name: 'Austin buyers (2)' })).toBeHidden();
    expect(((await (await page.request.get('/api/segments')).json()) as { segments: unknown[] }).segments).toEqual([]);
  });
});

test.describe('the broadcasts page', () => {
  test('lists the broadcasts from the clients page and Today, opens one, and Today approves all in one request', async ({
    page,
  }) => {
    test.slow(); // a drafting job, three pages at two widths with axe, on a loaded 2-core machine
    await registerAgentViaApi(page);
    await addTaggedClients(page, 'Past buyer', ['Cleo Broadcast', 'Dev Broadcast']);
    const started = await page.request.post('/api/broadcasts', {
      data: { filter: { tag: 'Past buyer' }, channel: 'email', occasion: 'holiday', mode: 'approve' },
      headers: { origin: test.info().project.use.baseURL! },
    });
    expect(started.status(), await started.text()).toBe(202);
    const { id } = (await started.json()) as { id: string };
    await expect
      .poll(async () => ((await (await page.request.get(`/api/broadcasts/${id}`)).json()) as { status: string }).status)
      .toBe('done');

    await page.setViewportSize(DESKTOP);
    await page.goto('/clients');
    await page.getByRole('link', { name: 'Broadcasts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Broadcasts' })).toBeVisible();
    const card = page.getByRole('article', { name: 'Holiday greeting by e-mail' });
    await expect(card).toContainText('Done');
    await expect(card.getByRole('definition')).toHaveText(['2', '0', '2', '0', '0', 'None scheduled']);
    await expectAxeCleanAtBothWidths(page, '/broadcasts');
    await snap(page, 'broadcasts-list');

    await card.getByRole('link', { name: 'Holiday greeting by e-mail' }).click();
    await expect(page).toHaveURL(new RegExp(`/broadcasts/${id}$`));
    const standing = page.getByRole('region', { name: 'Where it stands' });
    await expect(standing).toContainText('2 messages written for 2 clients');
    await expect(standing.getByRole('button', { name: 'Approve all 2' })).toBeVisible();
    await expectAxeCleanAtBothWidths(page, "a broadcast's page");
    await snap(page, 'broadcast-page');

    // Today links to the broadcasts too; its "Approve all" is one request to the server's approve-all.
    await page.goto('/today');
    await expect(page.getByRole('link', { name: 'Broadcasts' })).toHaveAttribute('href', '/broadcasts');
    const approvals: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/outgoing/')) approvals.push(new URL(request.url()).pathname);
    });
    await expect(page.getByText('2 messages wait for your approval.')).toBeVisible();
    await page.getByRole('button', { name: 'Approve all' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('2 messages sent');
    expect(approvals).toEqual(['/api/outgoing/approve-all']);

    await page.goto('/broadcasts');
    await expect(page.getByRole('article', { name: 'Holiday greeting by e-mail' }).getByRole('definition')).toHaveText([
      '2',
      '2',
      '0',
      '0',
      '0',
      'None scheduled',
    ]);
  });
});
