// Marking a review by hand: without a Places key nothing else marks a review submitted, so the agent
// does it from the client's row or page, and the dashboard's Total Client Reviews follows.
import { addClientViaApi, expect, registerAgentViaApi, test } from './support/fixtures';

test("the agent marks a review submitted from the list and from the client's page; the dashboard counts both", async ({
  page,
}) => {
  await registerAgentViaApi(page);
  await addClientViaApi(page, { name: 'Rory Row', email: 'rory@example.com' });
  await addClientViaApi(page, { name: 'Dana Detail', email: 'dana@example.com' });

  await page.goto('/clients');
  const rory = page.getByRole('row').filter({ hasText: 'Rory Row' });
  await rory.getByRole('button', { name: "Mark Rory Row's review as submitted" }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Review marked as submitted');
  await expect(rory).toContainText('Submitted');

  await page.getByRole('link', { name: 'Dana Detail', exact: true }).click();
  const review = page.getByRole('region', { name: 'Review Status' });
  await review.getByRole('button', { name: 'Mark review submitted' }).click();
  await expect(review).toContainText('Submitted');

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Reviews & Engagements' })).toContainText(
    /Engagements2Total Client Reviews/,
  );
});
