// A page's body in two columns on a wide screen, their widths in parts (7 and 4), one under the other below that.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type PageColumnsProps = {
  widths: [main: number, side: number];
  /** The screen width from which the columns stand side by side. */
  from?: 'md' | 'lg';
  gap?: number;
  /** 'stretch': the cards of a row take the height of the tallest. */
  align?: 'start' | 'stretch';
  children: ReactNode;
};

export function PageColumns({
  widths: [main, side],
  from = 'lg',
  gap = 3,
  align = 'start',
  children,
}: PageColumnsProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', [from]: `minmax(0, ${main}fr) minmax(0, ${side}fr)` },
        alignItems: align,
      }}
    >
      {children}
    </Box>
  );
}
