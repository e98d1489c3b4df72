import { REGISTRATION_MESSAGES } from '@shared/client-registration';
import { callsTo, deferred, jsonResponse } from '@/testing/mock-api';
import { expectTokenInHash, renderApp, screen } from '@/testing/test-utils';

const token = `${'S'.repeat(22)}.${'t'.repeat(43)}`;
const url = `/client-registration/confirm#token=${token}`;

describe('/client-registration/confirm', () => {
  it('still accepts a link mailed with ?token=, confirms with that token, and moves it out of the query at once', async () => {
    const { user, router, fetchMock } = renderApp(`/client-registration/confirm?token=${token}`, {
      api: {
        'POST /api/client-registration/confirm': () => jsonResponse(200, { agentName: 'Jordan Rivera', videos: 0 }),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Confirm My Details' }));
    expect(callsTo(fetchMock, 'POST /api/client-registration/confirm')[0]?.body).toEqual({ token });
    expectTokenInHash(router, '/client-registration/confirm', token);
  });

  it('asks first (opening the link confirms nothing), then confirms and says the realtor has the details and the video', async () => {
    const answer = deferred<Response>();
    const { user, fetchMock } = renderApp(url, {
      api: { 'POST /api/client-registration/confirm': () => answer.promise },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm Your Details' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/client-registration/confirm')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Confirm My Details' }));
    expect(await screen.findByRole('button', { name: 'Confirming...' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/client-registration/confirm')[0]?.body).toEqual({ token });

    answer.resolve(jsonResponse(200, { agentName: 'Jordan Rivera', videos: 1 }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Details Confirmed' })).toBeInTheDocument();
    expect(screen.getByText('Jordan Rivera now has your updated details.')).toBeInTheDocument();
    expect(screen.getByText('Your video is now shared with Jordan Rivera.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/auth');
  });

  it.each([
    ['CONFIRMATION_USED', 'Already Confirmed', REGISTRATION_MESSAGES.confirmationUsed],
    ['CONFIRMATION_EXPIRED', 'Link Expired', REGISTRATION_MESSAGES.confirmationExpired],
    ['CONFIRMATION_INVALID', 'Invalid Confirmation Link', REGISTRATION_MESSAGES.confirmationInvalid],
  ])('says what happened when the server answers %s', async (code, title, message) => {
    const { user } = renderApp(url, {
      api: { 'POST /api/client-registration/confirm': () => jsonResponse(410, { message, code }, 'Gone') },
    });

    await user.click(await screen.findByRole('button', { name: 'Confirm My Details' }));

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm My Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find Your Realtor' })).toHaveAttribute('href', '/find-realtor');
  });

  it('keeps the button for another try when the server fails, with its message', async () => {
    let calls = 0;
    const { user } = renderApp(url, {
      api: {
        'POST /api/client-registration/confirm': () => {
          calls += 1;
          return calls === 1
            ? jsonResponse(503, { message: 'The service is busy. Please try again.' }, 'Service Unavailable')
            : jsonResponse(200, { agentName: 'Jordan Rivera', videos: 0 });
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Confirm My Details' }));
    expect(await screen.findByText('The service is busy. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm My Details' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Details Confirmed' })).toBeInTheDocument();
    expect(screen.queryByText(/video/)).not.toBeInTheDocument();
  });

  it.each([
    ['without a token', '/client-registration/confirm'],
    ['with a malformed token', '/client-registration/confirm#token=not-a-token'],
  ])('shows the invalid-link view %s, without calling the server', async (_case, path) => {
    const { fetchMock } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Confirmation Link' })).toBeInTheDocument();
    expect(screen.getByText(REGISTRATION_MESSAGES.confirmationInvalid)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/client-registration/confirm')).toHaveLength(0);
  });
});
