// After a merge: what was merged, and Undo (the server allows it for 10 minutes after the merge).
import CloseRounded from '@mui/icons-material/CloseRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import type { ClientMerge } from '@shared/api-types';

type MergeUndoSnackbarProps = {
  /** The merge just made, with what the agent saw merged. */
  merge: { result: ClientMerge; message: string } | null;
  isUndoing: boolean;
  onUndo: (result: ClientMerge) => void;
  onClose: () => void;
};

export function MergeUndoSnackbar({ merge, isUndoing, onUndo, onClose }: MergeUndoSnackbarProps) {
  return (
    <Snackbar
      open={Boolean(merge)}
      // Offered while the server still allows it.
      autoHideDuration={merge ? Math.max(1000, Date.parse(merge.result.undoUntil) - Date.now()) : null}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={merge?.message}
      action={
        <>
          <Button color="inherit" size="small" disabled={isUndoing} onClick={() => merge && onUndo(merge.result)}>
            {isUndoing ? 'Undoing...' : 'Undo'}
          </Button>
          <IconButton color="inherit" size="small" aria-label="Close" onClick={onClose}>
            <CloseRounded fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
}
