// Holds a prerendered form inert until React has hydrated it (scripts/build.mjs prerenders the
// public pages): text typed before then would vanish on React's first update, and Enter would
// submit the form natively, with what was typed in the URL. One disabled <fieldset> disables every
// control inside it, and looks as it will once enabled: MUI styles its controls by class, not by
// :disabled. Links inside still work (they are plain <a href>). Never disabled where nothing was
// prerendered: the first render there is already the browser's.
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

type HydrationGateProps = {
  children: ReactNode;
  sx?: SxProps<Theme>;
};

export function HydrationGate({ children, sx = [] }: HydrationGateProps) {
  const hydrated = useHydrated();
  return (
    <Box
      component="fieldset"
      role="presentation"
      disabled={!hydrated}
      data-hydrated={hydrated ? 'true' : 'false'}
      sx={[{ m: 0, p: 0, border: 0, minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}
