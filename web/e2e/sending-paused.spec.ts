// The banner of an agent whose client sends are paused (their e-mails bounced or drew complaints past SES's review
// levels), at desktop width and at 390 px. The pause itself is the API's (functions/jobs/ses-events.test.ts): here the
// agent's real GET /api/user answer carries it, as it does once the review paused them.
import { expect, registerAgentViaApi, snap, test } from './support/fixtures';

test.describe('sending paused', () => {
  test('the signed-in shell says why sending is paused and leads to Help, at desktop and 390 px', async ({ page }) => {
    await registerAgentViaApi(page);
    await page.route('**/api/user', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const user = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...user, sendingPaused: { reason: 'bounces', since: new Date().toISOString() } },
      });
    });
    await page.goto('/');

    const banner = page.getByRole('region', { name: 'Sending paused' });
    await expect(banner).toContainText(
      'Sending to clients is paused: more than 5% of your recent e-mails bounced. Check your clients’ addresses, then ask us to lift the pause from the Help page.',
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Go to Help' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 844 });
    await snap(page, 'sending-paused-banner');

    await banner.getByRole('link', { name: 'Go to Help' }).click();
    await expect(page).toHaveURL(/\/help$/);
  });
});
