// What a small import did to the file: the request's summary, the counts, and every row (or card)
// skipped or imported with a warning.
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import type { ImportResult, ImportRowError } from '@shared/api-types';
import { ImportStats } from '@/components/ui/import-job-progress';
import { PlainList } from '@/components/ui/plain-list';

export function ImportSummary({ result }: { result: ImportResult }) {
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
      <PlainList
        sx={(theme) => ({
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
      </PlainList>
    </Box>
  );
}
