// Asks before one client is merged into another, saying what happens to each and that it can be undone.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import type { Client } from '@shared/api-types';
import { clientLabels } from '../utils/compare-clients';

export type PendingMerge = { keep: Client; merge: Client };

type MergeConfirmDialogProps = {
  pending: PendingMerge | null;
  isMerging: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (pending: PendingMerge) => void;
};

export function MergeConfirmDialog({ pending, isMerging, error, onCancel, onConfirm }: MergeConfirmDialogProps) {
  // Keep the names on screen while the dialog fades out.
  const [shown, setShown] = useState(pending);
  useEffect(() => {
    if (pending) setShown(pending);
  }, [pending]);
  const names = shown ? clientLabels(shown.merge, shown.keep) : { merged: '', kept: '' };

  return (
    <Dialog
      open={Boolean(pending)}
      onClose={isMerging ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { role: 'alertdialog', 'aria-labelledby': 'merge-dialog-title' } }}
    >
      <DialogTitle id="merge-dialog-title">
        Merge {names.merged} into {names.kept}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {names.kept} keeps their details; any they are missing are filled in from {names.merged}. Tags, dates and the
          whole history move over, and {names.merged} is removed. You can undo this for 10 minutes.
        </DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={isMerging} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" disabled={isMerging || !pending} onClick={() => pending && onConfirm(pending)}>
          {isMerging ? 'Merging...' : 'Merge'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
