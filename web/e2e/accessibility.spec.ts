// Accessibility of every page (and the clients page's dialogs) at desktop and phone width: axe-core
// finds no serious or critical violation, and every input, select and textarea has an accessible
// name. Screenshots of each state go to test-results/screens/a11y-*. A page whose own spec audits it at
// both widths with its content in place is audited there: a client's page (client-page.spec.ts), Today
// (next-best, phone), the Inbox, the duplicates screen.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  drawCharts,
  expect,
  registerRealtorViaApi,
  outbox,
  registerAgentViaApi,
  screenshot,
  signInAsAdmin,
  test,
} from './support/fixtures';
import { expectAxeClean, seriousAxeViolations } from './support/axe';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Form controls a user can reach: native inputs MUI hides from the tree (aria-hidden) are not. */
const CONTROLS =
  'input:not([type="hidden"]):not([aria-hidden="true"]), select:not([aria-hidden="true"]), textarea:not([aria-hidden="true"])';

async function checkWidth(page: Page, state: string, width: 'desktop' | 'phone'): Promise<void> {
  await page.setViewportSize(width === 'desktop' ? DESKTOP : PHONE);
  // axe waits for the page to be at rest (dialogs' fades and slides done).
  await expectAxeClean(page, `${state} at ${width}`);

  // Every input, select and textarea has an accessible name. Controls behind an open modal are
  // aria-hidden (and were checked before the dialog opened).
  const controls = page.locator(CONTROLS);
  const reachable = await controls.evaluateAll((els) =>
    els.map((el, i) => (el.closest('[aria-hidden="true"]') ? -1 : i)).filter((i) => i >= 0),
  );
  for (const i of reachable) {
    await expect
      .soft(controls.nth(i), `every input on ${state} at ${width} has an accessible name`)
      .toHaveAccessibleName(/\S/, { timeout: 1_000 });
  }
  // The same screenshots snap() takes (test-results/screens/<name>-desktop|mobile.png), without
  // resizing the page twice more.
  await screenshot(page, `a11y-${state}-${width === 'desktop' ? 'desktop' : 'mobile'}.png`);
}

/** Checks the page as it is now at both widths (axe, input names) and saves screenshots of it. */
async function audit(page: Page, state: string): Promise<void> {
  await checkWidth(page, state, 'desktop');
  await checkWidth(page, state, 'phone');
  await page.setViewportSize(DESKTOP);
}

type ClientSeed = {
  name: string;
  email: string;
  birthday?: string;
  anniversary?: string;
  purchaseDate?: string;
  address?: string;
};

