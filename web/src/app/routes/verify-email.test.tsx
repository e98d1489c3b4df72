import { MESSAGES } from '@shared/schemas';
import { createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse } from '@/testing/mock-api';
import { renderApp, screen, within } from '@/testing/test-utils';
import { SIGN_IN_TO_VERIFY } from './verify-email';

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJhYmMifQ.c2lnbmF0dXJl';

const verified = () =>
  jsonResponse(200, { message: 'Your e-mail address is verified.', user: createUser({ emailVerified: true }) });

describe('/verify-email', () => {
  it('verifies only with the button, signed in, and says the e-mail is verified', async () => {
    const { fetchMock, user } = renderApp(`/verify-email#token=${token}`, {
      user: createUser({ username: 'new@example.com', emailVerified: false }),
      api: { 'POST /api/verify-email': verified },
    });

    expect(await screen.findByText('Confirm that new@example.com is your e-mail address.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/verify-email')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Verify my e-mail address' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail verified' })).toBeInTheDocument();
    expect(screen.getByText('Your e-mail address is verified.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/verify-email').map((call) => call.body)).toEqual([{ token }]);
  });

  it('asks a signed-out visitor to sign in, sends nothing, and comes back to the link after signing in', async () => {
    const { fetchMock, user, router } = renderApp(`/verify-email#token=${token}`);

    expect(await screen.findByText(SIGN_IN_TO_VERIFY)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));

    await screen.findByRole('tab', { name: 'Login' });
    expect(router.state.location.state).toEqual({ from: `/verify-email#token=${token}` });
    expect(callsTo(fetchMock, 'POST /api/verify-email')).toHaveLength(0);
  });

  it('still reads a link mailed with ?token=, and moves the token out of the query at once', async () => {
    const { fetchMock, router, user } = renderApp(`/verify-email?token=${token}`, {
      user: createUser({ emailVerified: false }),
      api: { 'POST /api/verify-email': verified },
    });

    await user.click(await screen.findByRole('button', { name: 'Verify my e-mail address' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail verified' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/verify-email').map((call) => call.body)).toEqual([{ token }]);
    expect(router.state.location).toMatchObject({ pathname: '/verify-email', search: '', hash: `#token=${token}` });
  });

  it("shows the server's reason when the link is refused", async () => {
    const { user } = renderApp(`/verify-email#token=${token}`, {
      user: createUser({ emailVerified: false }),
      api: {
        'POST /api/verify-email': () =>
          jsonResponse(403, {
            message: 'This link verifies another account. Sign out, then sign in to the account it was sent for.',
            code: 'ANOTHER_ACCOUNT',
          }),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Verify my e-mail address' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Verification Link' })).toBeInTheDocument();
    expect(
      screen.getByText('This link verifies another account. Sign out, then sign in to the account it was sent for.'),
    ).toBeInTheDocument();
  });

  it('sends nothing for a malformed link', async () => {
    const { fetchMock } = renderApp('/verify-email#token=not%20a%20token');

    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Verification Link' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidVerificationLink)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/verify-email')).toHaveLength(0);
  });
});

describe('the unverified banner', () => {
  it('shows while the e-mail is unverified and resends the link with a toast', async () => {
    const { user, fetchMock } = renderApp('/', {
      api: {
        'GET /api/user': () => jsonResponse(200, createUser({ username: 'new@example.com', emailVerified: false })),
        'POST /api/verify-email/resend': () =>
          jsonResponse(202, { message: 'We sent a new verification link to new@example.com.' }),
      },
    });

    const banner = await screen.findByRole('region', { name: 'E-mail verification' });
    expect(banner).toHaveTextContent('Verify your e-mail address: open the link we sent to new@example.com.');
    await user.click(within(banner).getByRole('button', { name: 'Resend link' }));

    expect(await screen.findByText('We sent a new verification link to new@example.com.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/verify-email/resend')).toHaveLength(1);
  });

  it('is not there once the e-mail is verified', async () => {
    renderApp('/', {
      api: { 'GET /api/user': () => jsonResponse(200, createUser({ fullName: 'Jane Doe', emailVerified: true })) },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane Doe' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).not.toBeInTheDocument();
  });
});
