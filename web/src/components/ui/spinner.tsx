import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

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
