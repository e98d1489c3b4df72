// The free plan's client cap, where the agent adds clients: a quiet meter below the cap, a notice
// at or above it (above it happens when Pro ends: the clients stay, adding waits).
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { FREE_CLIENT_LIMIT } from '@shared/constants';

type PlanNoticeProps = {
  count: number;
  onUpgrade: () => void;
};

export function PlanNotice({ count, onUpgrade }: PlanNoticeProps) {
  if (count < FREE_CLIENT_LIMIT) return null;
  const over = count > FREE_CLIENT_LIMIT;
  return (
    <Alert
      severity="warning"
      icon={<WorkspacePremiumRounded />}
      sx={{
        mb: 2.5,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        alignItems: { sm: 'center' },
        '& .MuiAlert-message': { flex: '1 1 0', minWidth: { xs: 'calc(100% - 36px)', sm: 0 } },
        '& .MuiAlert-action': {
          ml: { xs: '34px', sm: 'auto' },
          pl: { xs: 0, sm: 2 },
          pt: { xs: 0.5, sm: 0 },
          pb: { xs: 1, sm: 0 },
        },
      }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={onUpgrade} sx={{ whiteSpace: 'nowrap' }}>
          Upgrade to Pro
        </Button>
      }
    >
      <AlertTitle sx={{ mb: 0.25 }}>
        {over
          ? `You have ${count.toLocaleString('en-US')} clients, more than the free plan's ${FREE_CLIENT_LIMIT}`
          : `You're using all ${FREE_CLIENT_LIMIT} free-plan clients`}
      </AlertTitle>
      {over
        ? `You can still view and edit all of them, but you can't add new clients until you have fewer than ${FREE_CLIENT_LIMIT} or upgrade to Pro.`
        : 'You can still view and edit your clients. To add more, upgrade to Pro or remove a client.'}
    </Alert>
  );
}

/** "Free plan · 7 of 10" with a small meter. */
export function PlanUsage({ count }: { count: number }) {
  const used = Math.min(count, FREE_CLIENT_LIMIT);
  return (
    <Box
      sx={{
        display: { xs: 'none', sm: 'flex' },
        alignItems: 'center',
        gap: 1,
        pl: 2,
        borderLeft: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="muted" sx={{ whiteSpace: 'nowrap' }}>
        Free plan · {used} of {FREE_CLIENT_LIMIT}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(used / FREE_CLIENT_LIMIT) * 100}
        color={count >= FREE_CLIENT_LIMIT ? 'warning' : 'primary'}
        aria-label="Free plan clients used"
        sx={{ width: 64, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
