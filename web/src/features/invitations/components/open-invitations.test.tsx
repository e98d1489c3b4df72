import { useState } from 'react';
import type { OpenInvitation } from '@shared/api-types';
import { callsTo, deferred, emptyResponse, jsonResponse, mockApi, type MockRoutes } from '@/testing/mock-api';
import { fill, renderWithProviders, screen, toastRegion, waitFor, within } from '@/testing/test-utils';
import { InviteClientDialog } from './invite-client-dialog';
import { OpenInvitations } from './open-invitations';

const robin: OpenInvitation = {
  id: 'inv-robin',
  name: 'Robin Guest',
  email: 'robin@example.com',
  sentAt: '2026-03-14T15:00:00.000Z',
  expiresAt: '2026-03-21T15:00:00.000Z',
  expired: false,
};
const sam: OpenInvitation = {
  id: 'inv-sam',
  name: 'Sam Late',
  email: 'sam@example.com',
  sentAt: '2026-02-01T15:00:00.000Z',
  expiresAt: '2026-02-08T15:00:00.000Z',
  expired: true,
};

/** OpenInvitations over a server whose list is `list` (tests change it as the server would). */
function renderSection(initial: OpenInvitation[], api: MockRoutes = {}) {
  const server = { list: initial };
  const fetchMock = mockApi({ 'GET /api/client-invitations': () => jsonResponse(200, server.list), ...api });
  return { ...renderWithProviders(<OpenInvitations />), fetchMock, server };
}

const toggle = (name: 'Show' | 'Hide') => screen.getByRole('button', { name: `${name} open invitations` });
const listed = () => within(screen.getByRole('list', { name: /Open invitations/ })).getAllByRole('listitem');

async function openSection(initial: OpenInvitation[], api: MockRoutes = {}) {
  const view = renderSection(initial, api);
  await screen.findByRole('heading', { name: `Open invitations (${initial.length})` });
  await view.user.click(toggle('Show'));
  return view;
}

