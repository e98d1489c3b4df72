// Asks before an open invitation is cancelled (its link stops working).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState } from 'react';
import type { OpenInvitation } from '@shared/api-types';

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
  const titleId = useId();
  // Keep the details on screen while the dialog fades out after the invitation is gone.
  const [shown, setShown] = useState(invitation);
  useEffect(() => {
    if (invitation) setShown(invitation);
  }, [invitation]);

  return (
    <Dialog
      open={Boolean(invitation)}
      onClose={isCancelling ? undefined : onKeep}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ paper: { role: 'alertdialog' }, transition: { onExited } }}
    >
      <DialogTitle id={titleId}>Cancel this invitation?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The link sent to {shown?.email} will stop working. You can invite {shown?.name} again at any time.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onKeep} disabled={isCancelling} autoFocus>
          Keep It
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={isCancelling || !invitation}
          onClick={() => invitation && onConfirm(invitation)}
        >
          {isCancelling ? 'Cancelling...' : 'Cancel Invitation'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
