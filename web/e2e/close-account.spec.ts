// Leaving is possible: an agent closes their account from Settings (the warning, the password
// asked again), and the login no longer lets them in.
import { expect, registerAgentViaApi, test } from './support/fixtures';

test('closes the account from Settings, after which the login fails', async ({ page }) => {
  const agent = await registerAgentViaApi(page);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Close account' });
  await expect(card.getByText(/This cannot be undone/)).toBeVisible();
  await card.getByRole('button', { name: 'Close account' }).click();

  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(dialog.getByText('That password is not right. Your account is still open.')).toBeVisible();

  await dialog.getByLabel('Password').fill(agent.password);
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Email').fill(agent.email);
  await login.getByLabel('Password').fill(agent.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
});
