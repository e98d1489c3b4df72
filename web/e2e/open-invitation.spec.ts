// An invitation stays on /clients until its client registers: the agent invites a client, sees the
// open invitation, resends it; the client follows the new link (the old one is refused) and
// registers; the invitation leaves /clients and the client joins the list.
import type { Page } from '@playwright/test';
import { expect, outbox, registerAgentViaApi, snap, test } from './support/fixtures';

const INVITATION_LINK = /https?:\/\/\S+\/client-registration#token=\S+/;
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

test('an open invitation is resent, the client registers from the new link, and it leaves /clients', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerAgentViaApi(page);
  const invitee = { name: 'Jordan Open', email: `jordan-open-${Date.now()}@example.com` };

  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Open invitations/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Invite Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Client' });
  await dialog.getByLabel('Name').fill(invitee.name);
  await dialog.getByLabel('Email').fill(invitee.email);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toasts(page).getByText('Invitation sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  const firstLink = await outbox.latestLink(invitee.email, INVITATION_LINK);

  // Listed at once, folded to one line until opened.
  const section = page.getByRole('region', { name: 'Open invitations (1)' });
  await expect(section).toBeVisible();
  await expect(section.getByText('Waiting for 1 client to register')).toBeVisible();
  await snap(page, 'open-invitations-folded');
  await section.getByRole('button', { name: 'Show open invitations' }).click();
  const row = section.getByRole('listitem').filter({ hasText: invitee.email });
  await expect(row.getByText(invitee.name)).toBeVisible();
  await expect(row.getByText(/^Sent /)).toBeVisible();
  await snap(page, 'open-invitations-listed');

  await row.getByRole('button', { name: `Resend invitation to ${invitee.name}` }).click();
  await expect(toasts(page).getByText('Invitation resent')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await outbox.messages()).filter((m) => m.to === invitee.email && INVITATION_LINK.test(m.text)).length,
    )
    .toBe(2);
  const newLink = await outbox.latestLink(invitee.email, INVITATION_LINK);
  expect(newLink).not.toBe(firstLink);
  await expect(section.getByRole('listitem')).toHaveCount(1);

  await row.getByRole('button', { name: `Cancel invitation to ${invitee.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this invitation?' });
  await expect(
    confirm.getByText(`The link sent to ${invitee.email} will stop working.`, { exact: false }),
  ).toBeVisible();
  await snap(page, 'open-invitations-cancel-confirm');
  await confirm.getByRole('button', { name: 'Keep It' }).click();
  await expect(confirm).toBeHidden();

  // The client, in their own browser: the first link is refused, the new one registers them.
  const visitor = await browser.newContext({ baseURL });
  const client = await visitor.newPage();
  await client.goto(firstLink);
  await expect(client.getByRole('heading', { level: 1, name: 'Invalid Invitation Link' })).toBeVisible();
  await client.goto(newLink);
  await expect(client.getByRole('heading', { level: 1, name: 'Complete Your Profile' })).toBeVisible();
  await client.getByLabel('Phone').fill('(555) 123-4567');
  await client.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(client.getByText('Registration complete', { exact: true })).toBeVisible();
  await visitor.close();

  await page.goto('/clients');
  await expect(page.getByRole('link', { name: invitee.name, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /Open invitations/ })).toHaveCount(0);
  await snap(page, 'open-invitations-after-registration');
});
