// /insights (Pro): how the agent kept in touch over the last 3, 6 or 12 months (?months=), who has
// not heard from them lately (each a click from the composer of the messages feature), and their
// book's health. An agent not on Pro sees a blurred sample with the upgrade (subscription feature);
// so does one the API answers PRO_REQUIRED (a user cached from before Pro ended).
import LinearProgress from '@mui/material/LinearProgress';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { Client, QuietClient } from '../../../../../shared/api-types';
import { LoadError } from '../../../components/ui/load-error';
import { PageLayout } from '../../../components/ui/page-layout';
import { useToast } from '../../../components/ui/toast/use-toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { CLIENTS_KEY, getClients } from '../../../lib/clients';
import { isProRequired, parsePeriod, useInsights, type InsightsPeriod } from '../../../features/insights/api/get-insights';
import { InsightsBoard } from '../../../features/insights/components/insights-board';
import { InsightsSkeleton } from '../../../features/insights/components/insights-skeleton';
import { InsightsUpsell } from '../../../features/insights/components/insights-upsell';
import { PeriodSelect } from '../../../features/insights/components/period-select';
import { useComposer } from '../../../features/messages/components/use-composer';
import { UpgradeButton } from '../../../features/subscription/components/upgrade-button';

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
  const openMessage = useQuietClientComposer(Boolean(insights?.reach.clients.length));

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
    <PageLayout title={paths.insights.label} description={PRO_DESCRIPTION} actions={<PeriodSelect value={months} onChange={choosePeriod} />}>
      {error ? (
        <LoadError onRetry={retry}>We couldn&apos;t load your insights. {errorMessage(error)}</LoadError>
      ) : insights ? (
        <>
          {/* Another period's figures stay on screen while this one's load. */}
          {isLoading ? <LinearProgress aria-label="Loading insights" sx={{ mb: 2, borderRadius: 1 }} /> : null}
          <InsightsBoard insights={insights} onMessage={openMessage.open} />
        </>
      ) : (
        <InsightsSkeleton />
      )}
      {openMessage.composer}
    </PageLayout>
  );
}

/**
 * "Send a message" on a quiet client: the composer wants the whole client (its opt-outs pick the
 * channel), so the client list is read once the reach list has someone in it (usually cached by
 * the dashboard already), and at the click if it has not come yet.
 */
function useQuietClientComposer(needed: boolean) {
  const { openComposer, composer } = useComposer();
  const { toast } = useToast();
  const { data: clients, mutate } = useSWR<Client[], Error>(needed ? CLIENTS_KEY : null, getClients);

  const open = useCallback(
    async (quiet: QuietClient) => {
      const list = clients ?? (await mutate());
      const client = list?.find((candidate) => candidate.id === quiet.id);
      if (client) openComposer(client);
      else
        toast({
          title: 'Error',
          description: list ? `${quiet.name} is no longer in your client list.` : 'Your clients could not be loaded. Please try again.',
          variant: 'destructive',
        });
    },
    [clients, mutate, openComposer, toast],
  );
  return { open: (quiet: QuietClient) => void open(quiet), composer };
}
