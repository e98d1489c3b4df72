// The import dialog's first step: what a file should hold, a sample, and the file input styled as a
// drop zone that names the chosen file.
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId, type ChangeEvent, type RefObject } from 'react';
import { IMPORT_JOB_MAX_BYTES, INLINE_IMPORT_MAX_BYTES } from '@shared/imports';

const SAMPLE_CSV = [
  'name,email,phone,address,postalCode,birthday,anniversary,purchaseDate,purchasePrice',
  'Maria Lopez,maria@example.com,(555) 201-3344,"12 Oak St, Springfield",62704,1984-06-02,2010-09-18,2021-04-30,285000',
].join('\r\n');
const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type ImportFileChooserProps = {
  file: File | null;
  /** Why the last import failed. */
  failure: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Big files go through the import job (up to its limit) rather than the request. */
  takesBigFiles: boolean;
};

export function ImportFileChooser({ file, failure, inputRef, onChange, takesBigFiles }: ImportFileChooserProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  return (
    <>
      <Typography variant="muted">
        Use the columns name, email, phone, address, postalCode, birthday, anniversary, purchaseDate and purchasePrice,
        with dates as YYYY-MM-DD. Contact exports from Google Contacts and Outlook work as they are, and so do vCard
        files (.vcf) from iPhone, iCloud, Mac, Android and Outlook contacts. Clients whose email you already have are
        updated, not duplicated.
      </Typography>
      <Link href={SAMPLE_HREF} download="clients-sample.csv" variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
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
          onChange={onChange}
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
            <Typography id={hintId} variant="muted">
              {formatBytes(file.size)} · Click to choose a different file
            </Typography>
          </>
        ) : (
          <>
            <UploadFileRounded sx={{ fontSize: 36, color: 'text.secondary' }} aria-hidden="true" />
            <Typography sx={{ fontWeight: 650 }}>Choose a CSV or vCard file</Typography>
            <Typography id={hintId} variant="muted">
              {takesBigFiles
                ? `.csv or .vcf, up to ${IMPORT_JOB_MAX_BYTES / (1024 * 1024)} MB`
                : `.csv or .vcf, up to ${INLINE_IMPORT_MAX_BYTES / (1024 * 1024)} MB and 5,000 rows or contacts`}
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
  );
}
