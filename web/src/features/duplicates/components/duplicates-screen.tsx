// The duplicates screen's body: every group of likely duplicates, a merge with its confirmation, and Undo after it.
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { Client, ClientMerge } from '@shared/api-types';
import { EmptyPanel } from '@/components/ui/empty-panel';
import { LoadError } from '@/components/ui/load-error';
import { LoadingRows } from '@/components/ui/loading-rows';
import { useToast } from '@/components/ui/toast/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { LinkButton } from '@/components/ui/link-button';
import { useDuplicates } from '../api/get-duplicates';
import { useMergeClients, useUndoMerge } from '../api/merge-clients';
import { clientLabels } from '../utils/compare-clients';
import { DuplicateGroupCard } from './duplicate-group-card';
import { MergeConfirmDialog, type PendingMerge } from './merge-confirm-dialog';
import { MergeUndoSnackbar } from './merge-undo-snackbar';

export function DuplicatesScreen() {
  const { duplicates, error, isLoading, retry } = useDuplicates();
  const merging = useMergeClients();
  const undoing = useUndoMerge();
  const { toast } = useToast();
  const [pending, setPending] = useState<PendingMerge | null>(null);
  const [mergeError, setMergeError] = useState<string | null>(null);
  const [lastMerge, setLastMerge] = useState<{ result: ClientMerge; message: string } | null>(null);

  const handleConfirm = async ({ keep, merge }: PendingMerge) => {
    setMergeError(null);
    try {
      const result = await merging.trigger({ keepId: keep.id, mergeId: merge.id });
      const names = clientLabels(merge, keep);
      setPending(null);
      setLastMerge({ result, message: `${names.merged} merged into ${names.kept}.` });
    } catch (failure) {
      setMergeError(errorMessage(failure));
    }
  };

  const handleUndo = async (result: ClientMerge) => {
    try {
      await undoing.trigger(result.id);
      setLastMerge(null);
      toast({ title: 'Merge undone', description: 'Both clients are back as they were.', variant: 'success' });
    } catch (failure) {
      setLastMerge(null);
      toast({ title: 'Could not undo the merge', description: errorMessage(failure), variant: 'destructive' });
    }
  };

  if (error && !duplicates) {
    return <LoadError onRetry={retry}>Possible duplicates could not be loaded. {errorMessage(error)}</LoadError>;
  }
  if (isLoading || !duplicates) {
    return (
      <Card>
        <LoadingRows label="Looking for duplicates" />
      </Card>
    );
  }

  const byId = new Map(duplicates.clients.map((client) => [client.id, client]));
  const groups = duplicates.groups.map((group) => ({
    ...group,
    clients: group.clientIds.flatMap((id) => (byId.has(id) ? [byId.get(id) as Client] : [])),
  }));

  return (
    <>
      {groups.length === 0 ? (
        <Card>
          <EmptyPanel
            icon={<CheckCircleOutlineRounded />}
            title="No duplicates found"
            actions={
              <LinkButton to={paths.clients.getHref()} variant="outlined">
                Back to clients
              </LinkButton>
            }
          >
            No two clients share a phone number, a name and a date, or a similar name and contact details.
          </EmptyPanel>
        </Card>
      ) : (
        <Stack spacing={3}>
          {groups.map((group) => (
            <DuplicateGroupCard
              key={`${group.reason}:${group.clientIds.join(',')}`}
              reason={group.reason}
              clients={group.clients}
              onMerge={(keep, merge) => {
                setMergeError(null);
                setPending({ keep, merge });
              }}
            />
          ))}
        </Stack>
      )}
      <MergeConfirmDialog
        pending={pending}
        isMerging={merging.isMutating}
        error={mergeError}
        onCancel={() => setPending(null)}
        onConfirm={(merge) => void handleConfirm(merge)}
      />
      <MergeUndoSnackbar
        merge={lastMerge}
        isUndoing={undoing.isMutating}
        onUndo={(result) => void handleUndo(result)}
        onClose={() => setLastMerge(null)}
      />
    </>
  );
}
