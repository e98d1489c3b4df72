// Asks before one client is merged into another, saying what happens to each and that it can be undone.
import type { Client } from '@shared/api-types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRetained } from '@/lib/use-retained';
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
  const shown = useRetained(pending);
  const names = shown ? clientLabels(shown.merge, shown.keep) : { merged: '', kept: '' };
  return (
    <ConfirmDialog
      open={Boolean(pending)}
      title={`Merge ${names.merged} into ${names.kept}?`}
      message={`${names.kept} keeps their details; any they are missing are filled in from ${names.merged}. Tags, dates and the whole history move over, and ${names.merged} is removed. You can undo this for 10 minutes.`}
      confirmLabel="Merge"
      busyLabel="Merging..."
      busy={isMerging}
      error={error}
      onCancel={onCancel}
      onConfirm={() => pending && onConfirm(pending)}
    />
  );
}
