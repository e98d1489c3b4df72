import { MESSAGES } from '@shared/schemas';
import { createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse } from '@/testing/mock-api';
import { renderApp, screen, within } from '@/testing/test-utils';

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJhYmMifQ.c2lnbmF0dXJl';

describe('/verify-email', () => {
  it('confirms the token once and says the e-mail is verified', async () => {
    const { fetchMock } = renderApp(`/verify-email#token=${token}`, {
      api: {
        'POST /api/verify-email': () =>
          jsonResponse(200, { message: 'Your e-mail address is verified.', user: createUser({ emailVerified: true }) }),
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail verified' })).toBeInTheDocument();
    expect(screen.getByText('Your e-mail address is verified.')).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST /api/verify-email');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ token });
  });

  it('still confirms a link mailed with ?token=, and moves the token out of the query at once', async () => {
    const { fetchMock, router } = renderApp(`/verify-email?token=${token}`, {
      api: {
        'POST /api/verify-email': () =>
          jsonResponse(200, { message: 'Your e-mail address is verified.', user: createUser({ emailVerified: true }) }),
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail verified' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/verify-email').map((call) => call.body)).toEqual([{ token }]);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location).toMatchObject({ pathname: '/verify-email', search: '', hash: `#token=${token}` });
  });

  it("shows the server's reason when the link is refused", async () => {
    renderApp(`/verify-email#token=${token}`, {
      api: {
        'POST /api/verify-email': () =>
          jsonResponse(400, { message: MESSAGES.invalidVerificationLink, code: 'INVALID_VERIFICATION_TOKEN' }),
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Verification Link' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidVerificationLink)).toBeInTheDocument();
  });

  it('sends nothing for a malformed link', async () => {
    const { fetchMock } = renderApp('/verify-email#token=not%20a%20token');

    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Verification Link' })).toBeInTheDocument();
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
