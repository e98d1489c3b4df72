// Business profile, the Pro plan through the local payment simulator (which posts a signed event to
// the real Stripe webhook), and asking for and checking a client's Google review.
import type { Page } from '@playwright/test';
import { FREE_CLIENT_LIMIT, PRO_FEATURES } from '@shared/constants';
import { expect, outbox, registerAgentViaApi, snap, test } from './support/fixtures';

async function addClientViaApi(page: Page, n: number, overrides: Record<string, string> = {}) {
  const baseURL = test.info().project.use.baseURL!;
  const res = await page.request.post('/api/clients', {
    data: {
      name: `Client ${n}`,
      email: `client-${n}-${Date.now()}@example.com`,
      phone: `(512) 555-${String(1000 + n)}`,
      ...overrides,
    },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; email: string };
}

test.describe('Pro plan', () => {
  test('upgrades through the local payment simulator, shows the Pro card and takes an 11th client', async ({
    page,
  }) => {
    await registerAgentViaApi(page);
    for (let n = 1; n <= FREE_CLIENT_LIMIT; n += 1) await addClientViaApi(page, n);

    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Pro Subscription' });
    await expect(card.getByRole('list', { name: 'Pro features' }).getByRole('listitem')).toHaveText([...PRO_FEATURES]);
    await snap(page, 'settings-free');
    await card.getByRole('button', { name: 'Upgrade to Pro - $15/month' }).click();

    await expect(page).toHaveURL(/\/local\/checkout\?session=/);
    await expect(page.getByText('Local payment simulator — no charge')).toBeVisible();
    await snap(page, 'payment-simulator');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();

    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByText('Welcome to Pro!')).toBeVisible();
    await expect(card.getByText('You are currently on the Pro plan')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
    await snap(page, 'settings-pro');

    await page.goto('/clients');
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Eleventh Client');
    await dialog.getByLabel('Email').fill(`eleventh-${Date.now()}@example.com`);
    await dialog.getByLabel('Phone').fill('(512) 555-0111');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expect(page.getByText('Client added successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Eleventh Client', exact: true })).toBeVisible();
  });

  test('cancelling in the simulated billing portal ends Pro and keeps every client', async ({ page }) => {
    await registerAgentViaApi(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Upgrade to Pro - $15/month' }).click();
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await expect(page.getByText('You are currently on the Pro plan')).toBeVisible();
    for (let n = 1; n <= FREE_CLIENT_LIMIT + 1; n += 1) await addClientViaApi(page, n);

    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await expect(page).toHaveURL(/\/local\/billing-portal\?session=/);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();

    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('button', { name: 'Upgrade to Pro - $15/month' })).toBeVisible();
    await page.goto('/clients');
    await expect(
      page.getByText(
        `You can still view and edit all of them, but you can't add new clients until you have fewer than ${FREE_CLIENT_LIMIT}`,
      ),
    ).toBeVisible();
    await snap(page, 'clients-over-free-cap');
  });
});

test.describe('business profile', () => {
  test('fills the business profile, with the Place ID finder at hand', async ({ page }) => {
    await registerAgentViaApi(page);
    await page.goto('/business-profile');
    const form = page.getByRole('form', { name: 'Business profile' });
    await expect(form.getByRole('link', { name: /Place ID finder/ })).toHaveAttribute(
      'href',
      'https://developers.google.com/maps/documentation/places/web-service/place-id',
    );

    await form.getByRole('button', { name: 'Save Business Profile' }).click();
    await expect(form.getByText('Google Place ID is required')).toBeVisible();
    await expect(form.getByText('Business name is required')).toBeVisible();
    await expect(form.getByText('Business location is required')).toBeVisible();

    await form.getByLabel('Google Place ID').fill('ChIJN1t_tDeuEmsRUsoyG83frY4');
    await form.getByLabel('Business Name').fill('Rivera Home Group');
    await form.getByLabel('Business Location').fill('Austin, TX');
    await snap(page, 'business-profile');
    await form.getByRole('button', { name: 'Save Business Profile' }).click();
    await expect(page.getByText('Business profile updated successfully')).toBeVisible();

    await page.goto('/settings');
    await expect(page.getByRole('form', { name: 'Business profile' }).getByLabel('Business Name')).toHaveValue(
      'Rivera Home Group',
    );
  });
});

test.describe('reviews', () => {
  test("requests a client's review by e-mail and checks for it", async ({ page }) => {
    await registerAgentViaApi(page);
    const baseURL = test.info().project.use.baseURL!;
    await page.request.patch('/api/user/business', {
      data: {
        googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
        businessName: 'Rivera Home Group',
        businessLocation: 'Austin, TX',
      },
      headers: { origin: baseURL },
    });
    const client = await addClientViaApi(page, 1, { name: 'Maria Lopez' });

    await page.goto('/clients');
    await page.getByRole('link', { name: 'Maria Lopez', exact: true }).click();
    const dialog = page.getByRole('region', { name: 'Review Status' });
    await dialog.getByRole('button', { name: 'Request Review' }).click();
    await expect(page.getByText('Review requested')).toBeVisible();
    await expect(dialog.getByText(/^Requested /)).toBeVisible();
    // The e-mail carries the client's tracked link, which goes on to the Place's write-a-review page.
    const link = await outbox.latestLink(client.email, /https?:\/\/\S+\/r\/[A-Za-z0-9_-]+/);
    const opened = await page.request.get(link, { maxRedirects: 0 });
    expect(opened.status()).toBe(302);
    expect(opened.headers().location).toBe(
      'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
    );
    await snap(page, 'review-requested');

    await dialog.getByRole('button', { name: 'Request Review' }).click();
    await expect(page.getByText(/at most once a week/)).toBeVisible();

    // The local runtime has no Google Places key: the check says what to set up.
    await dialog.getByRole('button', { name: 'Check Review' }).click();
    await expect(page.getByText('No review yet')).toBeVisible();
    await expect(page.getByText(/GOOGLE_PLACES_API_KEY/)).toBeVisible();
  });
});
