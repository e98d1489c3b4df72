// The Pro Subscription card of /settings: the four Pro features, then either
// 'You are currently on the Pro plan' with Manage subscription, or 'Upgrade to Pro - $15/month'.
import CheckRounded from '@mui/icons-material/CheckRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import { FREE_CLIENT_LIMIT, PRO_FEATURES, PRO_PRICE_USD } from '@shared/constants';
import { PlainList } from '@/components/ui/plain-list';
import { CardHeading } from '@/components/ui/card-heading';
import { ProgressLine } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { useLeaveForStripe } from '../use-leave-for-stripe';
import { UpgradeButton } from './upgrade-button';

type ProSubscriptionCardProps = {
  isPro: boolean;
  /** A paid checkout is waiting for Stripe's confirmation. */
  confirming?: boolean;
};

export function ProSubscriptionCard({ isPro, confirming = false }: ProSubscriptionCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, height: '100%' }}>
        <CardHeading
          id={headingId}
          icon={<WorkspacePremiumRounded />}
          tone="secondary"
          title="Pro Subscription"
          subtitle={`$${PRO_PRICE_USD}/month · cancel anytime`}
        />

        {isPro ? (
          <Box
            role="status"
            sx={(theme) => ({
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 1.5,
              py: 1.25,
              borderRadius: 2,
              color: 'success.dark',
              bgcolor: alpha(theme.palette.success.main, 0.08),
              border: `1px solid ${alpha(theme.palette.success.main, 0.24)}`,
            })}
          >
            <VerifiedRounded fontSize="small" aria-hidden="true" />
            <Typography sx={{ fontWeight: 600 }}>You are currently on the Pro plan</Typography>
          </Box>
        ) : null}

        <PlainList
          gap={1.25}

          aria-label="Pro features"
        >
          {PRO_FEATURES.map((feature) => (
            <Box component="li" key={feature} sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
              <CheckRounded fontSize="small" aria-hidden="true" sx={{ color: 'success.main' }} />
              <Typography>{feature}</Typography>
            </Box>
          ))}
        </PlainList>

        <Divider sx={{ mt: 'auto' }} />
        {isPro ? <ManageSubscription /> : <Upgrade confirming={confirming} />}
      </CardContent>
    </Card>
  );
}

function Upgrade({ confirming }: { confirming: boolean }) {
  if (confirming) {
    return <ProgressLine>Confirming your payment with Stripe…</ProgressLine>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.25 }}>
      <UpgradeButton />
      <Typography
        variant="muted"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 0.75,
          textAlign: 'center',
        }}
      >
        <LockOutlined sx={{ fontSize: 16 }} aria-hidden="true" />
        Secure payment with Stripe. The free plan holds up to {FREE_CLIENT_LIMIT} clients.
      </Typography>
    </Box>
  );
}

function ManageSubscription() {
  const { trigger } = useOpenBillingPortal();
  const { leaving, leave: handleManage } = useLeaveForStripe(trigger, errorMessage);

  return (
    <Box sx={{ display: 'grid', gap: 1.25 }}>
      <Button variant="outlined" size="large" fullWidth onClick={handleManage} disabled={leaving}>
        {leaving ? 'Opening...' : 'Manage subscription'}
      </Button>
      <Typography variant="muted">
        Change your card, see invoices or cancel. If Pro ends, your clients stay: you can still view and edit all of
        them, but you can't add new ones until you have fewer than {FREE_CLIENT_LIMIT}.
      </Typography>
    </Box>
  );
}
