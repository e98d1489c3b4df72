// The heading of a card that is a page section: a round icon, the card's h2 and one line under it.
// The card names itself with `aria-labelledby={id}`.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { IconBadge } from './icon-badge';

type CardHeadingProps = {
  id: string;
  icon: ReactNode;
  tone?: 'primary' | 'secondary';
  title: string;
  subtitle: ReactNode;
};

export function CardHeading({ id, icon, tone = 'primary', title, subtitle }: CardHeadingProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <IconBadge size={44} tone={tone}>
        {icon}
      </IconBadge>
      <Box sx={{ minWidth: 0 }}>
        <Typography id={id} component="h2" variant="h3">
          {title}
        </Typography>
        <Typography variant="muted">{subtitle}</Typography>
      </Box>
    </Box>
  );
}
