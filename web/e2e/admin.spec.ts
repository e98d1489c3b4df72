// Administration in the browser: the dashboard (stat cards, test SMS, charts, Export Data), the
// agent list and Manage Client Data (filter, add, edit, export), signed in as the administrator
// named by ADMIN_EMAILS; and an agent who opens them is told they are not authorized.
import type { APIRequestContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  drawCharts,
  expect,
  newAgentDetails,
  outbox,
  registerAgentViaApi,
  signInAsAdmin,
  snap,
  test,
} from './support/fixtures';

/** An agent with two clients, registered in its own request context (the page stays the admin's). */
async function agentWithClients(request: APIRequestContext, baseURL: string) {
  const details = newAgentDetails('adminview');
  const res = await request.post('/api/register', {
    data: { username: details.email, password: details.password, fullName: details.fullName, phone: details.phone },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  const stamp = Date.now();
  for (const name of ['Rosa Admin-View', 'Omar Admin-View']) {
    const created = await request.post('/api/clients', {
      data: {
        name: `${name} ${stamp}`,
        email: `${name.split(' ')[0]!.toLowerCase()}-${stamp}@example.com`,
        phone: '(512) 555-0142',
      },
      headers: { origin: baseURL },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  return { ...details, id: ((await res.json()) as { id: string }).id, stamp };
}

test.describe('administration', () => {
  test('the dashboard shows the platform, sends a test SMS and exports all data', async ({
    page,
    request,
    baseURL,
  }) => {
    await agentWithClients(request, baseURL!);
    await signInAsAdmin(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    for (const title of [
      'Total Agents',
      'Total Clients',
      'Pro Agents',
      'Avg Clients/Agent',
      'Test SMS Notifications',
      'Monthly Activity',
      'Reviews Over Time',
      'Reminders Provided',
      'Agent Details',
      'Client Growth',
    ]) {
      await expect(page.getByRole('region', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Avg Clients/Agent' }).getByText(/^\d+\.\d$/)).toBeVisible();
    await drawCharts(page);
    await expect(page.getByRole('region', { name: 'Monthly Activity' }).locator('svg').first()).toBeVisible();
    await snap(page, 'admin-dashboard');

    const phone = page.getByLabel('Phone Number');
    await phone.fill('12345');
    await page.getByRole('button', { name: 'Send Test SMS' }).click();
    await expect(page.getByText('Invalid Phone Number')).toBeVisible();
    await expect(
      page.getByText('Please enter a valid phone number (e.g., +1234567890 or 1234567890)').first(),
    ).toBeVisible();
    await phone.fill('5125550177');
    await page.getByRole('button', { name: 'Send Test SMS' }).click();
    await expect(page.getByText('Test SMS sent successfully')).toBeVisible();
    await expect
      .poll(async () => (await outbox.messages()).filter((m) => m.channel === 'sms' && m.to === '+15125550177').length)
      .toBe(1);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Data' }).click();
    expect((await download).suggestedFilename()).toBe('admin-export.zip');
    await expect(page.getByText('Export successful')).toBeVisible();
  });

  test('Total Agents leads to the agent list', async ({ page, request, baseURL }) => {
    const agent = await agentWithClients(request, baseURL!);
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'View Agent List' }).click();
    await expect(page).toHaveURL(/\/agents-list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Agent List' })).toBeVisible();
    await page.getByLabel('Search agents').fill(agent.email);
    const row = page.getByRole('row', { name: new RegExp(agent.email.replace(/[.+]/g, '\\$&')) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Never' })).toBeVisible();
    await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
    await snap(page, 'admin-agents-list');
    await page.getByRole('link', { name: 'Back to Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('Manage Client Data filters by agent, adds and edits a client for that agent, and exports the list', async ({
    page,
    request,
    baseURL,
  }) => {
    const agent = await agentWithClients(request, baseURL!);
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Manage Client Data' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Client Data' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Client' })).toBeDisabled();

    const filter = page.getByRole('combobox', { name: 'Agent' });
    await expect(filter).toHaveValue(/^All Agents \(\d+\)$/);
    await filter.click();
    await filter.fill(agent.email);
    await page.getByRole('option', { name: `${agent.email} (2)` }).click();
    await expect(page.getByText(`Rosa Admin-View ${agent.stamp}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Client' })).toBeEnabled();
    await snap(page, 'admin-clients');

    await page.getByRole('button', { name: 'Add Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Client' });
    await dialog.getByLabel('Name').fill(`Added By Admin ${agent.stamp}`);
    await dialog.getByLabel('Email').fill(`added-${agent.stamp}@example.com`);
    await dialog.getByLabel('Phone').fill('(512) 555-0199');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expect(page.getByText('Client added successfully')).toBeVisible();
    await expect(page.getByText(`Added By Admin ${agent.stamp}`)).toBeVisible();

    await page.getByRole('button', { name: `Edit Omar Admin-View ${agent.stamp}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Client' });
    await edit.getByLabel('Name').fill(`Omar Edited ${agent.stamp}`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Client updated successfully')).toBeVisible();
    await expect(page.getByText(`Omar Edited ${agent.stamp}`)).toBeVisible();

    // The agent sees what the administrator did.
    const mine = await request.get('/api/clients?limit=500');
    const names = ((await mine.json()) as { clients: Array<{ name: string }> }).clients.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining([`Added By Admin ${agent.stamp}`, `Omar Edited ${agent.stamp}`]));

    await page.getByLabel('Search clients').fill('Omar Edited');
    await expect(page.getByText(`Rosa Admin-View ${agent.stamp}`)).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^clients-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv).toContain(`Omar Edited ${agent.stamp}`);
    expect(csv).toContain(agent.email);
    expect(csv).not.toContain('Rosa Admin-View');
    await expect(page.getByText('Export successful')).toBeVisible();

    await page.getByLabel('Search clients').fill('nobody matches this');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByText('No clients to export')).toBeVisible();
    await expect(page.getByText('There are no clients matching your current filters.')).toBeVisible();
  });

  test("an agent who opens the admin pages is told 'Not authorized'", async ({ page }) => {
    await registerAgentViaApi(page);
    for (const path of ['/admin', '/admin-clients', '/agents-list']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    const api = await page.request.get('/api/admin/analytics');
    expect(api.status()).toBe(403);
  });
});
