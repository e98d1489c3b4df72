// Where a big import stands: the upload, then the job's rows done of how many with the
// counts so far, then the outcome with the report of skipped rows. Shown by the clients page (its
// import dialog, and its card while the import runs or until it is dismissed) and by Settings'
// Google card (an import of the agent's Google contacts).
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ImportJob } from '@shared/api-types';
import { IMPORT_REPORT_HOURS } from '@shared/imports';
import { matchCountText } from '@/lib/count-text';
import { ActionAlert } from './action-alert';

/** The imported / updated / skipped counts, as the summary of an import shows them. */
export function ImportStats({ imported, updated, skipped }: Pick<ImportJob, 'imported' | 'updated' | 'skipped'>) {
  const stats = [
    { label: 'Imported', value: imported },
    { label: 'Updated', value: updated },
    { label: 'Skipped', value: skipped },
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}>
      {stats.map((stat) => (
        <Box
          key={stat.label}
          sx={{ p: { xs: 1.25, sm: 2 }, borderRadius: 2, bgcolor: 'background.default', textAlign: 'center' }}
        >
          <Typography component="dt" variant="muted">
            {stat.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 700 }}>
            {stat.value.toLocaleString('en-US')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export const importEntries = (job: Pick<ImportJob, 'unit'>) => (job.unit === 'card' ? 'contacts' : 'rows');

/** A file on its way to S3, before its import exists for the job: its name and the share sent, 0 to 1. */
export type ImportUpload = { fileName: string; sent: number };

type ImportJobProgressProps = {
  job: ImportJob | undefined;
  upload: ImportUpload | null;
  onDownloadReport: () => void;
  onResume: () => void;
};

export function ImportJobProgress({ job, upload, onDownloadReport, onResume }: ImportJobProgressProps) {
  const headingId = useId();
  if (upload) {
    const percent = Math.round(upload.sent * 100);
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography
          id={headingId}
          sx={{ fontWeight: 650, display: 'flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}
        >
          <CloudUploadOutlined color="primary" aria-hidden="true" /> Uploading {upload.fileName}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label="Upload progress"
          aria-valuetext={`${percent}% uploaded`}
        />
        <Typography variant="muted">{percent}% uploaded</Typography>
      </Box>
    );
  }
  if (!job) return null;
  if (job.status === 'failed') {
    return (
      <Alert severity="error" role="alert">
        The import of {job.fileName} failed. {job.message}
      </Alert>
    );
  }
  if (job.status === 'done') {
    const clean = job.skipped === 0 && job.warnings === 0;
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity={clean ? 'success' : 'warning'} role="status">
          {job.message}
        </Alert>
        <ImportStats {...job} />
        {job.report ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <Button variant="outlined" startIcon={<DownloadRounded />} onClick={onDownloadReport}>
              Download the report
            </Button>
            <Typography variant="muted" sx={{ flex: '1 1 220px' }}>
              Every skipped {job.unit === 'card' ? 'contact' : 'row'}
              {job.warnings > 0 ? ' and warning' : ''} with its line and reason, as a CSV. Kept for{' '}
              {IMPORT_REPORT_HOURS} hours.
            </Typography>
          </Box>
        ) : null}
      </Box>
    );
  }
  const known = job.total !== null;
  const percent = known && job.total! > 0 ? Math.round((job.rowsDone / job.total!) * 100) : 0;
  const done = known ? matchCountText(job.rowsDone, job.total!, importEntries(job)) : null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={headingId} sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>
        Importing {job.fileName}
      </Typography>
      {known ? (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label="Import progress"
          aria-valuetext={`${done} done`}
        />
      ) : (
        <LinearProgress aria-label="Import progress" aria-valuetext="Reading the file" />
      )}
      <Typography variant="muted">
        {known ? `${done} done (${percent}%).` : job.status === 'queued' ? 'Waiting to start…' : 'Reading the file…'}{' '}
        You can leave this page: the import goes on.
      </Typography>
      <ImportStats {...job} />
      {job.stalled ? (
        <ActionAlert severity="warning" actionLabel="Resume import" onAction={onResume}>
          This import has not moved for 10 minutes.
        </ActionAlert>
      ) : null}
    </Box>
  );
}
