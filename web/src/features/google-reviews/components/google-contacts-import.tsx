// The import of the agent's Google contacts in Settings' Google card: what it will do, read before anything is written
// (new clients, contacts that are clients already and get linked, contacts that cannot be clients and why), with
// "Start import" and "Cancel"; then its progress and outcome as every big import shows them (ImportJobProgress), and
// the first contacts sync once it is done.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ImportJob } from '@shared/api-types';
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { BusyButton } from '@/components/ui/busy-button';
import { ImportJobProgress } from '@/components/ui/import-job-progress';
import { LoadError } from '@/components/ui/load-error';
import { PlainList } from '@/components/ui/plain-list';
import { ProgressLine } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast/use-toast';
import { useToastedAction } from '@/components/ui/toast/use-toasted-action';
import { errorMessage } from '@/lib/api-client';
import { isActiveImport, openImportReport, REPORT_NOT_KEPT, useImportJob } from '@/lib/import-jobs';
import { revalidateClientReads } from '@/lib/revalidate-clients';
import { useStartGoogleImport } from '../api/import-google-contacts';
import { useSyncGoogleContacts } from '../api/sync-google';
import { importPreviewText } from '../utils/sync-text';
import { SyncActions } from './sync-now-buttons';

/** Focuses the element once it is shown: the panel that replaced the button the agent pressed. */
function useFocusOnShow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

type GoogleImportPreviewProps = { job: ImportJob; onStarted: (id: string) => void; onCancel: () => void };

export function GoogleImportPreview({ job, onStarted, onCancel }: GoogleImportPreviewProps) {
  const start = useStartGoogleImport();
  const act = useToastedAction();
  const ref = useFocusOnShow<HTMLDivElement>();
  const preview = job.preview ?? { new: 0, matched: 0, errors: 0, firstErrors: [] };
  const something = preview.new + preview.matched > 0;
  const unnamed = preview.errors - preview.firstErrors.length;

  const handleStart = async () => {
    const started = await act(() => start.trigger(job.id), { failureTitle: 'The import could not start' });
    if (started) onStarted(started.id);
  };

  return (
    <Box ref={ref} tabIndex={-1} role="group" aria-label="Import from Google" sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity={something ? 'info' : 'warning'}>
        <AlertTitle>{something ? 'Ready to import from Google' : 'Nothing to import'}</AlertTitle>
        {importPreviewText(preview)}.
        {preview.firstErrors.length > 0 ? (
          <PlainList gap={0.5} sx={{ mt: 1 }}>
            {preview.firstErrors.map((error, index) => (
              <li key={index}>
                <strong>{error.name}</strong>: {error.reason}
              </li>
            ))}
          </PlainList>
        ) : null}
        {unnamed > 0 ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            And {unnamed.toLocaleString('en-US')} more: the import&apos;s report lists every one.
          </Typography>
        ) : null}
      </Alert>
      <SyncActions>
        {something ? (
          <BusyButton variant="contained" busy={start.isMutating} busyLabel="Starting…" onClick={handleStart}>
            Start import
          </BusyButton>
        ) : null}
        <Button onClick={onCancel} disabled={start.isMutating}>
          Cancel
        </Button>
      </SyncActions>
    </Box>
  );
}

type GoogleImportProgressProps = { id: string; onClose: () => void };

export function GoogleImportProgress({ id, onClose }: GoogleImportProgressProps) {
  const { data: job, error, mutate: refresh } = useImportJob(id);
  const start = useStartGoogleImport();
  const sync = useSyncGoogleContacts();
  const { mutate } = useSWRConfig();
  const { toast } = useToast();
  const act = useToastedAction();
  const ref = useFocusOnShow<HTMLDivElement>();
  const ended = job !== undefined && !isActiveImport(job);

  // Once the import has ended the clients are read again; once it is done, the first contacts sync runs at once, from
  // where the import read Google: from then on the row says when the contacts were last kept in step, and offers
  // "Sync now" rather than the import (after a reload too). Its failure is the row's status to tell.
  const firstSync = useRef(false);
  useEffect(() => {
    if (!ended) return;
    void revalidateClientReads(mutate);
    if (job.status !== 'done' || firstSync.current) return;
    firstSync.current = true;
    sync.trigger().catch(() => undefined);
  }, [ended, job, mutate, sync]);

  const handleReport = () =>
    void act(async () => {
      if (!(await openImportReport(id))) toast({ ...REPORT_NOT_KEPT, variant: 'destructive' });
    });
  const handleResume = () => void act(() => start.trigger(id));

  return (
    <Box ref={ref} tabIndex={-1} role="group" aria-label="Import from Google" sx={{ display: 'grid', gap: 1.5 }}>
      {error && !job ? (
        <LoadError onRetry={() => void refresh()}>
          Where the import stands could not be loaded. {errorMessage(error)}
        </LoadError>
      ) : !job ? (
        <ProgressLine>Starting the import…</ProgressLine>
      ) : (
        <ImportJobProgress job={job} upload={null} onDownloadReport={handleReport} onResume={handleResume} />
      )}
      {ended ? (
        <SyncActions>
          <Button variant="outlined" onClick={onClose}>
            Done
          </Button>
        </SyncActions>
      ) : null}
    </Box>
  );
}
