// The pages the build prerenders (shared/prerendered-pages.ts, scripts/build.mjs): their HTML shows
// the page before any script runs, the server answers each path with its own file, and React takes
// over that markup (hydration) without an error and without rendering it again: the nodes the
// server sent are the ones the visitor then uses.
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, registerAgentViaApi, screenshot, test } from './support/fixtures';

/** The one error every signed-out page logs: GET /api/user answers 401 (nobody is signed in). */
const SIGNED_OUT = /Failed to load resource: the server responded with a status of 401/;

/** Console errors and uncaught exceptions, but the signed-out check's. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && !SIGNED_OUT.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  return errors;
}

/**
 * Opens `path` with the app's entry script held back until the prerendered markup has been marked
 * (`data-before-hydration` on `selector`), then lets it run and waits for hydration to finish. A
 * hydration that failed would render the page again, and the marked node would be gone.
 */
async function openAndHydrate(page: Page, path: string, selector: string): Promise<void> {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page
    .locator(selector)
    .first()
    .evaluate((node) => node.setAttribute('data-before-hydration', ''));
  await expect(page.locator('fieldset[data-hydrated="false"]')).toHaveCount(1);
  release();
  await expect(page.locator('fieldset[data-hydrated="true"]')).toHaveCount(1);
  await expect(page.locator(`${selector}[data-before-hydration]`)).toHaveCount(1);
}

const pages = [
  {
    path: '/auth',
    title: 'Log in · Hearthside',
    heading: 'Welcome back',
    fields: ['Email', 'Password'],
    button: 'Login',
  },
  {
    path: '/find-realtor',
    title: 'Select Your Realtor · Hearthside',
    heading: 'Select Your Realtor',
    fields: ["Realtor's name, business or email"],
    button: undefined,
  },
  {
    path: '/client-registration',
    title: 'Complete Your Profile · Hearthside',
    heading: 'Complete Your Profile',
    fields: ['Full Name', 'Email', 'Phone', 'Address (optional)'],
    button: 'Complete Registration',
  },
  {
    path: '/reset-password',
    title: 'Reset Password · Hearthside',
    heading: 'Reset Password',
    fields: ['New Password'],
    button: 'Reset Password',
  },
] as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  for (const { path, title, heading, fields, button } of pages) {
    test(`${path} shows its heading and its form, held until the app runs`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      for (const label of fields) await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
      if (button) await expect(page.getByRole('button', { name: button, exact: true })).toBeDisabled();
      // (Playwright's text queries skip <noscript>, so the paragraph is found by CSS.)
      await expect(page.locator('noscript > p')).toContainText('Hearthside needs JavaScript to run.');
      await expect(page.locator('noscript > p')).toBeVisible();
    });
  }

  test('the public pages at 390 px and at desktop width', async ({ page }) => {
    for (const path of ['/auth', '/find-realtor']) {
      await page.goto(path);
      const name = `no-js${path.replace('/', '-')}`;
      await screenshot(page, `${name}-mobile.png`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, `${name}-desktop.png`);
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  test("every other path gets the signed-in app's frame: the bar, the page's place and a loading state", async ({
    page,
  }) => {
    for (const path of ['/', '/clients', '/settings']) {
      await page.goto(path);
      await expect(page.getByRole('banner').getByText('Hearthside')).toBeVisible();
      await expect(page.getByRole('main').getByRole('progressbar', { name: 'Loading' })).toBeVisible();
    }
    await screenshot(page, 'no-js-app-frame-mobile.png');
  });
});

test.describe('the server', () => {
  test('answers each prerendered page with its own HTML, with or without a trailing slash or a query, and every other path with the frame', async ({
    request,
  }) => {
    const prerenderedAt = async (path: string) => {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['cache-control'], path).toBe('no-cache');
      return /<div id="root" data-prerendered="([^"]*)">/.exec(await res.text())?.[1];
    };
    for (const { path } of pages) {
      expect(await prerenderedAt(path)).toBe(path);
      expect(await prerenderedAt(`${path}/`)).toBe(path);
    }
    expect(await prerenderedAt('/find-realtor?q=ann')).toBe('/find-realtor');
    expect(await prerenderedAt('/client-registration?agentId=abc')).toBe('/client-registration');
    for (const path of ['/', '/clients', '/client-registration/confirm', '/verify-email', '/no/such/page'])
      expect(await prerenderedAt(path)).toBe('/');
  });
});

