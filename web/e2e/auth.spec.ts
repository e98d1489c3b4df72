// The foundation's browser flows: register, log out and log in (by keyboard alone), reset a password through the
// e-mailed link, and the phone's navigation. What needs no browser is shown in jsdom: the registration form's phone
// rules (auth.test.tsx), the invalid reset link (reset-password.test.tsx), the redirect of a visitor without a session
// to /auth (root.test.tsx) and the 404 page (not-found.test.tsx); the accessibility spec still opens the last two
// pages.
import { expect, newAgentDetails, outbox, registerAgentViaApi, signInAsAdmin, snap, test } from './support/fixtures';
import { tabTo, typeInto } from './support/keyboard';

test.describe('accounts', () => {
  test('registers, logs out and logs back in, by keyboard alone', async ({ page }) => {
    const agent = newAgentDetails('reg');
    await page.goto('/auth');
    await snap(page, 'auth-login');
    // The tabs: one tab stop on the selected tab, the arrow keys move between tabs (WAI-ARIA).
    await tabTo(page, page.getByRole('tab', { name: 'Login' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Register' })).toBeFocused();
    await page.keyboard.press('Enter');
    const form = page.getByRole('tabpanel', { name: 'Register' });
    await typeInto(page, form.getByLabel('Full Name'), agent.fullName);
    await typeInto(page, form.getByLabel('Email'), agent.email);
    await typeInto(page, form.getByLabel('Password'), agent.password);
    await typeInto(page, form.getByLabel('Cell Phone Number'), agent.phone);
    await snap(page, 'auth-register');
    await tabTo(page, form.getByRole('button', { name: 'Register' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: new RegExp(agent.fullName) })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await tabTo(page, page.getByRole('button', { name: 'Logout' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth$/);

    const login = page.getByRole('tabpanel', { name: 'Login' });
    await typeInto(page, login.getByLabel('Email'), agent.email);
    await typeInto(page, login.getByLabel('Password'), 'wrong password');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText('Invalid username or password')).toBeVisible();

    await login.getByLabel('Password').fill('');
    await typeInto(page, login.getByLabel('Password'), agent.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: new RegExp(agent.fullName) })).toBeVisible();
  });

  test('resets a forgotten password through the e-mailed link and logs in with the new one', async ({ page }) => {
    const agent = await registerAgentViaApi(page);
    await page.context().clearCookies();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Email').fill(agent.email);
    await snap(page, 'auth-forgot');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Check your email')).toBeVisible();
    await expect(
      page.getByText('If an account exists with that email, you will receive password reset instructions.'),
    ).toBeVisible();

    const link = await outbox.latestLink(agent.email, /https?:\/\/\S+\/reset-password#token=\S+/);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
    // What reaches a server (and CloudFront's log) is the URL before '#': the token is never in it.
    const sentUrls: string[] = [];
    page.on('request', (request) => sentUrls.push(request.url().split('#')[0]!));
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await snap(page, 'reset-password');
    await page.getByLabel('New Password').fill('my-new-password');
    await page.getByRole('button', { name: /reset password/i }).click();
    await expect(page).toHaveURL(/\/auth/);
    expect(sentUrls.some((url) => url.endsWith('/api/password-reset/confirm'))).toBe(true);
    expect(sentUrls.filter((url) => url.includes(token))).toEqual([]);

    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Email').fill(agent.email);
    await login.getByLabel('Password').fill('my-new-password');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);

    // The link works once.
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByLabel('New Password').fill('another-password');
    await page.getByRole('button', { name: /reset password/i }).click();
    await expect(page.getByText('Failed to reset password', { exact: true })).toBeVisible();
  });

  test('makes ADMIN_EMAILS users administrators with an Admin link', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
  });
});

test.describe('navigation', () => {
  test('moves the navigation to a bottom bar below 600 px, with the rest behind More', async ({ page }) => {
    await registerAgentViaApi(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    // Exact: the dashboard's own "Manage clients" link (on its client card) is not the navigation's.
    await expect(page.getByRole('link', { name: 'Manage Clients', exact: true })).toBeHidden();
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('link', { name: 'Clients' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await bar.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('link', { name: 'Manage Clients', exact: true })).toBeVisible();
  });
});
