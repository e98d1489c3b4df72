// Every Google review in the browser, against the local runtime's fake Google: connecting through its consent page,
// the review inbox at 1280 and 390 px (axe clean), confirming who wrote a review, drafting and posting a reply.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectAxeClean } from './support/axe';
import { addClientViaApi, expect, registerAgentViaApi, snap, test } from './support/fixtures';

const fakeGoogleDir = () => join(process.env.E2E_DATA_DIR!, 'fake-google');

test('the agent connects Google, sees every review at both widths, confirms who wrote one and replies', async ({
  page,
}) => {
  await registerAgentViaApi(page);
  const origin = test.info().project.use.baseURL!;
  const stamp = Date.now() % 100_000;
  const clientName = `Nora Quill${stamp}`;
  const client = await addClientViaApi(page, { name: clientName, email: `nora-${stamp}@example.com` });

  // Before connecting: the inbox says how, and the consent page of the fake Google is one click away.
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect Google Business Profile' }).click();
  await expect(page.getByRole('note')).toContainText('Local fake Google');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Google Business Profile connected.')).toBeVisible();

  // Choose the location; ask the client for a review through the tracked link, then the client writes one.
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Demo Realty · Austin' }).click();
  // Saved once the card shows the location's figures: only then may the review request name its place.
  await expect(page.getByText('Not read from Google yet')).toBeVisible();
  const asked = await page.request.post(`/api/clients/${client.id}/request-review`, {
    data: {},
    headers: { origin },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const now = new Date().toISOString();
  mkdirSync(fakeGoogleDir(), { recursive: true });
  writeFileSync(
    join(fakeGoogleDir(), 'reviews.json'),
    JSON.stringify([
      {
        reviewId: `nora-${stamp}`,
        reviewer: { displayName: `Nora Q.` },
        starRating: 'FIVE',
        comment: 'Found us the perfect house in two weeks.',
        createTime: now,
        updateTime: now,
      },
      {
        reviewId: `unhappy-${stamp}`,
        reviewer: { displayName: 'Sam Lowe' },
        starRating: 'TWO',
        comment: 'Paperwork took forever.',
        createTime: new Date(Date.now() - 86_400_000).toISOString(),
        updateTime: new Date(Date.now() - 86_400_000).toISOString(),
      },
    ]),
  );
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Synced: 2 new');

  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('article')).toHaveCount(2);
  const unhappy = reviews.getByRole('article', { name: 'Sam Lowe' });
  await expect(unhappy).toContainText('Needs attention');
  await expect(unhappy.getByRole('img', { name: '2 out of 5 stars' })).toBeVisible();

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(reviews.getByRole('article')).toHaveCount(2);
    await expectAxeClean(page, `the review inbox at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, 'reviews-inbox');

  // Confirming the suggested client: the review is theirs and the client's review is submitted.
  const nora = reviews.getByRole('article', { name: 'Nora Q.' });
  await expect(nora).toContainText(`Possibly by your client ${clientName}`);
  await nora.getByRole('button', { name: `Confirm ${clientName}` }).click();
  await expect(nora).toContainText(`Written by ${clientName}`);

  // Replying to the unhappy review: a draft that does not repeat the complaint, edited and posted.
  await unhappy.getByRole('button', { name: 'Draft a reply' }).click();
  const box = unhappy.getByRole('textbox', { name: 'Reply to Sam Lowe' });
  await expect(box).not.toHaveValue('');
  expect(await box.inputValue()).not.toContain('Paperwork');
  await box.fill(`${await box.inputValue()} (edited)`);
  await unhappy.getByRole('button', { name: 'Post reply' }).click();
  await expect(unhappy).toContainText('Your reply');
  await expect(unhappy).toContainText('(edited)');
  const onGoogle = JSON.parse(readFileSync(join(fakeGoogleDir(), 'reviews.json'), 'utf8')) as Array<{
    reviewId: string;
    reviewReply?: { comment: string };
  }>;
  expect(onGoogle.find((r) => r.reviewId === `unhappy-${stamp}`)!.reviewReply!.comment).toContain('(edited)');

  await page.getByRole('button', { name: 'Unmatched' }).click();
  await expect(reviews.getByRole('article')).toHaveCount(1);
  await expectAxeClean(page, 'the unmatched filter');
});
