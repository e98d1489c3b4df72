// Priority support in the browser: an agent writes from /help and gets the confirmation (on the page
// and by e-mail); the administrator finds the request on /admin/support, replies and closes it; the
// agent reads the reply on /help and got it by e-mail.
import type { Page } from '@playwright/test';
import { expect, newAgentDetails, outbox, registerAgentViaApi, signInAsAdmin, snap, test } from './support/fixtures';

/** The support e-mails `to` got, oldest first. */
const supportMails = async (to: string) =>
  (await outbox.messages()).filter((m) => m.to === to.toLowerCase() && /request/.test(m.subject ?? ''));

/** A request on /admin/support, by its subject. */
const requestCard = (page: Page, subject: string) => page.getByRole('article', { name: subject });

test('an agent asks from /help, an administrator replies and closes, and the agent reads the reply', async ({
  page,
  browser,
}) => {
  // The agent writes.
  const agent = await registerAgentViaApi(page, newAgentDetails('support'));
  const subject = `Digest missing ${Date.now()}`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Help' }).first().click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Pro includes priority support');
  await expect(page.getByText('No requests yet')).toBeVisible();
  const form = page.getByRole('form', { name: 'Contact support' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('My morning digest did not arrive today.\nIt came every day last week.');
  await form.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'We received your request' })).toContainText(
    `“${subject}” is with our team.`,
  );
  await expect(form.getByLabel('Subject')).toHaveValue('');
  const mine = page.getByRole('list', { name: 'Your requests' }).getByRole('article', { name: subject });
  await expect(mine.getByText('Open', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await supportMails(agent.email)).map((m) => m.subject))
    .toEqual(['We received your request']);
  expect((await supportMails(agent.email))[0]!.text).toContain(`We received your support request "${subject}".`);
  await snap(page, 'help-sent');

  // The administrator answers, in a browser of their own.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  try {
    await signInAsAdmin(admin);
    await admin.goto('/admin');
    await admin.getByRole('link', { name: 'Support Requests' }).click();
    await expect(admin).toHaveURL(/\/admin\/support$/);
    const card = requestCard(admin, subject);
    await expect(card.getByText(agent.fullName)).toBeVisible();
    await expect(card.getByText(agent.email)).toBeVisible();
    await expect(card.getByText('My morning digest did not arrive today.', { exact: false })).toBeVisible();
    await snap(admin, 'admin-support');

    await card
      .getByLabel('Reply', { exact: true })
      .fill('We found it: your time zone was unset. It is fixed, and tomorrow’s digest will arrive at 8:00.');
    await card.getByRole('button', { name: 'Send reply' }).click();
    await expect(admin.getByText(`Reply sent to ${agent.fullName.split(' ')[0]}`)).toBeVisible();
    await expect(card.getByRole('list', { name: `Replies to ${subject}` })).toContainText('your time zone was unset');
    await expect(card.getByLabel('Reply', { exact: true })).toHaveValue('');
    await expect.poll(async () => (await supportMails(agent.email)).length).toBe(2);
    expect((await supportMails(agent.email))[1]!.text).toContain('your time zone was unset');

    await card.getByRole('button', { name: 'Close ticket' }).click();
    await expect(admin.getByText('Request closed')).toBeVisible();
    await expect(card).toHaveCount(0);
    await admin.getByRole('button', { name: 'Recently closed' }).click();
    await expect(requestCard(admin, subject).getByText('Closed', { exact: true })).toBeVisible();
  } finally {
    await adminContext.close();
  }

  // The agent reads the answer.
  await page.reload();
  await expect(mine.getByText('Closed', { exact: true })).toBeVisible();
  await expect(mine.getByRole('list', { name: `Replies to ${subject}` })).toContainText('Hearthside support');
  await expect(mine.getByRole('list', { name: `Replies to ${subject}` })).toContainText('your time zone was unset');
  await snap(page, 'help-replied');
});
