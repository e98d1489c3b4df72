// Import clients from a CSV or vCard file: choose a .csv or .vcf, upload it, then read what happened
// to every row (or card). A small file goes in the request and is answered with every row's outcome;
// a bigger one (over SMALL_IMPORT_MAX_BYTES, or over the request's 5,000 rows) goes straight to S3
// and through the import job, whose progress this dialog and the page's card follow (use-import-job.ts).
// The reason for two paths: the request answers a small file at once, row by row, in one step; a
// big one would outlast the request's 30 seconds and needs progress, resuming and a report file.
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { ImportResult, ImportRowError } from '@shared/api-types';
import { IMPORT_JOB_MAX_BYTES, usesImportJob } from '@shared/imports';
import { countText } from '@/lib/count-text';
import { useToast } from '@/components/ui/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { isActiveImport } from '../api/import-jobs';
import { ImportJobProgress, ImportStats } from './import-job-progress';
import type { ImportJobWatch } from './use-import-job';

const SAMPLE_CSV = [
  'name,email,phone,address,birthday,anniversary,purchaseDate',
  'Maria Lopez,maria@example.com,(555) 201-3344,"12 Oak St, Springfield",1984-06-02,2010-09-18,2021-04-30',
].join('\r\n');
const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;

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

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function ImportClientsDialog({ open, isImporting, onClose, onImport, importJob }: ImportClientsDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const { toast } = useToast();
  const hintId = `${inputId}-hint`;

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
    <Dialog open={open} onClose={handleClose} fullWidth maxWidth="sm" slotProps={{ transition: { onExited: reset } }}>
      <DialogTitle>Import Clients</DialogTitle>
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
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Use the columns name, email, phone, address, birthday, anniversary and purchaseDate, with dates as
              YYYY-MM-DD. Contact exports from Google Contacts and Outlook work as they are, and so do vCard files
              (.vcf) from iPhone, iCloud, Mac, Android and Outlook contacts. Clients whose email you already have are
              updated, not duplicated.
            </Typography>
            <Link
              href={SAMPLE_HREF}
              download="clients-sample.csv"
              variant="body2"
              sx={{ display: 'inline-block', mt: 1 }}
            >
              Download a sample file
            </Link>
            <Box
              component="label"
              htmlFor={inputId}
              sx={(theme) => ({
                mt: 2.5,
                p: 3,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 1,
                textAlign: 'center',
                cursor: 'pointer',
                borderRadius: 3,
                border: `2px dashed ${file ? theme.palette.primary.main : alpha(theme.palette.text.primary, 0.2)}`,
                bgcolor: file ? alpha(theme.palette.primary.main, 0.05) : 'background.default',
                transition: 'border-color 120ms, background-color 120ms',
                '&:hover': { borderColor: 'primary.main' },
                '&:focus-within': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
              })}
            >
              <Box
                component="input"
                ref={inputRef}
                id={inputId}
                type="file"
                accept=".csv,.vcf"
                aria-label="CSV or vCard file"
                aria-describedby={hintId}
                onChange={handleChange}
                sx={{
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  opacity: 0,
                  overflow: 'hidden',
                  clipPath: 'inset(50%)',
                }}
              />
              {file ? (
                <>
                  <DescriptionOutlined color="primary" sx={{ fontSize: 36 }} aria-hidden="true" />
                  <Typography sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>{file.name}</Typography>
                  <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
                    {formatBytes(file.size)} · Click to choose a different file
                  </Typography>
                </>
              ) : (
                <>
                  <UploadFileRounded sx={{ fontSize: 36, color: 'text.secondary' }} aria-hidden="true" />
                  <Typography sx={{ fontWeight: 650 }}>Choose a CSV or vCard file</Typography>
                  <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
                    {importJob
                      ? `.csv or .vcf, up to ${IMPORT_JOB_MAX_BYTES / (1024 * 1024)} MB`
                      : '.csv or .vcf, up to 5 MB and 5,000 rows or contacts'}
                  </Typography>
                </>
              )}
            </Box>
            {failure ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failure}
              </Alert>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {result ? (
          <>
            <Button onClick={reset}>Import Another File</Button>
            <Button variant="contained" onClick={handleClose}>
              Done
            </Button>
          </>
        ) : following && jobRunning ? (
          <Button variant="contained" onClick={handleClose}>
            Close
          </Button>
        ) : following ? (
          <>
            <Button onClick={putAwayJob}>Import Another File</Button>
            <Button
              variant="contained"
              onClick={() => {
                importJob?.dismiss();
                handleClose();
              }}
            >
              Done
            </Button>
          </>
        ) : (
          <>
            <Button onClick={handleClose} disabled={isImporting}>
              Cancel
            </Button>
            <Button variant="contained" onClick={handleImport} disabled={!file || isImporting}>
              {isImporting ? 'Importing...' : 'Import'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
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

/**
 * What the toast says an import did: new clients first (the spec's words), else the updates, else that nothing changed.
 */
export function importToast({ imported, updated }: Pick<ImportResult, 'imported' | 'updated'>): {
  title: string;
  description?: string;
} {
  const updates = countText(updated, 'existing client', 'existing clients');
  if (imported > 0)
    return {
      title: `Successfully imported ${imported} clients`,
      ...(updated > 0 ? { description: `Updated ${updates} too.` } : {}),
    };
  if (updated > 0)
    return {
      title: `Updated ${countText(updated, 'client', 'clients')}`,
      description: 'Every row matched a client you already had.',
    };
  return {
    title: 'No clients were imported',
    description: 'No row could be imported: the reasons are listed in the dialog.',
  };
}

function ImportSummary({ result }: { result: ImportResult }) {
  const clean = result.errors.length === 0 && result.skipped === 0;
  return (
    <Box>
      <Alert
        severity={clean ? 'success' : 'warning'}
        icon={clean ? <CheckCircleOutlineRounded /> : <WarningAmberRounded />}
      >
        {result.message}
      </Alert>
      <Box sx={{ mt: 2.5 }}>
        <ImportStats {...result} />
      </Box>
      <RowList
        title={result.unit === 'card' ? 'Contacts with errors' : 'Rows with errors'}
        items={result.errors}
        tone="error"
        unit={result.unit ?? 'row'}
      />
      <RowList title="Warnings" items={result.warnings} tone="warning" unit={result.unit ?? 'row'} />
    </Box>
  );
}

type RowListProps = {
  title: string;
  items: readonly ImportRowError[];
  tone: 'error' | 'warning';
  unit: 'row' | 'card';
};

function RowList({ title, items, tone, unit }: RowListProps) {
  const headingId = useId();
  if (items.length === 0) return null;
  const Icon = tone === 'error' ? ErrorOutlineRounded : WarningAmberRounded;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2.5 }}>
      <Typography id={headingId} component="h3" variant="h4" sx={{ mb: 1 }}>
        {title} ({items.length.toLocaleString('en-US')})
      </Typography>
      <Box
        component="ul"
        sx={(theme) => ({
          listStyle: 'none',
          m: 0,
          p: 0,
          maxHeight: 220,
          overflowY: 'auto',
          borderRadius: 2,
          border: `1px solid ${alpha(theme.palette[tone].main, 0.3)}`,
          bgcolor: alpha(theme.palette[tone].main, 0.04),
        })}
      >
        {items.map((item, index) => (
          <Box
            component="li"
            key={`${item.row}-${index}`}
            sx={{
              display: 'flex',
              gap: 1.25,
              px: 1.5,
              py: 1,
              '&:not(:last-child)': { borderBottom: 1, borderColor: 'divider' },
            }}
          >
            <Icon fontSize="small" aria-hidden="true" sx={{ color: `${tone}.main`, mt: 0.25 }} />
            <Typography variant="body2">
              <Box component="span" sx={{ fontWeight: 650 }}>
                {unit === 'card' ? 'Card' : 'Row'} {item.row}:
              </Box>{' '}
              {item.message}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
