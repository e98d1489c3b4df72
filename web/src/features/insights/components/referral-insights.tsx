// The Insights board's referral cards (GET /api/insights/referrals, read apart from the period's figures): referrals
// beside the suggested touches, a skeleton while they load and Try again when they could not be. Nothing for an
// agent the API answers PRO_REQUIRED (the page shows the upsell from the period's read).
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api-client';
import { isProRequired } from '../api/get-insights';
import { useReferralInsights } from '../api/get-referral-insights';
import { SPAN } from './insights-board';
import { ReferralsCard } from './referrals-card';
import { SuggestedTouchesCard } from './suggested-touches-card';

export function ReferralInsightsCards() {
  const { referrals, error, retry } = useReferralInsights({ enabled: true });
  if (isProRequired(error)) return null;
  if (!referrals) {
    return (
      <Box sx={SPAN.whole}>
        {error ? (
          <LoadError onRetry={retry}>We couldn&apos;t load your referrals. {errorMessage(error)}</LoadError>
        ) : (
          <Box role="status" aria-busy="true" aria-label="Loading referrals">
            <Skeleton variant="rounded" height={280} />
          </Box>
        )}
      </Box>
    );
  }
  return (
    <>
      <Box sx={SPAN.wide}>
        <ReferralsCard referrals={referrals} />
      </Box>
      <Box sx={SPAN.narrow}>
        <SuggestedTouchesCard weeks={referrals.weeks} />
      </Box>
    </>
  );
}
