// Fixtures for the browser suite: the outbox of the local runtime under test, fresh agents, and
// screenshots at desktop and phone width.
import { test as base, errors, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxMessage } from '../../../functions/integrations/outbox';
import { textablePhone } from '../../../functions/testing/phones';
import { addDays, dateParts, formatDate, todayIn } from '@shared/dates';

export { expect };
export { ADMIN_EMAIL } from './env';

/** The local runtime's outbox files, as it writes them. */
export type { OutboxMessage };

export const outbox = {
  async messages(): Promise<OutboxMessage[]> {
    const dir = join(process.env.E2E_DATA_DIR!, 'outbox');
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
    return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as OutboxMessage));
  },
  /** The first link in the newest message to `to` (waits for it to arrive). */
  async latestLink(to: string, match: RegExp = /https?:\/\/\S+/): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const mine = (await outbox.messages()).filter((m) => m.to === to.toLowerCase());
          link = mine.at(-1)?.text.match(match)?.[0];
          return link;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();
    return link!;
  },
};

/** Today where the browser (and this runner) is. */
export const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The month and day `days` from today in `year`: a key date whose next occurrence is today + days. */
export function keyDateIn(days: number, year: number): string {
  const { month, day } = dateParts(addDays(today, days));
  return formatDate(year, month, day);
}

export type ClientSeed = {
  name: string;
  email: string;
  phone?: string;
  address?: string;
  birthday?: string;
  anniversary?: string;
  purchaseDate?: string;
  purchasePrice?: number;
};

