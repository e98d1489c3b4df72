// A list's placeholder while it loads: six rows of a two-line name, `cells` more cells and a chip.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';

type LoadingRowsProps = {
  /** What is loading, for assistive technology ('Loading clients'). */
  label: string;
  cells?: number;
  /** Drawn above the rows (a search field's placeholder). */
  children?: ReactNode;
};

export function LoadingRows({ label, cells = 1, children }: LoadingRowsProps) {
  return (
    <Box role="status" aria-busy="true" aria-label={label} sx={{ p: 2.5, display: 'grid', gap: 2 }}>
      {children}
      {Array.from({ length: 6 }, (_, row) => (
        <Box key={row} sx={{ display: 'flex', alignItems: 'center', gap: 3 }}>
          <Box sx={{ flex: 2 }}>
            <Skeleton width="45%" />
            <Skeleton width="30%" />
          </Box>
          {Array.from({ length: cells }, (_, cell) => (
            <Skeleton key={cell} sx={{ flex: 1 }} />
          ))}
          <Skeleton variant="rounded" width={96} height={24} />
        </Box>
      ))}
    </Box>
  );
}
