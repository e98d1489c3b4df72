import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { CLIENT_MESSAGES } from '@shared/client-schema';
import { callsTo, deferred, jsonResponse, mockApi } from '@/testing/mock-api';
import { fill, renderWithProviders, screen, toastRegion, waitFor, within } from '@/testing/test-utils';
import { InviteClientDialog } from './invite-client-dialog';

/** The dialog as a page uses it: open until it asks to close. */
function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <InviteClientDialog
      open={open}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    />
  );
}

function openDialog(api: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi(api);
  const onClose = jest.fn();
  const view = renderWithProviders(<Harness onClose={onClose} />);
  return { ...view, fetchMock, onClose };
}

/** Fills in Robin Guest and sends the invitation. */
async function inviteRobin(user: UserEvent, email = 'robin@example.com') {
  await fill(user, screen.getByLabelText('Name'), 'Robin Guest');
  await fill(user, screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
}

describe('the Invite Client dialog', () => {
  it.each([
    [
      'tells an agent whose e-mail is unverified why nothing was sent, and where to get a new link',
      { status: 403, code: 'EMAIL_UNVERIFIED', message: 'Verify your e-mail address before sending to clients.' },
      'Verify your e-mail address before sending to clients. Use "Resend link" at the top of the page if you need a new verification e-mail.',
    ],
    [
      "shows a destructive 'Error' toast with the server's reason (the daily limit) and stays open",
      {
        status: 429,
        code: 'RATE_LIMITED',
        message: 'You can send up to 50 invitations a day. Please try again later.',
      },
      'You can send up to 50 invitations a day. Please try again later.',
    ],
  ])('%s', async (_rule, { status, ...refusal }, said) => {
    const { user, onClose } = openDialog({ 'POST /api/client-invitations': () => jsonResponse(status, refusal) });
    await inviteRobin(user);

    // announced over the open modal, which hides only the rest of the page
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText(said)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Invite Client' })).toBeInTheDocument();
  });

  it("sends the name and e-mail, shows 'Sending...', then 'Invitation sent' and closes", async () => {
    const answer = deferred<Response>();
    const { user, fetchMock, onClose } = openDialog({ 'POST /api/client-invitations': () => answer.promise });
    await inviteRobin(user, 'Robin@Example.com');

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/client-invitations')[0]?.body).toEqual({
      name: 'Robin Guest',
      email: 'robin@example.com',
    });
    answer.resolve(
      jsonResponse(201, { name: 'Robin Guest', email: 'robin@example.com', expiresAt: '2030-01-01T00:00:00.000Z' }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(toastRegion()).getByText('Invitation sent')).toBeInTheDocument();
    expect(
      within(toastRegion()).getByText('The client will receive an e-mail with registration instructions.'),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('requires a name and a valid e-mail before sending', async () => {
    const { user, fetchMock } = openDialog();
    await fill(user, screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(CLIENT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/client-invitations')).toHaveLength(0);
  });
});