async function addClientViaApi(request: APIRequestContext, baseURL: string, client: ClientSeed): Promise<void> {
  const res = await request.post('/api/clients', {
    data: { phone: '(512) 555-0100', ...client },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('accessibility', () => {
  test.use({ viewport: DESKTOP });
  // axe takes 0.5–3 s a run on this shared machine, two runs a state.
  test.describe.configure({ timeout: 90_000 });

  test('the check itself finds a serious violation, and only within the part it is given', async ({ page }) => {
    await page.setContent(
      '<html lang="en"><head><title>Check</title></head><body><main><h1>Form</h1>' +
        '<div id="outside"><input type="text"></div><div id="inside"><button>Save</button></div></main></body></html>',
    );
    const everywhere = await seriousAxeViolations(page);
    expect(everywhere).toHaveLength(1);
    expect(everywhere[0]).toMatch(/^critical label: Form elements must have labels\n {4}input — /);
    // A second run on the same page reuses the axe already in it.
    expect(await seriousAxeViolations(page, '#inside')).toEqual([]);
    expect(await seriousAxeViolations(page, '#outside')).toHaveLength(1);
  });

  test('the check audits the page at rest: after a fade, and again when part of it turned busy during a run', async ({
    page,
  }) => {
    await page.setContent(
      '<html lang="en"><head><title>Check</title></head><body><main><h1>List</h1>' +
        '<div id="list" aria-busy="false"><p style="color:#1B2528">Ana Ruiz</p></div></main></body></html>',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The list fades in from dim text: the run waits for the fade to end.
    await page.evaluate(() => {
      const list = document.getElementById('list')!;
      list.style.opacity = '0.3';
      list.getBoundingClientRect();
      list.style.transition = 'opacity 2s linear';
      list.style.opacity = '1';
    });
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() => (document.getElementById('list')!.style.transition = ''));
    // The list turns busy and dim while the next run works (as a list does when it is refreshed), then comes back.
    await page.evaluate(() => {
      const inPage = (window as unknown as { axe: { run(...args: unknown[]): Promise<unknown> } }).axe;
      const run = inPage.run.bind(inPage);
      const list = document.getElementById('list')!;
      let runs = 0;
      inPage.run = async (...args: unknown[]) => {
        runs += 1;
        document.body.dataset.runs = String(runs);
        if (runs > 1) return run(...args);
        list.setAttribute('aria-busy', 'true');
        list.style.opacity = '0.3';
        try {
          return await run(...args);
        } finally {
          list.setAttribute('aria-busy', 'false');
          list.style.opacity = '1';
        }
      };
    });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expect(page.locator('body')).toHaveAttribute('data-runs', '2');
  });

  test('public pages', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await audit(page, 'auth-login');

    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Register' })).toBeVisible();
    await audit(page, 'auth-register');

    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
    await audit(page, 'auth-forgot-password');

    await page.goto('/reset-password#token=aaaa.bbbb.cccc');
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await audit(page, 'reset-password');

    await page.goto('/reset-password#token=not a token');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, 'reset-password-invalid');

    await page.goto('/find-realtor');
    await expect(page.getByRole('heading', { level: 1, name: 'Select Your Realtor' })).toBeVisible();
    await audit(page, 'find-realtor');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, 'not-found');
  });

  test('client registration pages', async ({ page, request, baseURL }) => {
    const agentId = (await registerRealtorViaApi(request, 'Hill Realty', { prefix: 'a11y-realtor' })).user.id;
    const invitee = { name: 'Robin Invitee', email: `robin-${Date.now()}@example.com` };
    const sent = await request.post('/api/client-invitations', { data: invitee, headers: { origin: baseURL! } });
    expect(sent.status(), await sent.text()).toBe(201);

    await page.goto(await outbox.latestLink(invitee.email, /https?:\/\/\S+\/client-registration#token=\S+/));
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Profile' })).toBeVisible();
    await expect(page.getByLabel('Phone')).toBeVisible();
    await audit(page, 'client-registration-token');

    await page.goto(`/client-registration?agentId=${agentId}`);
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await audit(page, 'client-registration-agent');

    // A registration with a known client's e-mail: the confirmation page from the client's e-mail.
    const known = { name: 'Kai Known', email: `kai-${Date.now()}@example.com`, phone: '(555) 123-9876' };
    expect((await request.post('/api/clients', { data: known, headers: { origin: baseURL! } })).status()).toBe(201);
    const again = await request.post('/api/client-registration', {
      data: { agentId, ...known },
      headers: { origin: baseURL! },
    });
    expect(again.status(), await again.text()).toBe(201);
    await page.goto(await outbox.latestLink(known.email, /https?:\/\/\S+\/client-registration\/confirm#token=\S+/));
    await expect(page.getByRole('button', { name: 'Confirm My Details' })).toBeVisible();
    await audit(page, 'client-registration-confirm');
    await page.getByRole('button', { name: 'Confirm My Details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Details Confirmed' })).toBeVisible();
    await audit(page, 'client-registration-confirmed');
  });

  test('agent pages', async ({ page, baseURL }) => {
    test.slow(); // five pages, each audited at two widths, on a loaded 2-core machine
    await registerAgentViaApi(page);
    const api = page.request;
    await addClientViaApi(api, baseURL!, {
      name: 'Maria Lopez',
      email: 'maria@example.com',
      birthday: '1984-06-02',
      purchaseDate: '2020-04-30',
      address: '12 Oak Street',
    });
    await addClientViaApi(api, baseURL!, { name: 'Sam Carter', email: 'sam@example.com', anniversary: '2012-09-15' });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The dashboard as the agent reads it, once its summary has come (not its loading placeholders).
    await expect(page.getByRole('region', { name: 'Active Clients' }).getByText('2', { exact: true })).toBeVisible();
    await drawCharts(page);
    await audit(page, 'dashboard');

    await page.goto('/reminders');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, 'reminders');

    await page.goto('/business-profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, 'business-profile');

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, 'settings');

    const request = await api.post('/api/support', {
      data: { subject: 'Where is my digest?', message: 'It did not come this morning.' },
      headers: { origin: baseURL! },
    });
    expect(request.status(), await request.text()).toBe(201);
    await page.goto('/help');
    await expect(page.getByRole('list', { name: 'Your requests' })).toBeVisible();
    await audit(page, 'help');
  });

  // A client's page is audited at both widths where its content is richer: client-page.spec.ts.
  test('clients page: list and add dialog', async ({ page, baseURL }) => {
    await registerAgentViaApi(page);
    for (let i = 1; i <= 9; i += 1) {
      await addClientViaApi(page.request, baseURL!, {
        name: `Client Number ${i}`,
        email: `client-${i}@example.com`,
        birthday: '1984-06-02',
        purchaseDate: '2020-04-30',
      });
    }
    await page.goto('/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Client Number 1', exact: true })).toBeVisible();
    await audit(page, 'clients');

    await page.getByRole('button', { name: 'Add Client' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Add Client' })).toBeVisible();
    await audit(page, 'clients-add');
  });

  test('clients page: import, delete confirmation and upgrade dialogs', async ({ page, baseURL }) => {
    test.slow(); // ten clients and three dialogs, each audited at two widths, on a loaded 2-core machine
    await registerAgentViaApi(page);
    for (let i = 1; i <= 9; i += 1) {
      await addClientViaApi(page.request, baseURL!, { name: `Client Number ${i}`, email: `client-${i}@example.com` });
    }
    await page.goto('/clients');
    await expect(page.getByRole('link', { name: 'Client Number 1', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Import contacts' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Import Clients' })).toBeVisible();
    await audit(page, 'clients-import');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete Client Number 2' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
    await audit(page, 'clients-delete');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    // The tenth client reaches the free plan's limit: adding another offers the upgrade.
    await addClientViaApi(page.request, baseURL!, { name: 'Client Number 10', email: 'client-10@example.com' });
    await page.reload();
    await expect(page.getByRole('link', { name: 'Client Number 10', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Upgrade to Pro' })).toBeVisible();
    await audit(page, 'clients-upgrade');
  });

  test('admin pages', async ({ page, baseURL }) => {
    test.slow(); // four pages, each audited at two widths, on a loaded 2-core machine
    await signInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await drawCharts(page);
    await expect(page.getByRole('region', { name: 'Monthly Activity' }).locator('svg').first()).toBeVisible();
    await audit(page, 'admin');

    await page.goto('/admin-clients');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, 'admin-clients');

    await page.goto('/agents-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Agent List' })).toBeVisible();
    // The list itself, not its loading rows: axe once met the page between the two.
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await audit(page, 'agents-list');

    // An open request, so the page shows a card with its reply box.
    const request = await page.request.post('/api/support', {
      data: { subject: 'Checking the support page', message: 'An open request to look at.' },
      headers: { origin: baseURL! },
    });
    expect(request.status(), await request.text()).toBe(201);
    await page.goto('/admin/support');
    await expect(page.getByRole('list', { name: 'Open requests' })).toBeVisible();
    await audit(page, 'admin-support');
  });
});
