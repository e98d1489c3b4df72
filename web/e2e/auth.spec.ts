// The foundation's browser flows: register, log out, log in, reset a password through the e-mailed
// link, the protected-route redirect, the 404 page, and the phone's navigation.
import {
  expect,
  fillRegistrationForm,
  newAgentDetails,
  outbox,
  registerAgentViaApi,
  signInAsAdmin,
  snap,
  test,
} from './support/fixtures';

test.describe('accounts', () => {
  test('registers, logs out and logs back in', async ({ page }) => {
    const agent = newAgentDetails('reg');
    await page.goto('/auth');
    await snap(page, 'auth-login');
    const form = await fillRegistrationForm(page, agent);
    await snap(page, 'auth-register');
    await form.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: new RegExp(agent.fullName) })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Email').fill(agent.email);
    await login.getByLabel('Password').fill('wrong password');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText('Invalid username or password')).toBeVisible();

    await login.getByLabel('Password').fill(agent.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows the phone rules of the registration form', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('tabpanel', { name: 'Register' });
    await form.getByLabel('Cell Phone Number').fill('12345');
    await form.getByLabel('Full Name').click();
    await expect(form.getByText('Phone number must be at least 10 digits')).toBeVisible();
    await form.getByLabel('Cell Phone Number').fill('555-abc-12345');
    await form.getByLabel('Full Name').click();
    await expect(form.getByText('Invalid phone number format')).toBeVisible();
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

  test('shows the invalid-link view for a malformed reset token', async ({ page }) => {
    await page.goto('/reset-password#token=not-a-token');
    await expect(page.getByText('Invalid Reset Link')).toBeVisible();
    await expect(
      page.getByText('This password reset link is invalid or has expired. Please request a new password reset link.'),
    ).toBeVisible();
    await snap(page, 'reset-password-invalid');
  });

  test('makes ADMIN_EMAILS users administrators with an Admin link', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
  });
});

test.describe('navigation', () => {
  test('redirects a logged-out visitor from a protected page to /auth', async ({ page }) => {
    await page.goto('/clients');
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  });

  test('shows the 404 page for an unknown path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await snap(page, 'not-found');
  });

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
