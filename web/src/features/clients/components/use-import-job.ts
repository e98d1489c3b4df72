// The clients page's big import: starts one (create, upload with progress, start), follows
// it (GET every second while it runs), and picks up the latest import again when the page opens
// while it still runs, so a reload loses nothing. When an import it followed ends, it says so once
// with the same toast as the request's import (importToast) and refreshes the clients.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ImportJob } from '@shared/api-types';
import type { ImportUpload } from '@/components/ui/import-job-progress';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { revalidateClientReads } from '@/lib/revalidate-clients';
import {
  createImportJob,
  importJobKey,
  isActiveImport,
  openImportReport,
  REPORT_NOT_KEPT,
  startImportJob,
  uploadImportFile,
  useImportJob,
  useLatestImport,
} from '@/lib/import-jobs';
import { importToast } from '../utils/import-toast';

export type ImportJobWatch = {
  /** The import followed: started here, or still running when the page opened. */
  job: ImportJob | undefined;
  /** The file on its way to S3, before the import exists for the job. */
  upload: ImportUpload | null;
  /** The followed import was dismissed (its card and result put away). */
  dismissed: boolean;
  /** Uploads `file` and starts its import; throws what the API refused. */
  start(file: File): Promise<void>;
  dismiss(): void;
  downloadReport(): void;
  resume(): void;
};

export function useImportJobWatch(): ImportJobWatch {
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const latest = useLatestImport();
  const [id, setId] = useState<string | null>(null);
  const [upload, setUpload] = useState<ImportJobWatch['upload']>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const { data: job, mutate: refresh } = useImportJob(id);

  // After a reload: the latest import, if it still runs.
  useEffect(() => {
    if (!id && isActiveImport(latest.data)) setId(latest.data!.id);
  }, [id, latest.data]);

  // The end of an import seen running: said once.
  const running = useRef<string | null>(null);
  useEffect(() => {
    if (!job) return;
    if (isActiveImport(job)) {
      running.current = job.id;
      return;
    }
    if (running.current !== job.id) return;
    running.current = null;
    if (job.status === 'done') {
      toast({ ...importToast(job), variant: 'success' });
      void revalidateClientReads(mutate);
    } else {
      toast({ title: 'The import failed', description: job.message ?? undefined, variant: 'destructive' });
    }
  }, [job, mutate, toast]);

  const start = useCallback(
    async (file: File) => {
      setUpload({ fileName: file.name, sent: 0 });
      try {
        const created = await createImportJob(file);
        await uploadImportFile(created.upload, file, (sent) => setUpload({ fileName: file.name, sent }));
        const started = await startImportJob(created.import.id);
        await mutate(importJobKey(started.id), started, { revalidate: false });
        setDismissedId(null);
        setId(started.id);
      } finally {
        setUpload(null);
      }
    },
    [mutate],
  );

  const downloadReport = useCallback(() => {
    if (!id) return;
    openImportReport(id).then(
      (opened) => {
        if (!opened) toast({ ...REPORT_NOT_KEPT, variant: 'destructive' });
      },
      (error: unknown) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    );
  }, [id, toast]);

  const resume = useCallback(() => {
    if (!id) return;
    startImportJob(id).then(
      (resumed) => void refresh(resumed, { revalidate: false }),
      (error: unknown) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    );
  }, [id, refresh, toast]);

  return {
    job: id ? job : undefined,
    upload,
    dismissed: id !== null && dismissedId === id,
    start,
    dismiss: useCallback(() => setDismissedId(id), [id]),
    downloadReport,
    resume,
  };
}
