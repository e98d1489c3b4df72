// Asks before a client is deleted for good.
import type { Client } from '@shared/api-types';
import { ConfirmDialog, type ConfirmDialogProps } from '@/components/ui/confirm-dialog';
import { useRetained } from '@/lib/use-retained';

/** `onExited`: the manager moves focus on once the dialog has faded out after the client is gone. */
type DeleteClientDialogProps = Pick<ConfirmDialogProps, 'onCancel' | 'onExited'> & {
  client: Client | null;
  isDeleting: boolean;
  onConfirm: (client: Client) => void;
};

export function DeleteClientDialog({ client, isDeleting, onCancel, onConfirm, onExited }: DeleteClientDialogProps) {
  const shown = useRetained(client);
  return (
    <ConfirmDialog
      open={Boolean(client)}
      title="Are you sure?"
      message={`This will permanently delete ${shown?.name}'s information and cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      destructive
      busy={isDeleting}
      onCancel={onCancel}
      onConfirm={() => client && onConfirm(client)}
      onExited={onExited}
    />
  );
}
