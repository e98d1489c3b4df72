// The frame every dialog of the app shares: the MUI Dialog labelled by its title, filling a phone's screen when it
// holds a form, and not closed by Escape or a click outside while its action runs. ConfirmDialog and FormDialog are
// built on it; a dialog with steps of its own (the import) puts its content and DialogButtons in it directly.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useContext, useId, useMemo, useState, type ReactNode } from 'react';

type DialogFrameProps = {
  open: boolean;
  /** Asked by Escape, a click outside and Cancel; not while the dialog is busy. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** How wide the dialog grows: 'xs' for a question, 'sm' (the default) for a form. */
  size?: 'xs' | 'sm';
  /** Fills a phone's screen (a form of several fields). */
  fullScreenOnPhone?: boolean;
  /** 'alertdialog' for a question that interrupts (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** While the dialog's action runs it cannot be closed. A form inside reports its own submit. */
  busy?: boolean;
  /** The id of what says more about the dialog than its title (a warning, a confirmation's message). */
  describedBy?: string;
  /** After the dialog has faded out. */
  onExited?: () => void;
};

type DialogFrameContext = {
  /** Closes the dialog unless it is busy. */
  close: () => void;
  /** A form inside says whether its submit is under way. */
  reportBusy: (busy: boolean) => void;
};

const FrameContext = createContext<DialogFrameContext>({ close: () => undefined, reportBusy: () => undefined });

/** The frame around the calling body: its close (refused while busy) and where a form reports its submit. */
export const useDialogFrame = (): DialogFrameContext => useContext(FrameContext);

export function DialogFrame({
  open,
  onClose,
  title,
  children,
  size = 'sm',
  fullScreenOnPhone = false,
  role = 'dialog',
  busy = false,
  describedBy,
  onExited,
}: DialogFrameProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [submitting, setSubmitting] = useState(false);
  const closable = !busy && !submitting;
  const context = useMemo<DialogFrameContext>(
    () => ({ close: () => (closable ? onClose() : undefined), reportBusy: setSubmitting }),
    [closable, onClose],
  );

  return (
    <Dialog
      open={open}
      onClose={closable ? onClose : undefined}
      fullWidth
      maxWidth={size}
      fullScreen={fullScreenOnPhone && phone}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      slotProps={onExited ? { transition: { onExited } } : undefined}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <FrameContext.Provider value={context}>{children}</FrameContext.Provider>
    </Dialog>
  );
}

type DialogButtonsProps = {
  onCancel: () => void;
  cancelLabel?: string;
  /** Focus starts on Cancel, the choice that changes nothing (a confirmation without a field). */
  focusCancel?: boolean;
  /** The action's label, and what it says while `busy`. */
  label: string;
  busyLabel?: string;
  busy?: boolean;
  /** The action cannot be taken yet (nothing chosen, a field not valid). */
  disabled?: boolean;
  /** Red for what cannot be taken back. */
  color?: 'primary' | 'error';
  /** Runs the action; without it the button submits the dialog's form. */
  onAct?: () => void;
};

/** Cancel beside the dialog's action, both disabled while the action runs. */
export function DialogButtons({
  onCancel,
  cancelLabel = 'Cancel',
  focusCancel = false,
  label,
  busyLabel = label,
  busy = false,
  disabled = false,
  color = 'primary',
  onAct,
}: DialogButtonsProps) {
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={onCancel} disabled={busy} autoFocus={focusCancel}>
        {cancelLabel}
      </Button>
      <Button
        type={onAct ? 'button' : 'submit'}
        variant="contained"
        color={color}
        disabled={busy || disabled}
        onClick={onAct}
      >
        {busy ? busyLabel : label}
      </Button>
    </DialogActions>
  );
}

/** The failure of the dialog's action, at the end of its content: the dialog stays open to try again. */
export function DialogError({ error }: { error: string | null }) {
  return error ? (
    <Alert severity="error" sx={{ mt: 2.5 }}>
      {error}
    </Alert>
  ) : null;
}
