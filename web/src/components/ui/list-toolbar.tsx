// The bar above a list in a card: search, filters and the count, wrapping on narrow screens.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type ListToolbarProps = {
  /** A rule under the bar (lists laid out as cards on phones go without). */
  divider?: boolean;
  children: ReactNode;
};

export function ListToolbar({ divider = true, children }: ListToolbarProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: { xs: 2, md: 2.5 },
        py: 2,
        borderBottom: divider ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      {children}
    </Box>
  );
}
