import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { deferred } from '@/testing/mock-api';
import { expectLabelledBy, fill, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { DialogFrame } from './dialog-frame';
import { DialogForm, FormDialog } from './form-dialog';
import { FormikTextField } from './formik-text-field';

type TagValues = { name: string };

type HarnessProps = {
  onSubmit: (values: TagValues) => Promise<void>;
  onClose?: () => void;
};

/** A form dialog as a page uses it: open until it asks to close. */
function RenameTag({ onSubmit, onClose = () => undefined }: HarnessProps) {
  const [open, setOpen] = useState(true);
  return (
    <FormDialog<TagValues>
      open={open}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
      title="Rename the tag"
      initialValues={{ name: 'Past buyer' }}
      onSubmit={onSubmit}
      submitLabel="Rename"
      busyLabel="Renaming..."
    >
      <FormikTextField name="name" label="Name" />
    </FormDialog>
  );
}

function openRenameTag(props: HarnessProps) {
  const view = renderWithProviders(<RenameTag {...props} />);
  const dialog = screen.getByRole('dialog');
  return { ...view, dialog };
}

const isOpen = () => screen.queryByRole('dialog') !== null;

describe('FormDialog', () => {
  it('is a dialog labelled by its title', () => {
    expectLabelledBy(openRenameTag({ onSubmit: jest.fn() }).dialog, 'Rename the tag');
  });

  it('sends the values, and disables the submit and Cancel while the submit runs (Escape does not close it)', async () => {
    const answer = deferred<void>();
    const onSubmit = jest.fn(() => answer.promise);
    const onClose = jest.fn();
    const { user, dialog } = openRenameTag({ onSubmit, onClose });
    await user.clear(within(dialog).getByLabelText('Name'));
    await fill(user, within(dialog).getByLabelText('Name'), 'First-time buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await within(dialog).findByRole('button', { name: 'Renaming...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'First-time buyer' }, expect.anything());
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(isOpen()).toBe(true);

    answer.resolve();
    expect(await within(dialog).findByRole('button', { name: 'Rename' })).toBeEnabled();
  });

  it('shows the error of a failed submit in the dialog, which stays open with what was typed', async () => {
    const onClose = jest.fn();
    const onSubmit = jest.fn(() =>
      Promise.reject(new ApiError(409, 'Conflict', { message: 'A tag with this name already exists.' })),
    );
    const { user, dialog } = openRenameTag({ onSubmit, onClose });
    await user.clear(within(dialog).getByLabelText('Name'));
    await fill(user, within(dialog).getByLabelText('Name'), 'Seller');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A tag with this name already exists.');
    expect(isOpen()).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Seller');
    expect(within(dialog).getByRole('button', { name: 'Rename' })).toBeEnabled();
  });

  it('clears the error when the form is sent again', async () => {
    const onSubmit = jest
      .fn<Promise<void>, [TagValues]>()
      .mockRejectedValueOnce(new Error('The server did not answer.'))
      .mockResolvedValueOnce(undefined);
    const { user, dialog } = openRenameTag({ onSubmit });
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server did not answer.');

    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('closes on Cancel without sending', async () => {
    const onSubmit = jest.fn();
    const onClose = jest.fn();
    const { user, dialog } = openRenameTag({ onSubmit, onClose });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes on Escape while no submit runs', async () => {
    const onClose = jest.fn();
    const { user } = openRenameTag({ onSubmit: jest.fn(), onClose });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('DialogForm', () => {
  /** A form that, once sent, shows what it did: the composer's and the broadcast's way. */
  function SendNote({ onClose }: { onClose: () => void }) {
    const [sent, setSent] = useState(false);
    return (
      <DialogFrame open onClose={onClose} title="Send a note">
        <DialogForm
          onSubmit={async () => setSent(true)}
          submitLabel="Send"
          busyLabel="Sending..."
          done={sent ? <p>The note is on its way.</p> : null}
        >
          <p>A short note to the client.</p>
        </DialogForm>
      </DialogFrame>
    );
  }

  it('shows what the form did in its place, with one button that closes the dialog', async () => {
    const onClose = jest.fn();
    const { user } = renderWithProviders(<SendNote onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Send a note' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByText('The note is on its way.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toHaveFocus();
    await user.click(done);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows an error the body keeps itself, in the submit's place", () => {
    renderWithProviders(
      <DialogFrame open onClose={() => undefined} title="Send a note">
        <DialogForm onSubmit={jest.fn()} error="No e-mail address on file" submitLabel="Send" busyLabel="Sending...">
          <p>A short note to the client.</p>
        </DialogForm>
      </DialogFrame>,
    );
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('No e-mail address on file');
  });
});
