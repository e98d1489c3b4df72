// Insights in a real browser: a Pro agent's figures from the API (the call they logged counted in
// this month, the client nobody has contacted on the reach list, and from there a message through
// the composer that takes the client off it); a free agent sees the blurred sample and the way to Pro.
import type { Page } from '@playwright/test';
import { addClientViaApi, becomePro, expect, keyDateIn, registerAgentViaApi, snap, test } from './support/fixtures';

/** Nothing runs off the side of the page at phone width. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
  if (original) await page.setViewportSize(original);
}

/** The figure a `dl` in `region` gives for `term`. */
const figure = (page: Page, region: string, term: string) =>
  page
    .getByRole('region', { name: region })
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('insights', () => {
  test("a Pro agent sees their own figures, and messages a client they haven't reached from the list", async ({
    page,
  }) => {
    test.slow(); // an upgrade, a page with every card, a send and two sets of screenshots on a loaded 2-core machine
    await registerAgentViaApi(page);
    await becomePro(page);
    const olivia = await addClientViaApi(page, { name: 'Olivia Bennett', email: 'olivia.bennett@example.com' });
    await addClientViaApi(page, { name: 'Noah Kim', email: 'noah.kim@example.com', birthday: keyDateIn(10, 1984) });
    const call = await page.request.post(`/api/clients/${olivia.id}/touches`, {
      data: { kind: 'call', note: 'Talked about refinancing.', date: new Date().toISOString() },
      headers: { origin: test.info().project.use.baseURL! },
    });
    expect(call.status(), await call.text()).toBe(201);

    await page.goto('/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '12 months' }),
    ).toHaveAttribute('aria-pressed', 'true');

    // The logged call, in this month (the last row of the chart's table).
    const touches = page.getByRole('region', { name: 'Touches per month' });
    await expect(figure(page, 'Touches per month', 'All touches')).toHaveText('1');
    await expect(touches).toContainText('1 by you · 0 automatic');
    await expect(figure(page, 'Touches per month', 'Call, meeting or note')).toHaveText('1');
    const thisMonth = touches.locator('tbody tr').last();
    await expect(thisMonth.locator('td')).toHaveText(['0', '0', '0', '0', '1', '0', '0', '1']);
    await expect(touches.locator('tbody tr')).toHaveCount(12);

    // Noah has not heard from the agent; Olivia has.
    const reach = page.getByRole('region', { name: 'Reach' });
    await expect(reach).toContainText('1 client with no touch in 90 days');
    const quiet = reach.getByRole('list', { name: 'Clients with no touch in 90 days' }).getByRole('listitem');
    await expect(quiet).toHaveCount(1);
    await expect(quiet.first()).toContainText('Noah Kim');
    await expect(quiet.first()).toContainText('noah.kim@example.com');
    await expect(quiet.first()).toContainText('Never contacted');

    const book = page.getByRole('region', { name: 'Book health' });
    await expect(book).toContainText('2 clients in your book today');
    await expect(figure(page, 'Book health', 'Next 30 days')).toHaveText('1');
    await expect(page.getByText(/^Months follow your time zone \(.+\)\.$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snap(page, 'insights-pro');

    await reach.getByRole('button', { name: 'Send a message to Noah Kim' }).click();
    const composer = page.getByRole('dialog', { name: 'Message Noah Kim' });
    await composer.getByLabel('Subject').fill('Checking in');
    await composer
      .getByRole('textbox', { name: 'Message' })
      .fill('Hi Noah,\n\nHow is the new place treating you?\n\nJamie');
    await snap(page, 'insights-composer');
    await composer.getByRole('button', { name: 'Send e-mail' }).click();
    await expect(composer.getByRole('status')).toContainText('Sent');
    await composer.getByRole('button', { name: 'Done' }).click();
    await expect(composer).toBeHidden();

    // The page read its figures again: the e-mail counts, and everyone has heard from the agent.
    await expect(reach).toContainText('Everyone has heard from you in the last 90 days.');
    await expect(figure(page, 'Touches per month', 'E-mail')).toHaveText('1');

    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '3 months' }).click();
    await expect(page).toHaveURL(/\/insights\?months=3$/);
    await expect(touches.locator('tbody tr')).toHaveCount(3);
    await expect(figure(page, 'Touches per month', 'All touches')).toHaveText('2');
    await expect(touches).toContainText('2 by you · 0 automatic');
  });

  test('a free agent sees a blurred sample and the way to Pro', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/insights') asked.push(request.url());
    });
    await registerAgentViaApi(page);

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
    await expect(page).toHaveURL(/\/insights$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

    const upsell = page.getByRole('region', { name: 'See how your client care adds up' });
    await expect(upsell.getByText('Sample data')).toBeVisible();
    await expect(upsell.getByRole('list', { name: 'What Insights show' }).getByRole('listitem')).toHaveCount(4);
    // The sample is there to see, blurred, but not to read out or tab into.
    const sample = page.locator('[data-sample]');
    await expect(sample).toHaveAttribute('aria-hidden', 'true');
    await expect(sample).toHaveCSS('filter', 'blur(5px)');
    await expect(sample).toContainText('Alex Sample');
    await expect(page.getByRole('heading', { name: 'Touches per month' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Period' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await snap(page, 'insights-free');

    await upsell.getByRole('button', { name: 'Upgrade to Pro - $15/month' }).click();
    await expect(page).toHaveURL(/\/local\/checkout\?session=/);
    expect(asked).toEqual([]);
  });
});
