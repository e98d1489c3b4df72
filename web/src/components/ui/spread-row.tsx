// A row with its content pushed to both ends (a title and its status, a count and its action),
// wrapping onto a second line when the row is too narrow.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type SpreadRowProps = {
  /** How the two ends line up: centred, or by their tops when one is taller. */
  align?: 'center' | 'flex-start';
  gap?: number;
  /** The gap between the lines when it wraps, where it differs from `gap`. */
  rowGap?: number;
  children: ReactNode;
};

export function SpreadRow({ align = 'center', gap = 1.5, rowGap = gap, children }: SpreadRowProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: align,
        justifyContent: 'space-between',
        columnGap: gap,
        rowGap,
      }}
    >
      {children}
    </Box>
  );
}