test.describe('hydration', () => {
  test('/auth: React takes over the prerendered form, and a visitor logs in', async ({ page }) => {
    const agent = await registerAgentViaApi(page);
    await page.context().clearCookies();
    const errors = collectErrors(page);
    await openAndHydrate(page, '/auth', 'h1');
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Email').fill(agent.email);
    await login.getByLabel('Password').fill(agent.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${agent.fullName}` })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('/find-realtor?q=…: the search field works once hydrated', async ({ page }) => {
    // A listed realtor, so the page offers the search (with none it says so instead).
    await registerAgentViaApi(page);
    await page.context().clearCookies();
    const errors = collectErrors(page);
    await openAndHydrate(page, '/find-realtor?q=ann', 'input');
    const search = page.getByLabel("Realtor's name, business or email");
    await search.fill('no such realtor anywhere');
    await expect(page.getByText('No realtor found with that email.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('/client-registration?agentId=…: the form is the same nodes, now enabled', async ({ page }) => {
    const errors = collectErrors(page);
    await openAndHydrate(page, '/client-registration?agentId=an-agent', 'input[name="name"]');
    await expect(page.getByLabel('Full Name')).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test('/reset-password: the form for a well-formed link, the invalid-link view without one', async ({ page }) => {
    const errors = collectErrors(page);
    await openAndHydrate(page, `/reset-password#token=${'a'.repeat(22)}.${'b'.repeat(43)}`, 'h1');
    await expect(page.getByLabel('New Password')).toBeEnabled();
    // The card (and its fieldset) stays; what is in it becomes the invalid-link view.
    await openAndHydrate(page, '/reset-password', 'fieldset');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the signed-in frame: React takes it over on the dashboard and on a deep link, and renders /verify-email's own page over it", async ({
    page,
  }) => {
    const agent = await registerAgentViaApi(page);
    const errors = collectErrors(page);
    const userRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user') userRequests.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${agent.fullName}` })).toBeVisible();
    // The HTML preloads GET /api/user and the app's own request takes that answer: one request, not two.
    expect(userRequests).toHaveLength(1);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.goto('/verify-email');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('the signed-in first screens', () => {
  test('/ and /today load no script their HTML did not preload, and the entry makes each first read once', async ({
    page,
  }) => {
    const agent = await registerAgentViaApi(page);
    const pages = [
      { path: '/', heading: `Welcome, ${agent.fullName}`, read: '/api/dashboard' },
      { path: '/today', heading: 'Today', read: '/api/clients?due=check-in&limit=20' },
    ];
    for (const { path, heading, read } of pages) {
      const requests: Array<{ type: string; url: URL }> = [];
      const record = (request: { resourceType: () => string; url: () => string }) =>
        requests.push({ type: request.resourceType(), url: new URL(request.url()) });
      page.on('request', record);
      const html = await (await page.request.get(path)).text();
      const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
      const entry = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0);
      page.off('request', record);
      // The page's code came with the HTML, not after the router matched the page: every script it ran was preloaded
      // (but the service worker's helper, which the page loads on `load` to register it, and the chart library, which
      // a chart loads when it comes near the viewport: the dashboard's monthly chart, kept for a new agent too).
      const deferred = (pathname: string) => pathname.includes('workbox-window') || pathname.includes('chunk-nivo');
      const scripts = requests
        .filter(({ type, url }) => type === 'script' && !deferred(url.pathname))
        .map(({ url }) => url.pathname);
      expect(
        scripts.filter((script) => script !== entry && !preloaded.includes(script)),
        path,
      ).toEqual([]);
      // The shell's badges and the page's own read start once, with the entry, and the page takes those answers.
      const made = (wanted: string) =>
        requests.filter(({ type, url }) => type === 'fetch' && `${url.pathname}${url.search}` === wanted).length;
      for (const wanted of ['/api/outgoing', '/api/conversations', read])
        expect(made(wanted), `${path}: ${wanted}`).toBe(1);
    }
    expect(
      (await (await page.request.get('/')).text()).match(/<link rel="modulepreload" href="\/assets\/chunk-today-/g),
    ).toHaveLength(1);
  });
});
