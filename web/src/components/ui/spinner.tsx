import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type SpinnerProps = {
  /** The accessible name of the progress indicator. */
  label?: string;
  size?: number;
};

export function Spinner({ label = 'Loading', size = 40 }: SpinnerProps) {
  return <CircularProgress aria-label={label} size={size} thickness={4} />;
}

type CenteredSpinnerProps = SpinnerProps & {
  /** Fill the whole viewport (a full-screen wait) rather than the content area. */
  fullScreen?: boolean;
};

export function CenteredSpinner({ fullScreen = false, ...props }: CenteredSpinnerProps) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100vh' : 320, width: '100%' }}>
      <Spinner {...props} />
    </Box>
  );
}

/** A wait inside a card: a small spinner and one line saying what is awaited, announced as a status. */
export function ProgressLine({ children }: { children: ReactNode }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography>{children}</Typography>
    </Box>
  );
}
