// Asks before a client is deleted for good.
import type { Client } from '@shared/api-types';
import { ItemConfirmDialog, type ConfirmDialogProps } from '@/components/ui/confirm-dialog';

/** `onExited`: the manager moves focus on once the dialog has faded out after the client is gone. */
type DeleteClientDialogProps = Pick<ConfirmDialogProps, 'onCancel' | 'onExited'> & {
  client: Client | null;
  isDeleting: boolean;
  onConfirm: (client: Client) => void;
};

export function DeleteClientDialog({ client, isDeleting, onCancel, onConfirm, onExited }: DeleteClientDialogProps) {
  return (
    <ItemConfirmDialog
      item={client}
      title="Are you sure?"
      message={(shown) => `This will permanently delete ${shown.name}'s information and cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      destructive
      busy={isDeleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
      onExited={onExited}
    />
  );
}
