// What a page or a list shows when its data could not be loaded: the error, and Try again.
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ActionAlert } from './action-alert';

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
    <ActionAlert severity="error" actionLabel="Try again" onAction={onRetry} sx={sx}>
      {children}
    </ActionAlert>
  );
  return inset ? <Box sx={{ p: 3 }}>{alert}</Box> : alert;
}
