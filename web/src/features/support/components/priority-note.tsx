// What the Help page says about priority support: a Pro agent's requests are answered first; a free
// agent learns, gently, that Pro includes it, with the way to upgrade.
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

export const PRO_ANSWERED_FIRST = 'Priority support: as a Pro member, your requests are answered first.';

export function PriorityNote({ isPro }: { isPro: boolean }) {
  return (
    <Box
      role="note"
      sx={(theme) => ({
        display: 'flex',
        gap: 1.25,
        alignItems: 'flex-start',
        px: 1.5,
        py: 1.25,
        borderRadius: 2,
        bgcolor: alpha(theme.palette.secondary.main, isPro ? 0.1 : 0.06),
        border: `1px solid ${alpha(theme.palette.secondary.main, 0.2)}`,
      })}
    >
      <WorkspacePremiumRounded fontSize="small" aria-hidden="true" sx={{ color: 'secondary.main', mt: 0.25 }} />
      {isPro ? (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {PRO_ANSWERED_FIRST}
        </Typography>
      ) : (
        <Typography variant="body2">
          We answer requests in the order they arrive. Pro includes priority support, so Pro members&apos; requests are
          answered first.{' '}
          <Link component={RouterLink} to={paths.settings.getHref()}>
            Upgrade to Pro
          </Link>
        </Typography>
      )}
    </Box>
  );
}
