// The clients page's card for the big import in progress (or just finished, until dismissed), also
// after a reload: where it stands (ImportJobProgress), and the way back to its dialog.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { importEntries, ImportJobProgress } from '@/components/ui/import-job-progress';
import { SpreadRow } from '@/components/ui/spread-row';
import { countText } from '@/lib/count-text';
import { isActiveImport } from '@/lib/import-jobs';
import type { ImportJobWatch } from './use-import-job';

type ImportJobCardProps = { watch: ImportJobWatch; onOpen: () => void };

export function ImportJobCard({ watch, onOpen }: ImportJobCardProps) {
  const headingId = useId();
  const { job, upload } = watch;
  if ((!job && !upload) || watch.dismissed) return null;
  const active = Boolean(upload) || isActiveImport(job);
  const title = active ? 'Import in progress' : job?.status === 'failed' ? 'Import failed' : 'Import finished';
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <SpreadRow gap={1}>
          <Typography id={headingId} component="h2" variant="h4">
            {title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button size="small" onClick={onOpen}>
              View details
            </Button>
            {!active ? (
              <Button size="small" onClick={watch.dismiss}>
                Dismiss
              </Button>
            ) : null}
          </Box>
        </SpreadRow>
        <ImportJobProgress job={job} upload={upload} onDownloadReport={watch.downloadReport} onResume={watch.resume} />
        {job && !active && job.status === 'done' ? (
          <Typography variant="muted">
            {countText(job.rowsDone, job.unit === 'card' ? 'contact' : 'row', importEntries(job))} read from{' '}
            {job.fileName}.
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
