import { MESSAGES } from '@shared/schemas';
import { callsTo, deferred, jsonResponse } from '@/testing/mock-api';
import { expectTokenInHash, fill, renderApp, screen, within } from '@/testing/test-utils';

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJhYmMifQ.c2lnbmF0dXJl';

describe('/reset-password', () => {
  it("shows the 'Reset Password' form for a well-formed token", async () => {
    renderApp(`/reset-password#token=${token}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
  });

  it('still accepts a link mailed with ?token=, sends that token, and moves it out of the query at once', async () => {
    const { user, router, fetchMock } = renderApp(`/reset-password?token=${token}`, {
      api: {
        'POST /api/password-reset/confirm': () =>
          jsonResponse(200, { message: 'Password has been reset successfully' }),
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expectTokenInHash(router, '/reset-password', token);
    await fill(user, screen.getByLabelText('New Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByRole('tab', { name: 'Login' });
    expect(callsTo(fetchMock, 'POST /api/password-reset/confirm')[0]?.body).toEqual({
      token,
      newPassword: 'new-secret',
    });
  });

  it.each([
    ['without a token', '/reset-password'],
    ['with a malformed token', '/reset-password#token=not%20a%20token'],
    ['with a single-segment token', '/reset-password#token=abcdef'],
  ])("shows 'Invalid Reset Link' %s", async (_case, url) => {
    const { user, router } = renderApp(url);

    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(
      screen.getByText('This password reset link is invalid or has expired. Please request a new password reset link.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    await screen.findByRole('tab', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/auth');
  });

  it("refuses a new password shorter than 6 characters with 'Password must be at least 6 characters'", async () => {
    const { user, fetchMock } = renderApp(`/reset-password#token=${token}`);

    await fill(user, await screen.findByLabelText('New Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/password-reset/confirm')).toHaveLength(0);
  });

  it('sends the token and the new password, confirms with a toast and goes to /auth', async () => {
    const answer = deferred<Response>();
    const { user, router, fetchMock } = renderApp(`/reset-password#token=${token}`, {
      api: { 'POST /api/password-reset/confirm': () => answer.promise },
    });

    await fill(user, await screen.findByLabelText('New Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/password-reset/confirm')[0]?.body).toEqual({
      token,
      newPassword: 'new-secret',
    });

    answer.resolve(jsonResponse(200, { message: 'Password has been reset' }));

    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(within(screen.getByRole('status')).getByText('Password reset')).toBeInTheDocument();
  });

  it("shows 'Failed to reset password' when the link has expired or was used", async () => {
    const { user, router } = renderApp(`/reset-password#token=${token}`, {
      api: {
        'POST /api/password-reset/confirm': () =>
          jsonResponse(400, { message: 'Invalid or expired reset token' }, 'Bad Request'),
      },
    });

    await fill(user, await screen.findByLabelText('New Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Failed to reset password')).toBeInTheDocument();
    expect(within(toast).getByText('Failed to reset password. The link may have expired.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
