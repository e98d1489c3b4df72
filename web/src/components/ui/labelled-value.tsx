// A value under its small muted label ("Referred by" / "Ava Brown"), as the client's page shows its details.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ElementType, ReactNode } from 'react';

type LabelledValueProps = {
  label: string;
  /** The element around the pair: an `li` where the pairs make a list. */
  component?: ElementType;
  children: ReactNode;
};

export function LabelledValue({ label, component = 'div', children }: LabelledValueProps) {
  return (
    <Box component={component} sx={{ minWidth: 0 }}>
      <Typography variant="muted" sx={{ lineHeight: 1.3 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
