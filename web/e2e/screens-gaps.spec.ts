// Screens the API had ahead of the app, in a real browser at 390 and 1280 px with axe: a client's achievement badges
// (each with its description and "Achieved on" date) and Accept for a client from the directory; a new agent's
// dashboard keeping its reminders and monthly chart, empty, with the Google rating to connect; "Import contacts" for a
// CSV or vCard file; Insights' Google rating; and the zone the admin analytics count months in.
import { expectAxeCleanAtBothWidths } from './support/axe';
import {
  addClientViaApi,
  becomePro,
  expect,
  registerAgentViaApi,
  registerRealtorViaApi,
  signInAsAdmin,
  snap,
  test,
  today,
} from './support/fixtures';

test.describe("a client's page", () => {
  test('shows the achievement badges, and a client from the directory is accepted from their page', async ({
    page,
  }) => {
    const realtor = await registerRealtorViaApi(page.request, 'Lakeside Realty');
    const purchaseYear = Number(today.slice(0, 4)) - 2;
    const { id } = await addClientViaApi(page, {
      name: 'Iris Badge',
      email: `iris.${Date.now()}@example.com`,
      purchaseDate: `${purchaseYear}-01-15`,
    });
    const registered = await page.request.post('/api/client-registration', {
      data: {
        agentId: realtor.user.id,
        name: 'Omar Directory',
        email: `omar.${Date.now()}@example.com`,
        phone: '(512) 555-0177',
      },
      headers: { origin: test.info().project.use.baseURL! },
    });
    expect(registered.status(), await registered.text()).toBe(201);

    await page.goto(`/clients/${id}`);
    const achievements = page.getByRole('region', { name: 'Achievements' });
    const badges = achievements.getByRole('listitem');
    await expect(badges.first()).toContainText('1 Year Homeowner');
    await expect(badges.first()).toContainText('Celebrating 1 year in their home.');
    await expect(badges.first()).toContainText(`Achieved on Jan 15, ${purchaseYear + 1}`);
    await expectAxeCleanAtBothWidths(page, "a client's page with achievements");
    await snap(page, 'client-achievements');

    await page.goto('/clients');
    await page.getByRole('link', { name: 'Omar Directory' }).click();
    const waiting = page.getByRole('alert').filter({ hasText: 'Waiting for you to accept' });
    await expect(waiting).toBeVisible();
    await expectAxeCleanAtBothWidths(page, 'a client from the directory waiting to be accepted');
    await snap(page, 'client-pending-accept');
    await waiting.getByRole('button', { name: 'Accept Omar Directory' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Client accepted');
    await expect(waiting).toBeHidden();
  });
});

test.describe("a new agent's dashboard", () => {
  test('keeps the reminders and the monthly chart, empty, offers the Google rating, and imports contacts', async ({
    page,
  }) => {
    await registerAgentViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Add your first client' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Upcoming Reminders' })).toContainText('Nothing in the next 60 days');
    await expect(page.getByRole('region', { name: 'Monthly Activity' })).toContainText('Reviews Received');
    const rating = page.getByRole('region', { name: 'Google Rating' });
    await expect(rating).toContainText('Not connected');
    await expect(rating.getByRole('link', { name: 'Connect Google' })).toHaveAttribute('href', '/reviews');
    await expect(page.getByRole('link', { name: 'Import contacts' })).toHaveAttribute('href', '/clients?action=import');
    await expectAxeCleanAtBothWidths(page, "a new agent's dashboard");
    await snap(page, 'dashboard-no-clients');

    await page.goto('/clients');
    const importButton = page.getByRole('button', { name: 'Import contacts' }).first();
    await expect(importButton).toHaveAccessibleDescription('From a CSV or vCard (.vcf) file');
    await importButton.click();
    const dialog = page.getByRole('dialog', { name: 'Import Clients' });
    await expect(dialog.getByLabel('CSV or vCard file')).toHaveAttribute('accept', '.csv,.vcf');
  });
});

test.describe('the Google rating on Insights, and the zone of the admin analytics', () => {
  test('Insights offers to connect Google; /admin names the reporting zone its months follow', async ({ page }) => {
    await registerAgentViaApi(page);
    await becomePro(page);
    await page.goto('/insights');
    const rating = page.getByRole('region', { name: 'Google rating' });
    await expect(rating).toContainText('Connect your Google Business Profile to see it here');
    await expect(rating.getByRole('link', { name: 'Connect Google' })).toHaveAttribute('href', '/reviews');
    await expectAxeCleanAtBothWidths(page, 'Insights with the Google rating');

    await page.context().clearCookies();
    await signInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByText("Months follow the platform's reporting time zone (America/New_York).")).toBeVisible();
    await expectAxeCleanAtBothWidths(page, 'the admin dashboard with its reporting zone');
    await snap(page, 'admin-reporting-zone');
  });
});
