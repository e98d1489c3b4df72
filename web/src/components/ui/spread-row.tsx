// A row with its content pushed to both ends (a title and its status, a count and its action),
// wrapping onto a second line when the row is too narrow.
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

type SpreadRowProps = {
  /** How the two ends line up: centred, or by their tops when one is taller. */
  align?: 'center' | 'flex-start';
  gap?: number;
  /** The gap between the lines when it wraps, where it differs from `gap`. */
  rowGap?: number;
  /** `li` for a row of a list. */
  component?: 'div' | 'li';
  /** The row's own frame (padding, border, background), added to the layout. */
  sx?: SxProps<Theme>;
  children: ReactNode;
};

export function SpreadRow({
  align = 'center',
  gap = 1.5,
  rowGap = gap,
  component = 'div',
  sx,
  children,
}: SpreadRowProps) {
  return (
    <Box
      component={component}
      sx={[
        {
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: align,
          justifyContent: 'space-between',
          columnGap: gap,
          rowGap,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
