// A dashboard number: what it counts, the count, and a line of context.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

type StatCardProps = {
  title: string;
  /** What the number is, under it (e.g. 'Total Client Reviews'). */
  label: string;
  value: number | undefined;
  /** How the number is written (default: grouped digits, e.g. 1,234). */
  format?: (value: number) => string;
  icon: ReactNode;
  tone?: 'primary' | 'secondary' | 'success' | 'info';
  footer?: ReactNode;
};

export function StatCard({
  title,
  label,
  value,
  format = (n) => n.toLocaleString('en-US'),
  icon,
  tone = 'primary',
  footer,
}: StatCardProps) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ p: 3, display: 'flex', alignItems: 'flex-start', gap: 2, flex: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={headingId} component="h2" variant="h4" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography
            component="p"
            sx={{ mt: 1, fontSize: '2.25rem', fontWeight: 750, lineHeight: 1.1, letterSpacing: '-0.02em' }}
          >
            {value === undefined ? <Skeleton width={64} aria-label="Loading" /> : format(value)}
          </Typography>
          <Typography variant="muted" sx={{ mt: 0.5 }}>
            {label}
          </Typography>
        </Box>
        <Box
          aria-hidden="true"
          sx={(theme) => ({
            flexShrink: 0,
            width: 48,
            height: 48,
            borderRadius: '14px',
            display: 'grid',
            placeItems: 'center',
            color: `${tone}.main`,
            bgcolor: alpha(theme.palette[tone].main, 0.1),
          })}
        >
          {icon}
        </Box>
      </Box>
      {footer ? (
        <Box sx={{ px: 3, py: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.default' }}>{footer}</Box>
      ) : null}
    </Card>
  );
}
