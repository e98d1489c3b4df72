// What a page or a list shows when its data could not be loaded: the error, and Try again.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

type LoadErrorProps = {
  onRetry: () => void;
  /** Padded, for the body of a card. */
  inset?: boolean;
  sx?: SxProps<Theme>;
  /** What could not be loaded, and why. */
  children: ReactNode;
};

export function LoadError({ onRetry, inset = false, sx, children }: LoadErrorProps) {
  const alert = (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
  return inset ? <Box sx={{ p: 3 }}>{alert}</Box> : alert;
}