describe('Open invitations', () => {
  it('shows nothing when no invitation is open', async () => {
    const { fetchMock } = renderSection([]);
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/client-invitations')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('region', { name: /Open invitations/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Open invitations/)).not.toBeInTheDocument();
  });

  it('is one folded line with the count, and Show lists each invitation: name, e-mail, when it was sent or that it expired', async () => {
    const { user } = renderSection([robin, sam]);
    const region = await screen.findByRole('region', { name: 'Open invitations (2)' });
    expect(within(region).getByText('Waiting for 2 clients to register')).toBeInTheDocument();
    expect(toggle('Show')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: /Open invitations/ })).not.toBeInTheDocument();

    await user.click(toggle('Show'));
    expect(toggle('Hide')).toHaveAttribute('aria-expanded', 'true');
    const [first, second] = listed();
    expect(within(first!).getByText('Robin Guest')).toBeInTheDocument();
    expect(within(first!).getByText('robin@example.com')).toBeInTheDocument();
    expect(first!.querySelector('time')).toHaveAttribute('datetime', robin.sentAt);
    expect(first).toHaveTextContent(/Sent Mar 1[45], 2026/);
    expect(within(second!).getByText('Sam Late')).toBeInTheDocument();
    expect(within(second!).getByText('Expired')).toBeInTheDocument();
    expect(second).not.toHaveTextContent('Sent');
    for (const name of ['Robin Guest', 'Sam Late']) {
      expect(screen.getByRole('button', { name: `Resend invitation to ${name}` })).toHaveTextContent('Resend');
      expect(screen.getByRole('button', { name: `Cancel invitation to ${name}` })).toHaveTextContent('Cancel');
    }
    await user.click(toggle('Hide'));
    await waitFor(() => expect(screen.queryByRole('list', { name: /Open invitations/ })).not.toBeInTheDocument());
  });

  it("resends: 'Resending...' while it goes, then a toast, and the list read again", async () => {
    const answer = deferred<Response>();
    const resent = {
      ...sam,
      id: 'inv-sam-2',
      sentAt: '2026-03-20T15:00:00.000Z',
      expiresAt: '2026-03-27T15:00:00.000Z',
      expired: false,
    };
    const { user, fetchMock, server } = await openSection([robin, sam], {
      'POST /api/client-invitations/inv-sam/resend': () => answer.promise,
    });

    await user.click(screen.getByRole('button', { name: 'Resend invitation to Sam Late' }));
    expect(await screen.findByRole('button', { name: 'Resending invitation to Sam Late' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Resend invitation to Robin Guest' })).toBeEnabled();
    server.list = [resent, robin];
    answer.resolve(jsonResponse(200, resent));

    expect(await within(toastRegion()).findByText('Invitation resent')).toBeInTheDocument();
    expect(
      within(toastRegion()).getByText('A new link is on its way to sam@example.com. The earlier link no longer works.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/client-invitations')).toHaveLength(2);
    await waitFor(() => expect(within(listed()[0]!).getByText('Sam Late')).toBeInTheDocument());
    expect(within(listed()[0]!).queryByText('Expired')).not.toBeInTheDocument();
  });

  it('says why a resend was refused (an unverified e-mail) and where to get a new verification link', async () => {
    const { user } = await openSection([robin], {
      'POST /api/client-invitations/inv-robin/resend': () =>
        jsonResponse(403, {
          code: 'EMAIL_UNVERIFIED',
          message: 'Verify your e-mail address before sending to clients.',
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Resend invitation to Robin Guest' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(
      within(toast).getByText(/Verify your e-mail address before sending to clients\. Use "Resend link"/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend invitation to Robin Guest' })).toBeEnabled();
  });

  it('asks before cancelling; Keep It changes nothing', async () => {
    const { user, fetchMock } = await openSection([robin]);
    await user.click(screen.getByRole('button', { name: 'Cancel invitation to Robin Guest' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this invitation?' });
    expect(
      within(dialog).getByText(
        'The link sent to robin@example.com will stop working. You can invite Robin Guest again at any time.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Keep It' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep It' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE /api/client-invitations/inv-robin')).toHaveLength(0);
    expect(listed()).toHaveLength(1);
  });

  it('cancels once confirmed, reads the list again, and goes away with the last invitation', async () => {
    const { user, fetchMock, server } = await openSection([robin, sam], {
      'DELETE /api/client-invitations/inv-robin': () => {
        server.list = [sam];
        return emptyResponse(204);
      },
      'DELETE /api/client-invitations/inv-sam': () => {
        server.list = [];
        return emptyResponse(204);
      },
    });
    await user.click(screen.getByRole('button', { name: 'Cancel invitation to Robin Guest' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel Invitation' }));
    expect(await within(toastRegion()).findByText('Invitation cancelled')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/client-invitations/inv-robin')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Open invitations (1)' })).toBeInTheDocument());
    expect(listed()).toHaveLength(1);
    // The Cancel button went with its invitation: focus is on Hide, not lost.
    await waitFor(() => expect(toggle('Hide')).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Cancel invitation to Sam Late' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel Invitation' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Open invitations/ })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'GET /api/client-invitations')).toHaveLength(3);
  });

  it("shows the server's reason when a cancel fails, and keeps the invitation", async () => {
    const { user } = await openSection([robin], {
      'DELETE /api/client-invitations/inv-robin': () =>
        jsonResponse(404, { message: 'Invitation not found. It may have been used or cancelled.', code: 'NOT_FOUND' }),
    });
    await user.click(screen.getByRole('button', { name: 'Cancel invitation to Robin Guest' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel Invitation' }));
    expect(
      await within(toastRegion()).findByText('Invitation not found. It may have been used or cancelled.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says when the invitations could not be loaded, and Try again reads them again', async () => {
    let fail = true;
    const { user, fetchMock } = renderSection([], {
      'GET /api/client-invitations': () =>
        fail ? jsonResponse(500, { message: 'Something went wrong on our side.' }) : jsonResponse(200, [robin]),
    });
    expect(
      await screen.findByText(/We couldn't load your open invitations\. Something went wrong on our side\./),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Open invitations (1)' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/client-invitations')).toHaveLength(2);
  });

  it('works from the keyboard: Show, then Resend', async () => {
    const { user, fetchMock } = renderSection([robin], {
      'POST /api/client-invitations/inv-robin/resend': () => jsonResponse(200, robin),
    });
    await screen.findByRole('heading', { name: 'Open invitations (1)' });
    await user.tab();
    expect(toggle('Show')).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Resend invitation to Robin Guest' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/client-invitations/inv-robin/resend')).toHaveLength(1));
  });

  it('lists an invitation as soon as the Invite Client dialog has sent it', async () => {
    function Page() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <OpenInvitations />
          <InviteClientDialog open={open} onClose={() => setOpen(false)} />
        </>
      );
    }
    const server = { list: [] as OpenInvitation[] };
    const fetchMock = mockApi({
      'GET /api/client-invitations': () => jsonResponse(200, server.list),
      'POST /api/client-invitations': () => {
        server.list = [robin];
        return jsonResponse(201, { name: robin.name, email: robin.email, expiresAt: robin.expiresAt });
      },
    });
    const { user } = renderWithProviders(<Page />);
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/client-invitations')).toHaveLength(1));
    await fill(user, screen.getByLabelText('Name'), robin.name);
    await fill(user, screen.getByLabelText('Email'), robin.email);
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByRole('heading', { name: 'Open invitations (1)' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/client-invitations')).toHaveLength(2);
  });
});
