// Offline on a phone (390 px). Without the service worker (the app is already loaded; pages are reached by the app's
// own links): Today shows its last answer under the offline banner, a call logged offline waits ("Waiting to send")
// and is sent once when the network returns, and signing out leaves nothing of the account in IndexedDB. With it:
// Today opens offline, a page load, its frame and code from the worker's cache and its answers from the device.
import { addDays } from '@shared/dates';
import { expectAxeClean } from './support/axe';
import { addClientViaApi, expect, keyDateIn, registerAgentViaApi, snap, test, today } from './support/fixtures';
import type { Page } from '@playwright/test';

const PHONE = { width: 390, height: 844 };

/** The keys of the app's offline store (IndexedDB `hearthside-offline`, store `entries`) in this page's origin. */
function offlineKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('hearthside-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve([]);
          const all = db.transaction('entries').objectStore('entries').getAllKeys();
          all.onsuccess = () => resolve(all.result.map(String));
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Follows a link of the phone's bottom bar (inside the app: no page load). */
async function goByBar(page: Page, name: RegExp) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
}

/** A new agent with Bella Birthday's automatic message waiting for approval on Today. */
async function agentWithMessageWaiting(page: Page) {
  const agent = await registerAgentViaApi(page);
  const origin = { origin: test.info().project.use.baseURL! };
  const client = await addClientViaApi(page, {
    name: 'Bella Birthday',
    email: 'bella.birthday@example.com',
    birthday: keyDateIn(2, 1987),
  });
  const rules = await page.request.put('/api/user/automations', {
    data: { rules: [{ occasion: 'birthday', enabled: true, channel: 'email', mode: 'approve', sendTime: '09:00' }] },
    headers: origin,
  });
  expect(rules.status(), await rules.text()).toBe(200);
  const run = await page.request.post('/local/jobs/reminders', {
    data: { date: addDays(today, 2), agentId: agent.user.id },
    headers: origin,
  });
  expect(run.status(), await run.text()).toBe(200);
  return { agent, client };
}

/** The offline banner, with the time the copy shown was read. */
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: "You're offline." });
const SHOWING_COPY = /^You're offline\. Showing what you saw at \d{1,2}:\d{2} (AM|PM)\.$/;

test.describe('offline', () => {
  test('Today shows its last answer offline; a call logged offline waits and is sent once; sign-out clears', async ({
    page,
    context,
  }) => {
    test.slow(); // a job run, two pages, offline and back on a loaded 2-core machine
    await page.setViewportSize(PHONE);
    const { agent, client } = await agentWithMessageWaiting(page);

    // Online: Today, then the client's activity, by the app's own links.
    await page.goto('/today');
    const card = page.getByRole('article').filter({ hasText: 'Bella Birthday' });
    await expect(card).toContainText('Waiting for your approval');
    await goByBar(page, /^Clients$/);
    await page.getByRole('link', { name: 'Bella Birthday', exact: true }).click();
    const logCall = page.getByRole('button', { name: 'Log a call' });
    await expect(page.getByRole('heading', { level: 1, name: 'Bella Birthday' })).toBeVisible();
    await expect(logCall).toBeVisible();
    // What was read online is kept for the account (in the background, so waited for): Today, the list, the client.
    const kept = (url: string) => `${agent.user.id}|answer|${url}`;
    await expect
      .poll(() => offlineKeys(page))
      .toEqual(
        expect.arrayContaining([
          kept('/api/outgoing'),
          kept('/api/clients?limit=25&sort=name&order=asc'),
          kept(`/api/clients/${client.id}`),
          kept(`/api/clients/${client.id}/messages`),
        ]),
      );

    // Offline: Today from the browser's copy, under the banner with the time it was read.
    await context.setOffline(true);
    await goByBar(page, /^Today/);
    const banner = offlineBanner(page);
    await expect(banner).toHaveText(SHOWING_COPY);
    await expect(card).toContainText('Waiting for your approval');
    await expectAxeClean(page, 'Today offline at 390 px');
    await snap(page, 'today-offline');

    // A call logged offline waits in the browser.
    await goByBar(page, /^Clients$/);
    await page.getByRole('link', { name: 'Bella Birthday', exact: true }).click();
    await logCall.click();
    const form = page.getByRole('form', { name: 'Log a call, meeting or note' });
    await form.getByLabel('Note (optional)').fill('Called from the basement: no signal.');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Waiting to send');
    const waiting = page.getByRole('status').filter({ hasText: 'Waiting to send (1)' });
    await expect(waiting).toBeVisible();
    await expectAxeClean(page, 'an action waiting to send at 390 px');
    await snap(page, 'offline-waiting');

    // Back online: it is sent, once.
    await context.setOffline(false);
    await expect(waiting).toBeHidden();
    await expect(banner).toBeHidden();
    const touches = async () => {
      const res = await page.request.get(`/api/clients/${client.id}/messages`);
      const { activity: items } = (await res.json()) as { activity: Array<{ type: string; note?: string }> };
      return items.filter((item) => item.type === 'touch');
    };
    await expect.poll(async () => (await touches()).length).toBe(1);
    expect((await touches())[0]!.note).toBe('Called from the basement: no signal.');

    // Signing out deletes everything the browser kept for the account.
    expect((await offlineKeys(page)).filter((key) => key.startsWith(`${agent.user.id}|`)).length).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth/);
    expect((await offlineKeys(page)).filter((key) => key.startsWith(`${agent.user.id}|`))).toEqual([]);
  });
});

test.describe('offline, with the service worker', () => {
  // The suite blocks service workers elsewhere (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('Today opens offline: the frame and code from the worker, its answers from the device', async ({
    page,
    context,
  }) => {
    test.slow(); // a job run, the worker's precache, a load offline on a loaded 2-core machine
    await page.setViewportSize(PHONE);
    const { agent } = await agentWithMessageWaiting(page);
    await page.goto('/today');
    const card = page.getByRole('article').filter({ hasText: 'Bella Birthday' });
    await expect(card).toContainText('Waiting for your approval');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await expect
      .poll(() => offlineKeys(page))
      .toEqual(
        expect.arrayContaining([
          `${agent.user.id}|answer|/api/user`,
          `${agent.user.id}|answer|/api/outgoing`,
          `${agent.user.id}|answer|/api/today/next-best?limit=10`,
        ]),
      );

    await context.setOffline(true);
    try {
      await page.goto('/today');
      await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
      await expect(offlineBanner(page)).toHaveText(SHOWING_COPY);
      await expect(card).toContainText('Waiting for your approval');
      await expect(page.getByRole('heading', { name: 'Who to contact today' })).toBeVisible();
      await expectAxeClean(page, 'Today opened offline at 390 px');
    } finally {
      await context.setOffline(false);
    }
  });
});
