// The client page's Home value card in a real browser, at 390 px and 1280 px, on FHFA's real figures (the local
// runtime stores the shipped extract at start): a Pro agent's past client in Austin shows a range, the change since
// purchase, what the figure is and, opened, how it is worked out with FHFA's line; the page a client lands on after
// asking for a valuation from their monthly update thanks them and names the agent. axe finds nothing serious.
import { FHFA_ATTRIBUTION } from '@shared/home-value';
import { expectAxeCleanAtBothWidths } from './support/axe';
import { addClientViaApi, becomePro, expect, registerAgentViaApi, snap, test } from './support/fixtures';

test.describe('home value', () => {
  test("a past client's card shows the estimate, labelled, with how it is worked out", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await registerAgentViaApi(page);
    await becomePro(page);
    const maria = await addClientViaApi(page, {
      name: 'Maria Lopez',
      email: 'maria.lopez@example.com',
      address: '1402 Elm Street, Austin, TX 78704',
      purchaseDate: '2015-05-20',
      purchasePrice: 400000,
    });
    await page.goto(`/clients/${maria.id}`);
    const card = page.getByRole('region', { name: 'Home value' });
    await expect(card.getByText(/^\$\d{3},000 – \$\d{3},000$/)).toBeVisible();
    await expect(card.getByText(/since purchase \(ZIP codes 787xx\)$/)).toBeVisible();
    await expect(card.getByText('An index-based estimate for your area, not an appraisal')).toBeVisible();
    await card.getByText('How we estimate this').click();
    await expect(card.getByText(FHFA_ATTRIBUTION)).toBeVisible();
    await snap(page, 'home-value-card');
    await expectAxeCleanAtBothWidths(page, 'the client page with its home value');
  });

  test('the page after "Ask me for a free home valuation" thanks the client and names the agent', async ({ page }) => {
    await page.goto('/home-valuation?agent=Jordan%20Rivera');
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(page.getByText('Jordan Rivera will be in touch about a free valuation of your home.')).toBeVisible();
    await expectAxeCleanAtBothWidths(page, 'the home valuation page');
  });
});
