// Asks before a client is deleted for good.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import type { Client } from '@shared/api-types';

type DeleteClientDialogProps = {
  client: Client | null;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: (client: Client) => void;
  /** After the dialog has faded out (the manager moves focus on when the client is gone). */
  onExited?: () => void;
};

export function DeleteClientDialog({ client, isDeleting, onCancel, onConfirm, onExited }: DeleteClientDialogProps) {
  // Keep the name on screen while the dialog fades out after the client is gone.
  const [shown, setShown] = useState(client);
  useEffect(() => {
    if (client) setShown(client);
  }, [client]);

  return (
    <Dialog
      open={Boolean(client)}
      onClose={isDeleting ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { role: 'alertdialog' }, transition: { onExited } }}
    >
      <DialogTitle>Are you sure?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          This will permanently delete {shown?.name}'s information and cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={isDeleting} autoFocus>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={isDeleting || !client}
          onClick={() => client && onConfirm(client)}
        >
          {isDeleting ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
