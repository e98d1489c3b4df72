// E-mail verification in the browser: a new agent sees the banner, cannot send to clients yet (and
// is told where to get a link), resends the link, opens it signed out (the page asks to sign in and
// comes back with the token), verifies with the button, and the banner goes.
import {
  expect,
  fillRegistrationForm,
  newAgentDetails,
  outbox,
  snap,
  test,
  verificationLink,
} from './support/fixtures';

test.describe('e-mail verification', () => {
  test('register, see the banner, open the link signed out, sign in, verify with the button, banner gone', async ({
    page,
  }) => {
    const agent = newAgentDetails('verify');
    await page.goto('/auth');
    const form = await fillRegistrationForm(page, agent);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/$/);

    const banner = page.getByRole('region', { name: 'E-mail verification' });
    await expect(banner).toContainText(`Verify your e-mail address: open the link we sent to ${agent.email}.`);
    await snap(page, 'verify-email-banner');

    // Sending is refused until verified, and the message says where to get a new link.
    await page.getByRole('link', { name: 'Manage Clients' }).first().click();
    await page.getByRole('button', { name: 'Invite Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Client' });
    await dialog.getByLabel('Name').fill('Early Invitee');
    await dialog.getByLabel('Email').fill(`early-${Date.now()}@example.com`);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(
      page.getByText('Verify your e-mail address before sending to clients. Use "Resend link" at the top of the page'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const first = await verificationLink(agent.email);
    await banner.getByRole('button', { name: 'Resend link' }).click();
    await expect(page.getByText(`We sent a new verification link to ${agent.email}.`)).toBeVisible();
    await expect
      .poll(
        async () =>
          (await outbox.messages()).filter((m) => m.to === agent.email && m.text.includes('/verify-email#token='))
            .length,
      )
      .toBe(2);
    const resent = await verificationLink(agent.email);
    expect(resent).not.toBe(first);

    // Opening the link verifies nothing: signed out, the page asks to sign in first.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto(resent);
    await expect(page.getByText('Sign in to the account you registered with this address to verify it.')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Email').fill(agent.email);
    await login.getByLabel('Password').fill(agent.password);
    await login.getByRole('button', { name: 'Login' }).click();

    await expect(page.getByText(`Confirm that ${agent.email} is your e-mail address.`)).toBeVisible();
    expect(page.url()).toBe(resent);
    await page.getByRole('button', { name: 'Verify my e-mail address' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'E-mail verified' })).toBeVisible();
    await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();
    await snap(page, 'verify-email-done');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(agent.fullName) })).toBeVisible();
    await expect(page.getByRole('region', { name: 'E-mail verification' })).toHaveCount(0);

    // The link works once.
    await page.goto(resent);
    await page.getByRole('button', { name: 'Verify my e-mail address' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Verification Link' })).toBeVisible();
  });
});
