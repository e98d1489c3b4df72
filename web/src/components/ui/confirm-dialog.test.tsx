import TextField from '@mui/material/TextField';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { deferred } from '@/testing/mock-api';
import { expectLabelledBy, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { ConfirmDialog } from './confirm-dialog';

type HarnessProps = {
  /** The action confirmed: the dialog closes once it is done, shows its failure otherwise. */
  archive: () => Promise<void>;
  onCancel?: () => void;
};

/** A confirmation as a page wires it: busy while the action runs, its failure shown, closed once done. */
function ArchiveClient({ archive, onCancel = () => undefined }: HarnessProps) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handleConfirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await archive();
      setOpen(false);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title="Archive Ana Ruiz?"
      message="Ana leaves your list and her reminders stop."
      confirmLabel="Archive"
      busyLabel="Archiving..."
      destructive
      busy={busy}
      error={error}
      onCancel={() => {
        onCancel();
        setOpen(false);
      }}
      onConfirm={() => void handleConfirm()}
    />
  );
}

function openArchiveClient(props: HarnessProps) {
  const view = renderWithProviders(<ArchiveClient {...props} />);
  return { ...view, dialog: screen.getByRole('alertdialog') };
}

const isOpen = () => screen.queryByRole('alertdialog') !== null;

describe('ConfirmDialog', () => {
  it('is an alert dialog labelled by its question and described by its message', () => {
    const { dialog } = openArchiveClient({ archive: jest.fn() });
    expectLabelledBy(dialog, 'Archive Ana Ruiz?');
    expect(dialog).toHaveAccessibleDescription('Ana leaves your list and her reminders stop.');
  });

  it('starts on Cancel, the choice that changes nothing', () => {
    const { dialog } = openArchiveClient({ archive: jest.fn() });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('disables the confirm button and Cancel while the action runs, and Escape does not close it', async () => {
    const done = deferred<void>();
    const onCancel = jest.fn();
    const { user, dialog } = openArchiveClient({ archive: () => done.promise, onCancel });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    expect(within(dialog).getByRole('button', { name: 'Archiving...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(isOpen()).toBe(true);

    done.resolve();
    await waitFor(() => expect(isOpen()).toBe(false));
  });

  it("shows the action's failure in the dialog, which stays open to try again", async () => {
    const archive = jest.fn(() => Promise.reject(new Error('The client could not be archived.')));
    const { user, dialog } = openArchiveClient({ archive });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The client could not be archived.');
    expect(isOpen()).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Archive' })).toBeEnabled();
  });

  it.each([
    ['Cancel', (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Escape', (user: UserEvent) => user.keyboard('{Escape}')],
  ])('closes on %s without confirming', async (_way, close) => {
    const archive = jest.fn();
    const onCancel = jest.fn();
    const { user } = openArchiveClient({ archive, onCancel });
    await close(user);

    expect(onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(archive).not.toHaveBeenCalled();
  });

  it('can be a plain dialog for a step the user asked for, with a field that takes the focus', () => {
    renderWithProviders(
      <ConfirmDialog
        open
        role="dialog"
        title="Add tag for 2 clients?"
        confirmLabel="Add tag (2)"
        confirmDisabled
        focusCancel={false}
        onCancel={() => undefined}
        onConfirm={() => undefined}
      >
        <TextField label="Tag" autoFocus />
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add tag for 2 clients?' });
    expect(within(dialog).getByLabelText('Tag')).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Add tag (2)' })).toBeDisabled();
  });
});
