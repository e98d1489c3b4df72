// Asks before an action: the question as the title, what the action does, and Cancel beside the confirm button
// (red for what cannot be taken back), both disabled while the action runs; its failure is shown in the dialog.
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useId, type ReactNode } from 'react';
import { useRetained } from '@/lib/use-retained';
import { DialogButtons, DialogError, DialogFrame } from './dialog-frame';

export type ConfirmDialogProps = {
  open: boolean;
  /** The question ("Are you sure?"). */
  title: ReactNode;
  /** What confirming does, in a sentence or two. */
  message?: ReactNode;
  /** What the action takes besides the yes (a field). */
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button's words while the action runs ("Deleting..."). */
  busyLabel?: string;
  cancelLabel?: string;
  /** A red confirm button, for what cannot be taken back. */
  destructive?: boolean;
  busy?: boolean;
  /** The action's last failure. */
  error?: string | null;
  /** The action cannot be taken yet (a field not valid). */
  confirmDisabled?: boolean;
  /** 'dialog' for a step the user asked for rather than an interruption (a bulk action). */
  role?: 'alertdialog' | 'dialog';
  /** Focus starts on Cancel, the choice that changes nothing; off when a field takes it. */
  focusCancel?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** After the dialog has faded out. */
  onExited?: () => void;
};

export function ConfirmDialog({
  open,
  title,
  message,
  children,
  confirmLabel,
  destructive = false,
  error = null,
  confirmDisabled = false,
  role = 'alertdialog',
  focusCancel = true,
  onConfirm,
  onExited,
  ...buttons
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <DialogFrame
      open={open}
      onClose={buttons.onCancel}
      title={title}
      size="xs"
      role={role}
      busy={buttons.busy}
      describedBy={message ? messageId : undefined}
      onExited={onExited}
    >
      <DialogContent>
        {message ? <DialogContentText id={messageId}>{message}</DialogContentText> : null}
        {children}
        <DialogError error={error} />
      </DialogContent>
      <DialogButtons
        {...buttons}
        focusCancel={focusCancel}
        label={confirmLabel}
        disabled={confirmDisabled || !open}
        color={destructive ? 'error' : 'primary'}
        onAct={onConfirm}
      />
    </DialogFrame>
  );
}

type ItemConfirmDialogProps<T> = Omit<ConfirmDialogProps, 'open' | 'title' | 'message' | 'onConfirm'> & {
  /** What the action is about (a client, an invitation): the dialog is open while there is one. */
  item: T | null;
  /** The question and what confirming does, about the item (still the last one while the dialog fades out). */
  title: ReactNode | ((item: T) => ReactNode);
  message: ReactNode | ((item: T) => ReactNode);
  onConfirm: (item: T) => void;
};

/** Asks before an action on one item, and still shows the item while the dialog fades out once it is cleared. */
export function ItemConfirmDialog<T>({ item, title, message, onConfirm, ...props }: ItemConfirmDialogProps<T>) {
  const shown = useRetained(item);
  const about = (text: ReactNode | ((item: T) => ReactNode)) =>
    typeof text !== 'function' ? text : shown === null ? null : text(shown);
  return (
    <ConfirmDialog
      {...props}
      open={item !== null}
      title={about(title)}
      message={about(message)}
      onConfirm={() => item !== null && onConfirm(item)}
    />
  );
}
