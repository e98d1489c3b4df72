import { CLOSE_ACCOUNT_MESSAGES } from '@shared/close-account';
import { callsTo, jsonResponse, mockApi } from '@/testing/mock-api';
import { expectLabelledBy, fill, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { CloseAccountCard } from './close-account-card';

function openCloseAccount(api: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi(api);
  const view = renderWithProviders(<CloseAccountCard />);
  return { ...view, fetchMock };
}

async function openDialog(user: ReturnType<typeof openCloseAccount>['user']): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: 'Close account' }));
  const dialog = screen.getByRole('dialog');
  expectLabelledBy(dialog, 'Close your account?');
  return dialog;
}

describe('closing the account', () => {
  it('warns what closing erases, and asks for the password before anything is sent', async () => {
    const { user, fetchMock } = openCloseAccount();
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleDescription(CLOSE_ACCOUNT_MESSAGES.warning);

    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(
        CLOSE_ACCOUNT_MESSAGES.passwordRequired,
      ),
    );
    expect(callsTo(fetchMock, 'DELETE /api/user')).toHaveLength(0);
  });

  it('says a wrong password was refused, in the dialog, which stays open', async () => {
    const { user, fetchMock } = openCloseAccount({
      'DELETE /api/user': () =>
        jsonResponse(403, { message: CLOSE_ACCOUNT_MESSAGES.wrongPassword, code: 'WRONG_PASSWORD' }),
    });
    const dialog = await openDialog(user);
    await fill(user, within(dialog).getByLabelText('Password'), 'not my password');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));

    const refusal = await within(dialog).findByText(CLOSE_ACCOUNT_MESSAGES.wrongPassword);
    expect(refusal.closest('.MuiAlert-root')).toHaveRole('alert');
    expect(callsTo(fetchMock, 'DELETE /api/user').map((request) => request.body)).toEqual([
      { password: 'not my password' },
    ]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close my account' })).toBeEnabled();
  });

  it('keeps the account on "Keep my account"', async () => {
    const { user, fetchMock } = openCloseAccount();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE /api/user')).toHaveLength(0);
  });
});
