// /insights (Pro): how the agent kept in touch over the last 3, 6 or 12 months (?months=), who has
// not heard from them lately (each a click from the composer of the messages feature), their
// book's health, their referrals and how many of Today's suggested touches they acted on. An agent
// not on Pro sees a blurred sample with the upgrade (subscription feature); so does one the API
// answers PRO_REQUIRED (a user cached from before Pro ended).
import LinearProgress from '@mui/material/LinearProgress';
import { useSearchParams } from 'react-router-dom';
import type { QuietClient } from '@shared/api-types';
import { LoadError } from '@/components/ui/load-error';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { isProRequired, parsePeriod, useInsights, type InsightsPeriod } from '@/features/insights/api/get-insights';
import { InsightsBoard } from '@/features/insights/components/insights-board';
import { InsightsSkeleton } from '@/features/insights/components/insights-skeleton';
import { InsightsUpsell } from '@/features/insights/components/insights-upsell';
import { PeriodSelect } from '@/features/insights/components/period-select';
import { ReferralInsightsCards } from '@/features/insights/components/referral-insights';
import { useComposer } from '@/features/messages/components/use-composer';
import { UpgradeButton } from '@/features/subscription/components/upgrade-button';

const PRO_DESCRIPTION = 'How you kept in touch with your clients, month by month, and who is waiting to hear from you.';
const SAMPLE_DESCRIPTION = 'What Insights show on Pro, here with sample figures.';

export function InsightsRoute() {
  const { user } = useUser();
  return user?.isPro ? <ProInsights /> : <SampleInsights />;
}

function SampleInsights() {
  return (
    <PageLayout title={paths.insights.label} description={SAMPLE_DESCRIPTION}>
      <InsightsUpsell upgrade={<UpgradeButton />} />
    </PageLayout>
  );
}

function ProInsights() {
  const [params, setParams] = useSearchParams();
  const months = parsePeriod(params.get('months'));
  const { insights, error, isLoading, retry } = useInsights(months, { enabled: true });
  const openMessage = useQuietClientComposer();

  if (isProRequired(error)) return <SampleInsights />;

  const choosePeriod = (next: InsightsPeriod) =>
    setParams(
      (query) => {
        query.set('months', String(next));
        return query;
      },
      { replace: true },
    );

  return (
    <PageLayout
      title={paths.insights.label}
      description={PRO_DESCRIPTION}
      actions={<PeriodSelect value={months} onChange={choosePeriod} />}
    >
      {error ? (
        <LoadError onRetry={retry}>We couldn&apos;t load your insights. {errorMessage(error)}</LoadError>
      ) : insights ? (
        <>
          {/* Another period's figures stay on screen while this one's load. */}
          {isLoading ? <LinearProgress aria-label="Loading insights" sx={{ mb: 2, borderRadius: 1 }} /> : null}
          <InsightsBoard insights={insights} onMessage={openMessage.open}>
            <ReferralInsightsCards />
          </InsightsBoard>
        </>
      ) : (
        <InsightsSkeleton />
      )}
      {openMessage.composer}
    </PageLayout>
  );
}

/** "Send a message" on a quiet client: the reach list carries the whole client, so the composer opens on it. */
function useQuietClientComposer() {
  const { openComposer, composer } = useComposer();
  return { open: (quiet: QuietClient) => openComposer(quiet), composer };
}
