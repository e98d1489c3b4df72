// 'Share Your Experience' after registering: the client picks a video (video/*, 200 MB at most),
// watches the upload progress straight to storage, and sees clearly when it is done. A failed
// upload says so and can be retried (SPEC only logged it). Then on to /auth.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import VideocamRounded from '@mui/icons-material/VideocamRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { MAX_VIDEO_BYTES, REGISTRATION_MESSAGES } from '@shared/client-registration';
import { ActionAlert } from '@/components/ui/action-alert';
import { errorMessage } from '@/lib/api-client';
import { uploadTestimonial, type ClientCredentials } from '../api/upload-testimonial';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  | { status: 'failed'; message: string }
  | { status: 'done' };

export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why this file cannot be sent, or null when it can. */
export function videoFileProblem(file: File): string | null {
  if (!file.type.startsWith('video/')) return REGISTRATION_MESSAGES.videoOnly;
  if (file.size > MAX_VIDEO_BYTES) return REGISTRATION_MESSAGES.videoTooLarge;
  if (file.size === 0) return 'The video file is empty.';
  return null;
}

type ShareYourExperienceProps = {
  credentials: ClientCredentials;
  onContinue: () => void;
};

export function ShareYourExperience({ credentials, onContinue }: ShareYourExperienceProps) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const inputId = useId();
  const headingId = useId();
  const problem = file ? videoFileProblem(file) : null;

  useEffect(() => () => abort.current?.abort(), []);

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setState({ status: 'idle' });
  };

  const handleUpload = async () => {
    if (!file || problem) return;
    abort.current = new AbortController();
    setState({ status: 'uploading', progress: 0 });
    try {
      await uploadTestimonial(
        credentials,
        file,
        (fraction) => setState({ status: 'uploading', progress: Math.round(fraction * 100) }),
        abort.current.signal,
      );
      setState({ status: 'done' });
    } catch (error) {
      console.error('Video testimonial upload failed', error);
      setState({ status: 'failed', message: errorMessage(error) });
    }
  };

  const uploading = state.status === 'uploading';

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <VideocamRounded color="primary" aria-hidden="true" />
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.35rem' }}>
          Share Your Experience
        </Typography>
      </Stack>
      <Typography variant="lead" sx={{ mt: 1, mb: 2.5 }}>
        Record a short video about working with your realtor and upload it here. Only your realtor will see it.
      </Typography>

      {state.status === 'done' ? (
        <Alert icon={<CheckCircleRounded />} severity="success" role="status">
          Thank you! Your video has been uploaded and shared with your realtor.
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Box>
            <Button component="label" htmlFor={inputId} variant="outlined" disabled={uploading}>
              {file ? 'Choose a Different Video' : 'Choose Video'}
            </Button>
            <input
              id={inputId}
              type="file"
              accept="video/*"
              aria-label="Video file"
              onChange={handleFileChange}
              disabled={uploading}
              style={{
                position: 'absolute',
                width: 1,
                height: 1,
                overflow: 'hidden',
                clip: 'rect(0 0 0 0)',
                whiteSpace: 'nowrap',
              }}
            />
            {file ? (
              <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {file.name} ({formatFileSize(file.size)})
              </Typography>
            ) : (
              <Typography variant="muted" sx={{ mt: 1 }}>
                Any video format, up to {MAX_VIDEO_BYTES / (1024 * 1024)} MB.
              </Typography>
            )}
            {problem ? (
              <Typography role="alert" variant="body2" sx={{ mt: 0.5, color: 'error.main' }}>
                {problem}
              </Typography>
            ) : null}
          </Box>

          {uploading ? (
            <Box>
              <LinearProgress variant="determinate" value={state.progress} aria-label="Upload progress" />
              <Typography variant="muted" sx={{ mt: 0.75 }} aria-live="polite">
                Uploading... {state.progress}%
              </Typography>
            </Box>
          ) : null}

          {state.status === 'failed' ? (
            <ActionAlert severity="error" actionLabel="Try Again" onAction={handleUpload}>
              Your video could not be uploaded. {state.message}
            </ActionAlert>
          ) : null}

          {state.status === 'failed' ? null : (
            <Button variant="contained" onClick={handleUpload} disabled={!file || Boolean(problem) || uploading}>
              {uploading ? 'Uploading...' : 'Upload Video'}
            </Button>
          )}
        </Stack>
      )}

      <Button
        onClick={onContinue}
        variant={state.status === 'done' ? 'contained' : 'text'}
        fullWidth
        disabled={uploading}
        sx={{ mt: 3 }}
      >
        {state.status === 'done' ? 'Continue' : 'Skip for Now'}
      </Button>
    </Box>
  );
}
