// Import clients from a CSV or vCard file: choose a .csv or .vcf, upload it, then read what happened
// to every row (or card). A small file goes in the request and is answered with every row's outcome;
// a bigger one (over SMALL_IMPORT_MAX_BYTES, or over the request's 5,000 rows) goes straight to S3
// and through the import job, whose progress this dialog and the page's card follow (use-import-job.ts).
// The reason for two paths: the request answers a small file at once, row by row, in one step; a
// big one would outlast the request's 30 seconds and needs progress, resuming and a report file.
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useRef, useState, type ChangeEvent } from 'react';
import type { ImportResult } from '@shared/api-types';
import { usesImportJob } from '@shared/imports';
import { DialogButtons, DialogFrame } from '@/components/ui/dialog-frame';
import { ImportJobProgress } from '@/components/ui/import-job-progress';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { isActiveImport } from '@/lib/import-jobs';
import { ImportFileChooser } from './import-file-chooser';
import { ImportSummary } from './import-summary';
import { importToast } from '../utils/import-toast';
import type { ImportJobWatch } from './use-import-job';

type ImportClientsDialogProps = {
  open: boolean;
  isImporting: boolean;
  onClose: () => void;
  /** Uploads a small file in the request; the dialog toasts the outcome and shows what happened to every row. */
  onImport: (file: File) => Promise<ImportResult>;
  /**
   * The page's big import: started here for a big file, and shown here while it runs or until it is
   * put away. Without it (an administrator importing for an agent) every file goes in the request.
   */
  importJob?: ImportJobWatch;
};

export function ImportClientsDialog({ open, isImporting, onClose, onImport, importJob }: ImportClientsDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { toast } = useToast();

  const reset = () => {
    setFile(null);
    setResult(null);
    setFailure(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  // The big import, from its upload to its outcome, until it is put away (Done, or Import Another File).
  const following =
    importJob !== undefined && (Boolean(importJob.upload) || (importJob.job !== undefined && !importJob.dismissed));
  const jobRunning = Boolean(importJob?.upload) || isActiveImport(importJob?.job);

  const handleClose = () => {
    if (isImporting) return;
    onClose();
  };

  const putAwayJob = () => {
    importJob?.dismiss();
    reset();
  };

  const finishJob = () => {
    importJob?.dismiss();
    handleClose();
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setFailure(null);
  };

  const handleImport = async () => {
    if (!file) return;
    setFailure(null);
    try {
      if (importJob && usesImportJob(file.size, await lineCount(file))) {
        await importJob.start(file);
        return;
      }
      const outcome = await onImport(file);
      toast({ ...importToast(outcome), variant: 'success' });
      setResult(outcome);
    } catch (error) {
      const message = errorMessage(error);
      toast({ title: 'Error', description: message, variant: 'destructive' });
      setFailure(message);
    }
  };

  return (
    <DialogFrame open={open} onClose={onClose} title="Import Clients" busy={isImporting} onExited={reset}>
      <DialogContent dividers>
        {result ? (
          <ImportSummary result={result} />
        ) : following && importJob ? (
          <ImportJobProgress
            job={importJob.job}
            upload={importJob.upload}
            onDownloadReport={importJob.downloadReport}
            onResume={importJob.resume}
          />
        ) : (
          <ImportFileChooser
            file={file}
            failure={failure}
            inputRef={inputRef}
            onChange={handleChange}
            takesBigFiles={importJob !== undefined}
          />
        )}
      </DialogContent>
      {result || following ? (
        <DialogActions sx={{ px: 3, py: 2 }}>
          {following && !result && jobRunning ? (
            <Button variant="contained" onClick={handleClose}>
              Close
            </Button>
          ) : (
            <>
              <Button onClick={result ? reset : putAwayJob}>Import Another File</Button>
              <Button variant="contained" onClick={result ? handleClose : finishJob}>
                Done
              </Button>
            </>
          )}
        </DialogActions>
      ) : (
        <DialogButtons
          onCancel={handleClose}
          label="Import"
          busyLabel="Importing..."
          busy={isImporting}
          disabled={!file}
          onAct={() => void handleImport()}
        />
      )}
    </DialogFrame>
  );
}

/** The lines of a small file (a big one goes through the job whatever it holds). */
async function lineCount(file: File): Promise<number> {
  if (usesImportJob(file.size, 0)) return 0;
  const text = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
  return text.split(/\r\n|\r|\n/).length;
}
