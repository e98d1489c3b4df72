// A dashboard number: what it counts, the count, and a line of context.
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { IconBadge } from '@/components/ui/icon-badge';
import { LinkButton } from '@/components/ui/link-button';

type StatCardProps = {
  title: string;
  /** What the number is, under it (e.g. 'Total Client Reviews'). */
  label: string;
  /** undefined while it loads; null when there is none (`emptyValue` says why). */
  value: number | null | undefined;
  /** In place of a value that is null ("Not connected"). */
  emptyValue?: string;
  /** Beside the value (a rating's stars). */
  adornment?: ReactNode;
  /** How the number is written (default: grouped digits, e.g. 1,234). */
  format?: (value: number) => string;
  icon: ReactNode;
  tone?: 'primary' | 'secondary' | 'success' | 'info';
  /** Under the card: a link to the page that lists what the number counts... */
  link?: { to: string; label: string };
  /** ...or a line of its own. */
  footer?: ReactNode;
};

export function StatCard({
  title,
  label,
  value,
  emptyValue = '—',
  adornment,
  format = (n) => n.toLocaleString('en-US'),
  icon,
  tone = 'primary',
  link,
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
          <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5 }}>
            <Typography
              component="p"
              sx={
                value === null
                  ? { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.5 }
                  : { fontSize: '2.25rem', fontWeight: 750, lineHeight: 1.1, letterSpacing: '-0.02em' }
              }
            >
              {value === undefined ? (
                <Skeleton width={64} aria-label="Loading" />
              ) : value === null ? (
                emptyValue
              ) : (
                format(value)
              )}
            </Typography>
            {value !== undefined && value !== null ? adornment : null}
          </Box>
          <Typography variant="muted" sx={{ mt: 0.5 }}>
            {label}
          </Typography>
        </Box>
        <IconBadge size={48} tone={tone} shape="tile">
          {icon}
        </IconBadge>
      </Box>
      {link || footer ? (
        <Box sx={{ px: 3, py: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.default' }}>
          {link ? (
            <LinkButton to={link.to} size="small" endIcon={<ArrowForwardRounded />} sx={{ ml: -1 }}>
              {link.label}
            </LinkButton>
          ) : (
            footer
          )}
        </Box>
      ) : null}
    </Card>
  );
}
