// Form fields two a row from `sm` up, one a row on phones (a field spans both with gridColumn 1 / -1).
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type FieldGridProps = { gap?: number; children: ReactNode };

export function FieldGrid({ gap = 2, children }: FieldGridProps) {
  return <Box sx={{ display: 'grid', gap, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>;
}
