// Today's next best touches in a real browser, at 390 px first and 1280 px: whom to contact today and why, one tap to
// reach them, and the decisions (Done, Snooze, Dismiss, "Wrong rhythm" with the client's new rhythm) that take a row
// off the list; a free account's cut list with the way to Pro; on Pro, "Write it for me" opens the composer with the
// draft written. axe finds nothing serious at either width.
import type { Page } from '@playwright/test';
import { expectAxeClean } from './support/axe';
import { addClientViaApi, becomePro, expect, keyDateIn, registerAgentViaApi, snap, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A client referred by another (the referrer gets a "thank them" reason). */
async function addReferredClient(page: Page, name: string, email: string, referredBy: string): Promise<void> {
  const res = await page.request.post('/api/clients', {
    data: { name, email, phone: '(512) 555-0101', referredBy },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Nothing runs off the side of the page. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
}

test.describe('next best touches', () => {
  test('a free agent sees whom to contact and why, and decides on each: done, snooze, and a new rhythm', async ({
    page,
  }) => {
    test.slow(); // four clients, two widths of axe and screenshots, three decisions on a loaded 2-core machine
    await page.setViewportSize(PHONE);
    await registerAgentViaApi(page);
    const dana = await addClientViaApi(page, {
      name: 'Dana Lee',
      email: 'dana.lee@example.com',
      birthday: keyDateIn(1, 1985),
    });
    await addReferredClient(page, 'Sam Carter', 'sam.carter@example.com', dana.id);
    await addClientViaApi(page, {
      name: 'Omar Haddad',
      email: 'omar.haddad@example.com',
      birthday: keyDateIn(2, 1979),
    });
    const priya = await addClientViaApi(page, {
      name: 'Priya Shah',
      email: 'priya.shah@example.com',
      birthday: keyDateIn(3, 1990),
    });
    await addClientViaApi(page, { name: 'Lena Ortiz', email: 'lena.ortiz@example.com', birthday: keyDateIn(4, 1988) });

    await page.goto('/today');
    const card = page.getByRole('region', { name: 'Who to contact today' });
    const rows = card.getByRole('list', { name: 'Clients to contact today' }).locator(':scope > li');
    // The free plan shows three of the four, and says how to see them all.
    await expect(rows).toHaveCount(3);
    await expect(card.getByText(/^You see 3 of 4 clients on today's list\./)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/settings');

    const danaRow = rows.filter({ has: page.getByRole('link', { name: 'Dana Lee', exact: true }) });
    await expect(danaRow).toContainText('Referred Sam Carter to you: thank them');
    await expect(danaRow).toContainText('Fan');
    await expect(danaRow.getByRole('link', { name: 'Call Dana Lee' })).toHaveAttribute('href', 'tel:5125550100');
    await expect(danaRow.getByRole('link', { name: 'Text Dana Lee' })).toHaveAttribute('href', 'sms:5125550100');
    await expect(danaRow.getByRole('button', { name: 'E-mail Dana Lee' })).toBeVisible();
    // No drafts on the free plan.
    await expect(card.getByRole('button', { name: /^Write it for me/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, 'Today with the next best touches at 390 px');
    await page.setViewportSize(DESKTOP);
    await expectAxeClean(page, 'Today with the next best touches at 1280 px');
    await snap(page, 'today-next-best');
    await page.setViewportSize(PHONE);

    // Done: the row leaves and the toast says so.
    await danaRow.getByRole('button', { name: 'Done with Dana Lee' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Done with Dana Lee');
    await expect(card.getByRole('link', { name: 'Dana Lee', exact: true })).toBeHidden();

    // Snooze for 3 days, from the menu the button names.
    await card.getByRole('button', { name: 'Snooze Omar Haddad' }).click();
    const snooze = page.getByRole('menu', { name: 'Snooze Omar Haddad' });
    await expectAxeClean(page, 'the snooze menu at 390 px');
    await snooze.getByRole('menuitem', { name: '3 days' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Snoozed Omar Haddad');
    await expect(card.getByRole('link', { name: 'Omar Haddad', exact: true })).toBeHidden();

    // Wrong rhythm: dismissed, then the client's new rhythm is asked for and saved.
    await card.getByRole('button', { name: 'Dismiss Priya Shah' }).click();
    await page
      .getByRole('menu', { name: 'Dismiss Priya Shah' })
      .getByRole('menuitem', { name: 'Wrong rhythm' })
      .click();
    const rhythm = page.getByRole('dialog', { name: 'A new rhythm for Priya Shah' });
    await rhythm.getByLabel('Every how many days').fill('45');
    await expectAxeClean(page, 'the new rhythm dialog at 390 px', '[role="dialog"]');
    await rhythm.getByRole('button', { name: 'Save rhythm' }).click();
    await expect(rhythm).toBeHidden();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText(
      'Keep in touch with Priya Shah every 45 days',
    );
    await expect(card.getByRole('link', { name: 'Priya Shah', exact: true })).toBeHidden();
    const saved = await (await page.request.get(`/api/clients/${priya.id}`)).json();
    expect(saved).toEqual(expect.objectContaining({ id: priya.id, cadenceDays: 45 }));
  });

  test('on Pro, "Write it for me" opens the composer with the draft written', async ({ page }) => {
    await registerAgentViaApi(page);
    await becomePro(page);
    await addClientViaApi(page, { name: 'Nina Park', email: 'nina.park@example.com', birthday: keyDateIn(1, 1986) });

    await page.goto('/today');
    const card = page.getByRole('region', { name: 'Who to contact today' });
    await card.getByRole('button', { name: 'Write it for me: a message to Nina Park' }).click();
    const composer = page.getByRole('dialog', { name: 'Message Nina Park' });
    await expect(composer.getByRole('textbox', { name: 'Message' })).not.toHaveValue('');
    await expect(composer.getByLabel('Instructions for the draft (optional)')).toHaveValue(/^Why now: /);
    await expectAxeClean(page, 'the composer opened by "Write it for me"', '[role="dialog"]');
  });
});
