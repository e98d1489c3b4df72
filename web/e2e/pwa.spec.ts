// The installable app in Chromium: the page links the manifest, the service worker installs and
// controls the page after a reload, the app's frame loads with the network off, and a new version
// that waits brings up the "new version" prompt, whose Reload hands the page to it.
import { expect, registerAgentViaApi, test } from './support/fixtures';

/** The service worker has installed and activated (it controls the page only from the next load). */
async function serviceWorkerReady(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active!.scriptURL);
}

// The suite blocks service workers elsewhere (playwright.config.ts): here they are what is tested.
test.use({ serviceWorkers: 'allow' });

test.describe('installable app', () => {
  test('links the manifest from every page, and serves it and its icons', async ({ page, request }) => {
    for (const path of ['/auth', '/', '/find-realtor']) {
      await page.goto(path);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    }
    const res = await request.get('/manifest.webmanifest');
    expect(res.headers()['content-type']).toBe('application/manifest+json');
    const manifest = (await res.json()) as { start_url: string; icons: { src: string; sizes: string }[] };
    expect(manifest.start_url).toBe('/today');
    for (const icon of manifest.icons) {
      const png = await request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
    }
  });

  test('the service worker controls the page after a reload, and the frame loads offline', async ({
    page,
    context,
  }) => {
    await page.goto('/auth');
    expect(await serviceWorkerReady(page)).toMatch(/\/sw\.js$/);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toMatch(/\/sw\.js$/);

    // Signed in, the pages read the API through the worker: none of its answers is kept in a cache.
    await registerAgentViaApi(page);
    await page.goto('/today');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);

    await context.setOffline(true);
    try {
      // With no network: the precached frame, not the browser's error page.
      await page.goto('/clients');
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page).toHaveTitle(/Hearthside/);
      // The sign-in page the build prerendered comes from the cache too (asked for, not opened: the agent is signed
      // in, and the app would take them on to their pages).
      const auth = await page.evaluate(async () => {
        const res = await fetch('/auth/index.html');
        return { status: res.status, html: await res.text() };
      });
      expect(auth.status).toBe(200);
      expect(auth.html).toMatch(/role="tab"[^>]*>Login</);
    } finally {
      await context.setOffline(false);
    }
  });

  test('offers "A new version is available" when one waits, and Reload hands the page to it', async ({ page }) => {
    await page.goto('/auth');
    await serviceWorkerReady(page);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByText('A new version is available')).toBeHidden();

    // Another version of the worker for the same scope (a new script URL): it installs and waits while this one
    // controls the page, as a deploy's does.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?version=next'));

    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible();
    const reloaded = page.waitForEvent('framenavigated');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.waitForLoadState();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js\?version=next$/);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  });
});