/** Adds a client for the signed-in agent through the API (a phone number unless the seed says otherwise). */
export async function addClientViaApi(page: Page, client: ClientSeed): Promise<{ id: string }> {
  const res = await page.request.post('/api/clients', {
    data: { phone: '(512) 555-0100', ...client },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

let counter = 0;
/** Details of a new agent, unique across workers and runs. */
export function newAgentDetails(prefix = 'agent') {
  counter += 1;
  const stamp = `${Date.now()}${process.pid}${counter}`;
  return {
    fullName: `Jamie ${prefix[0]!.toUpperCase()}${prefix.slice(1)} ${counter}`,
    email: `${prefix}-${stamp}@example.com`,
    password: 'e2e-password-1',
    phone: textablePhone(stamp),
  };
}

/**
 * Registers through the API (fast) and leaves the page signed in as the new agent, their e-mail verified unless
 * `verified: false`.
 */
export async function registerAgentViaApi(
  page: Page,
  details = newAgentDetails(),
  { verified = true }: { verified?: boolean } = {},
) {
  const baseURL = test.info().project.use.baseURL!;
  const res = await page.request.post('/api/register', {
    data: { username: details.email, password: details.password, fullName: details.fullName, phone: details.phone },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  const user = (await res.json()) as { id: string; isAdmin: boolean };
  if (verified) await verifyEmailOf(page.request, details.email);
  return { ...details, user };
}

/**
 * Registers a realtor (an agent with a business, so in the directory) in its own request context, leaving any page a
 * visitor; verified through the mailed link unless `verified: false`.
 */
export async function registerRealtorViaApi(
  request: APIRequestContext,
  businessName: string,
  { prefix = 'realtor', verified = true }: { prefix?: string; verified?: boolean } = {},
) {
  const details = newAgentDetails(prefix);
  const res = await request.post('/api/register', {
    data: {
      username: details.email,
      password: details.password,
      fullName: details.fullName,
      phone: details.phone,
      businessName,
      businessLocation: 'Austin, TX',
    },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(res.status(), await res.text()).toBe(201);
  if (verified) await verifyEmailOf(request, details.email);
  return { ...details, user: (await res.json()) as { id: string } };
}

/**
 * Makes the signed-in agent Pro through the local payment simulator's requests, as its page sends them (billing.spec.ts
 * goes through the pages themselves): no page is loaded, and a page already open reads the plan when it next asks.
 */
export async function becomePro(page: Page): Promise<void> {
  const origin = test.info().project.use.baseURL!;
  const checkout = await page.request.post('/api/subscription/create-checkout', { data: {}, headers: { origin } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { pathname, searchParams } = new URL(((await checkout.json()) as { url: string }).url);
  // What the simulator's Pay button posts: the session; the answer is a redirect back to the app.
  const paid = await page.request.post(pathname, {
    form: { session: searchParams.get('session') ?? '' },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  const user = await page.request.get('/api/user');
  expect(((await user.json()) as { isPro: boolean }).isPro).toBe(true);
}

/** Imports a client CSV through POST /api/clients/import as the signed-in agent; answers how many were imported. */
export async function importClientsViaApi(page: Page, csv: string): Promise<number> {
  const imported = await page.request.post('/api/clients/import', {
    multipart: { file: { name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') } },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  return ((await imported.json()) as { imported: number }).imported;
}

/** Fills the Register tab of /auth (already open) with an agent's details; returns the form to submit. */
export async function fillRegistrationForm(page: Page, agent: ReturnType<typeof newAgentDetails>): Promise<Locator> {
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Full Name').fill(agent.fullName);
  await form.getByLabel('Email').fill(agent.email);
  await form.getByLabel('Password').fill(agent.password);
  await form.getByLabel('Cell Phone Number').fill(agent.phone);
  return form;
}

/** The verification link mailed to `email` at registration (or its newest resend). */
export const verificationLink = (email: string): Promise<string> =>
  outbox.latestLink(email, /https?:\/\/\S+\/verify-email#token=\S+/);

/**
 * Follows the verification link mailed to `email` through the API, as the /verify-email page does:
 * an agent sends nothing to clients (invitations, review requests) until verified.
 */
export async function verifyEmailOf(request: APIRequestContext, email: string): Promise<void> {
  const baseURL = test.info().project.use.baseURL!;
  const token = new URLSearchParams(new URL(await verificationLink(email)).hash.slice(1)).get('token');
  const res = await request.post('/api/verify-email', { data: { token }, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Scrolls each chart of the page into view and waits until it is drawn: charts load only when they
 * come near the viewport, as for a user scrolling down. Then back to the top.
 */
export async function drawCharts(page: Page): Promise<void> {
  for (const chart of await page.locator('[data-chart]').all()) {
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('svg').first()).toBeVisible();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Whether screenshots are saved: always on a developer's machine, and in CI (CI=true) only when SCREENSHOTS=1 asks for
 * them. They are pictures for people, never an assertion, and about a hundred full-page captures with their resizes
 * cost the suite tens of seconds that CI has no eyes for. SCREENSHOTS=0 turns them off anywhere.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS ? process.env.SCREENSHOTS !== '0' : !process.env.CI;

/**
 * Saves a screenshot to test-results/screens/<file> for review: the whole page, or with a modal
 * open the viewport, which is what there is to see. A full-page capture makes Chromium resize the
 * page, and on this machine it has hung now and then (under a dialog, after a resize to 390 px).
 * The picture is for people to look at, not an assertion, so such a capture is taken again as the
 * viewport; any other failure, or a second timeout, fails the test.
 */
export async function screenshot(page: Page, file: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const path = `test-results/screens/${file}`;
  const modalOpen = (await page.getByRole('dialog').count()) > 0;
  try {
    await page.screenshot({ path, fullPage: !modalOpen, timeout: 10_000 });
  } catch (error) {
    if (modalOpen || !(error instanceof errors.TimeoutError)) throw error;
    await page.screenshot({ path, fullPage: false, timeout: 10_000 });
  }
}

/** Saves a screenshot at desktop width and at 390 px to test-results/screens/ for review. */
export async function snap(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const original = page.viewportSize();
  await screenshot(page, `${name}-desktop.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  await screenshot(page, `${name}-mobile.png`);
  if (original) await page.setViewportSize(original);
}

export const test = base;

const ADMIN_PASSWORD = 'e2e-admin-password';

/** Signs the page in as the administrator named by ADMIN_EMAILS (registered by whichever spec needs it first). */
export async function signInAsAdmin(page: Page): Promise<void> {
  const baseURL = test.info().project.use.baseURL!;
  const { ADMIN_EMAIL: email } = await import('./env');
  const register = await page.request.post('/api/register', {
    data: { username: email, password: ADMIN_PASSWORD, fullName: 'Avery Admin', phone: '(555) 010-9999' },
    headers: { origin: baseURL },
  });
  // An administrator is one only once the e-mail is verified.
  if (register.status() === 201) return verifyEmailOf(page.request, email);
  expect(register.status(), await register.text()).toBe(409);
  const login = await page.request.post('/api/login', {
    data: { username: email, password: ADMIN_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(login.status(), await login.text()).toBe(200);
  // Another worker may have registered it a moment ago and be following its link right now.
  await expect
    .poll(async () => ((await (await page.request.get('/api/user')).json()) as { isAdmin: boolean }).isAdmin)
    .toBe(true);
}
