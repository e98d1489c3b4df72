// A client's own page (/clients/:id): opened by its link, at desktop width and on a phone without sideways
// scrolling, axe clean, and worked by keyboard alone (the composer, a logged call).
import type { Locator, Page } from '@playwright/test';
import { addClientViaApi, expect, registerAgentViaApi, snap, test } from './support/fixtures';
import { expectAxeClean } from './support/axe';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function clientWithHistory(page: Page): Promise<string> {
  await registerAgentViaApi(page);
  const { id } = await addClientViaApi(page, {
    name: 'Harriet Longname-Whitfield',
    email: 'harriet.longname-whitfield@example.com',
    address: '1200 Extraordinarily Long Boulevard Name, Apartment 14B, Austin, TX 78701',
    birthday: '1979-08-14',
    purchaseDate: '2019-05-03',
  });
  const logged = await page.request.post(`/api/clients/${id}/touches`, {
    data: { kind: 'meeting', date: '2024-03-02', note: 'Walked through the garden plans over coffee.' },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(logged.status(), await logged.text()).toBe(201);
  return id;
}

/** Whether the page scrolls sideways (something wider than the viewport). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Tab (forwards) until `target` has the focus, at most `limit` presses. */
async function tabUntilFocused(page: Page, target: Locator, limit = 60): Promise<void> {
  await expect(target).toBeVisible();
  let presses = 0;
  while (!(await target.evaluate((el) => el === document.activeElement))) {
    expect(presses, 'reachable by Tab').toBeLessThan(limit);
    await page.keyboard.press('Tab');
    presses += 1;
  }
}

test.describe("a client's page", () => {
  test('opens from the list, reads well at 1280 and 390 px, and is axe clean', async ({ page }) => {
    await clientWithHistory(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/clients');
    await page.getByRole('link', { name: 'Harriet Longname-Whitfield', exact: true }).click();
    await expect(page).toHaveURL(/\/clients\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Harriet Longname-Whitfield' })).toBeVisible();

    const contact = page.getByRole('region', { name: 'Contact' });
    await expect(contact.getByRole('link', { name: 'Call Harriet Longname-Whitfield' })).toHaveAttribute(
      'href',
      'tel:5125550100',
    );
    await expect(contact.getByRole('link', { name: 'Text Harriet Longname-Whitfield' })).toHaveAttribute(
      'href',
      'sms:5125550100',
    );
    await expect(page.getByRole('region', { name: 'Key Dates' })).toContainText('Aug 14, 1979');
    await expect(page.getByRole('region', { name: 'Tags and Rhythm' })).toContainText('No rhythm');
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByRole('listitem').filter({ hasText: 'Walked through the garden plans' })).toContainText(
      'Meeting',
    );
    await expect(timeline.getByRole('listitem').filter({ hasText: 'Added by you' })).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    await expectAxeClean(page, 'the client page at 1280 px');
    await snap(page, 'client-page');

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Harriet Longname-Whitfield' })).toBeVisible();
    await expect(timeline.getByText('Added by you')).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    await expectAxeClean(page, 'the client page at 390 px');
  });

  test('works by keyboard: the composer opens, a call is logged', async ({ page }) => {
    const id = await clientWithHistory(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/clients/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Harriet Longname-Whitfield' })).toBeVisible();

    await tabUntilFocused(page, page.getByRole('button', { name: 'Send a message' }));
    await page.keyboard.press('Enter');
    const composer = page.getByRole('dialog', { name: 'Message Harriet Longname-Whitfield' });
    await expect(composer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(composer).toBeHidden();

    const timeline = page.getByRole('region', { name: 'Timeline' });
    await tabUntilFocused(page, timeline.getByRole('button', { name: 'Log a call' }));
    await page.keyboard.press('Enter');
    const form = timeline.getByRole('form', { name: 'Log a call, meeting or note' });
    await tabUntilFocused(page, form.getByLabel('Note (optional)'));
    await page.keyboard.type('Called about the spring listing.');
    await tabUntilFocused(page, form.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Call logged');
    await expect(timeline.getByRole('listitem').filter({ hasText: 'Called about the spring listing.' })).toContainText(
      'Call',
    );
    await expectAxeClean(page, 'the client page after a logged call');
  });

  test('deletes the client and goes back to the list; a link to a client who is gone says so', async ({ page }) => {
    const id = await clientWithHistory(page);
    await page.goto(`/clients/${id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Client deleted successfully');
    await page.goto(`/clients/${id}`);
    await expect(page.getByRole('heading', { name: 'Client not found' })).toBeVisible();
    await expectAxeClean(page, 'a client who is gone');
  });
});
