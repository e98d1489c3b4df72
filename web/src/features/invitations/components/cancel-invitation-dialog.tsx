// Asks before an open invitation is cancelled (its link stops working).
import type { OpenInvitation } from '@shared/api-types';
import { ItemConfirmDialog } from '@/components/ui/confirm-dialog';

type CancelInvitationDialogProps = {
  invitation: OpenInvitation | null;
  isCancelling: boolean;
  onKeep: () => void;
  onConfirm: (invitation: OpenInvitation) => void;
  /** After the dialog has faded out (focus moves on when the invitation is gone). */
  onExited?: () => void;
};

export function CancelInvitationDialog({
  invitation,
  isCancelling,
  onKeep,
  onConfirm,
  onExited,
}: CancelInvitationDialogProps) {
  return (
    <ItemConfirmDialog
      item={invitation}
      title="Cancel this invitation?"
      message={(shown) =>
        `The link sent to ${shown.email} will stop working. You can invite ${shown.name} again at any time.`
      }
      cancelLabel="Keep It"
      confirmLabel="Cancel Invitation"
      busyLabel="Cancelling..."
      destructive
      busy={isCancelling}
      onCancel={onKeep}
      onConfirm={onConfirm}
      onExited={onExited}
    />
  );
}
