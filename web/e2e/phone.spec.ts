// The app on a phone (390 px): the bottom bar (Today, Inbox, Clients, Reviews, More), Today's one-tap
// actions on a waiting birthday message (Call and Text hand the number to the phone, Text with the
// draft), Snooze, axe clean; and the side navigation at desktop width.
import type { Page } from '@playwright/test';
import { expectAxeClean } from './support/axe';
import { addClientViaApi, expect, keyDateIn, registerAgentViaApi, snap, test, today } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A signed-in agent whose birthday rule has drafted a message for a client born today, waiting on Today. */
async function agentWithWaitingBirthday(page: Page) {
  const origin = test.info().project.use.baseURL!;
  const { user } = await registerAgentViaApi(page);
  await addClientViaApi(page, {
    name: 'Bella Birthday',
    email: 'bella.phone@example.com',
    phone: '(512) 555-0142',
    birthday: keyDateIn(0, 1987),
  });
  const rules = await page.request.put('/api/user/automations', {
    data: { rules: [{ occasion: 'birthday', enabled: true, channel: 'email', mode: 'approve', sendTime: '09:00' }] },
    headers: { origin },
  });
  expect(rules.status(), await rules.text()).toBe(200);
  const run = await page.request.post('/local/jobs/reminders', {
    data: { date: today, agentId: user.id },
    headers: { origin },
  });
  expect(run.status(), await run.text()).toBe(200);
}

test.describe('on a phone', () => {
  test("the bottom bar, and Today's one-tap Call, Text, E-mail, Send draft, Done and Snooze", async ({ page }) => {
    test.slow(); // a job run, axe twice and a composer on a loaded 2-core machine
    await page.setViewportSize(PHONE);
    await agentWithWaitingBirthday(page);
    await page.goto('/today');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('link')).toHaveText(['Today 1', 'Inbox', 'Clients', 'Reviews']);
    await expect(bar.getByRole('link', { name: 'Today, 1 waiting' })).toHaveAttribute('aria-current', 'page');
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(PHONE.height, 0);

    const card = page.getByRole('article', { name: 'Bella Birthday' });
    await expect(card).toContainText('Waiting for your approval');
    await expect(card.getByRole('link', { name: 'Call Bella Birthday' })).toHaveAttribute('href', 'tel:5125550142');
    const text = card.getByRole('link', { name: 'Text Bella Birthday' });
    await expect(text).toHaveAttribute('href', /^sms:5125550142\?body=/);
    const body = decodeURIComponent((await text.getAttribute('href'))!.replace(/^sms:\d+\?body=/, ''));
    expect(body).toContain('Bella');
    for (const name of ['E-mail Bella Birthday', 'Send draft', 'Edit', 'Done', 'Snooze'])
      await expect(card.getByRole('button', { name })).toBeVisible();
    await expectAxeClean(page, 'Today at 390 px');
    await snap(page, 'phone-today');

    // E-mail opens the composer for the client.
    await card.getByRole('button', { name: 'E-mail Bella Birthday' }).click();
    const composer = page.getByRole('dialog', { name: 'Message Bella Birthday' });
    await expect(composer).toBeVisible();
    await composer.getByRole('button', { name: 'Cancel' }).click();
    await expect(composer).toBeHidden();

    // More holds the rest of the pages and Logout.
    await bar.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expectAxeClean(page, 'the More menu at 390 px');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await card.getByRole('button', { name: 'Snooze' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Snoozed until tomorrow');
    await expect(page.getByRole('heading', { name: 'Nothing waits for you today' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Today', exact: true })).toBeVisible();
  });

  test('the side navigation at desktop width holds every page and Logout', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await registerAgentViaApi(page);
    await page.goto('/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveCount(10);
    await expect(nav.getByRole('link', { name: 'Manage Clients' })).toHaveAttribute('aria-current', 'page');
    const box = (await nav.boundingBox())!;
    expect(box.x).toBeLessThan(20);
    expect(box.width).toBeLessThan(300);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'More' })).toBeHidden();
    // Keyboard: Tab from the skip link reaches the navigation's links in order.
    await nav.getByRole('link', { name: 'Dashboard' }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Today' })).toBeFocused();
    await expectAxeClean(page, 'the side navigation at 1280 px');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/today$/);
    await snap(page, 'side-navigation');
  });
});
