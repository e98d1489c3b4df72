// Above the list when clients are selected: how many, "Select all N matching", and the bulk actions (add tag, remove
// tag, set rhythm, delete), each confirmed in a dialog that names the count; a delete offers Undo for 10 minutes.
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { BulkAction, ClientFilter } from '@shared/api-types';
import { TAG_MAX_LENGTH } from '@shared/tags';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useBulkAction, type BulkRequest } from '../api/bulk-actions';
import type { ClientSelection } from './client-selection';

const ACTION_LABELS: Record<BulkAction, string> = {
  'add-tag': 'Add tag',
  'remove-tag': 'Remove tag',
  'set-cadence': 'Set rhythm',
  delete: 'Delete',
};

type BulkActionsBarProps = {
  selection: ClientSelection;
  /** The ids of the rows shown. */
  pageIds: readonly string[];
  /** How many clients match the list's filter, and the filter itself (for "Select all N matching"). */
  matching: number;
  filter: ClientFilter | undefined;
};

const clients = (n: number) => `${n} client${n === 1 ? '' : 's'}`;

export function BulkActionsBar({ selection, pageIds, matching, filter }: BulkActionsBarProps) {
  const { toast } = useToast();
  const bulk = useBulkAction();
  const [action, setAction] = useState<BulkAction | null>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [undoable, setUndoable] = useState<{ id: string; count: number } | null>(null);
  const count = selection.allMatching ? matching : selection.ids.size;
  if (count === 0 && !undoable) return null;

  const valid =
    action === 'delete' ||
    (action === 'set-cadence'
      ? value === '' || (/^\d+$/.test(value) && Number(value) >= 7 && Number(value) <= 365)
      : value.trim().length > 0 && value.trim().length <= TAG_MAX_LENGTH);

  const handleConfirm = async () => {
    if (!action) return;
    const request: BulkRequest =
      selection.allMatching && filter ? { action, filter } : { action, ids: [...selection.ids] };
    if (action === 'add-tag' || action === 'remove-tag') request.tag = value.trim();
    if (action === 'set-cadence') request.cadenceDays = value === '' ? null : Number(value);
    setBusy(true);
    try {
      const result = await bulk.run(request);
      setAction(null);
      selection.clear();
      if (action === 'delete') setUndoable({ id: result.id, count: result.done });
      else toast({ title: `${ACTION_LABELS[action]}: ${clients(result.done)} updated`, variant: 'success' });
      if (result.failed > 0) toast({ title: `${clients(result.failed)} could not be changed`, variant: 'destructive' });
    } catch (failure) {
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const handleUndo = async (id: string) => {
    setUndoable(null);
    try {
      const undone = await bulk.undo(id);
      toast({ title: `${clients(undone.restored)} restored`, variant: 'success' });
    } catch (failure) {
      toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' });
    }
  };

  const open = (next: BulkAction) => {
    setValue('');
    setAction(next);
  };
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.isSelected(id));

  return (
    <>
      {count > 0 ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          role="region"
          aria-label="Bulk actions"
          sx={{ flexWrap: 'wrap', alignItems: 'center', px: 2, py: 1, bgcolor: 'action.hover' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }} role="status">
            {clients(count)} selected
          </Typography>
          {!selection.allMatching && allOnPage && filter && matching > count ? (
            <Button size="small" onClick={selection.selectAllMatching}>
              Select all {matching} matching
            </Button>
          ) : null}
          {(Object.keys(ACTION_LABELS) as BulkAction[]).map((each) => (
            <Button
              key={each}
              size="small"
              variant="outlined"
              color={each === 'delete' ? 'error' : 'primary'}
              onClick={() => open(each)}
            >
              {ACTION_LABELS[each]}
            </Button>
          ))}
          <Button size="small" onClick={selection.clear}>
            Clear selection
          </Button>
        </Stack>
      ) : null}
      <ConfirmDialog
        open={action !== null}
        role="dialog"
        title={action ? `${ACTION_LABELS[action]} for ${clients(count)}?` : ''}
        message={
          action === 'delete'
            ? `${clients(count)} and their history will be deleted. You can undo this for 10 minutes.`
            : undefined
        }
        confirmLabel={action ? `${ACTION_LABELS[action]} (${count})` : ''}
        destructive={action === 'delete'}
        busy={busy}
        confirmDisabled={!valid}
        focusCancel={false}
        onCancel={() => setAction(null)}
        onConfirm={() => void handleConfirm()}
      >
        {action === 'delete' ? null : (
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={action === 'set-cadence' ? 'Keep in touch every (days, 7–365; empty for none)' : 'Tag'}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            slotProps={{
              htmlInput: action === 'set-cadence' ? { inputMode: 'numeric' } : { maxLength: TAG_MAX_LENGTH },
            }}
          />
        )}
      </ConfirmDialog>
      <Snackbar
        open={undoable !== null}
        autoHideDuration={10 * 60 * 1000}
        onClose={(_event, reason) => (reason === 'clickaway' ? undefined : setUndoable(null))}
        message={undoable ? `${clients(undoable.count)} deleted` : ''}
        action={
          undoable ? (
            <Button color="inherit" size="small" onClick={() => void handleUndo(undoable.id)}>
              Undo
            </Button>
          ) : null
        }
      />
    </>
  );
}
