import { callsTo, jsonResponse } from '@/testing/mock-api';
import { renderApp, screen } from '@/testing/test-utils';

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJhYmMifQ.c2lnbmF0dXJl';
const route = `POST /api/unsubscribe/${token}`;

describe('/unsubscribe#token=…', () => {
  it('explains, and unsubscribes only when the reader presses the button', async () => {
    const { user, fetchMock } = renderApp(`/unsubscribe#token=${token}`, {
      api: {
        [route]: () =>
          jsonResponse(200, {
            unsubscribed: true,
            agentName: 'Jane Doe',
            message: 'You will no longer receive e-mails from Jane Doe through Hearthside.',
          }),
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Stop these e-mails?' })).toBeInTheDocument();
    expect(callsTo(fetchMock, route)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You will no longer receive e-mails from Jane Doe through Hearthside.',
    );
    expect(callsTo(fetchMock, route)).toHaveLength(1);
  });

  it('still opens a link mailed with the token in the path, and moves the token to the fragment', async () => {
    const { user, fetchMock, router } = renderApp(`/unsubscribe/${token}`, {
      api: { [route]: () => jsonResponse(200, { unsubscribed: true, agentName: 'Jane Doe', message: 'Done.' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    expect(callsTo(fetchMock, route)).toHaveLength(1);
    expect(router.state.location).toMatchObject({ pathname: '/unsubscribe', hash: `#token=${token}` });
  });

  it("shows the server's reason when the link is not valid", async () => {
    const { user } = renderApp(`/unsubscribe#token=${token}`, {
      api: { [route]: () => jsonResponse(404, { message: 'This unsubscribe link is not valid.', code: 'NOT_FOUND' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
