// /today: whom to contact today and why (the next best touches), the messages automations and broadcasts wrote that
// wait for the agent's approval and the ones scheduled to go out by themselves, and the clients due for a check-in;
// the way to the broadcasts (/broadcasts) and the automations' settings.
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useDeferredValue } from 'react';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { OutgoingQueue } from '@/features/automations/components/outgoing-queue';
import { useClientComposer } from '@/features/messages/components/use-client-composer';
import { CheckInsCard } from '@/features/check-ins/check-ins-card';
import { NextBestCard } from '@/features/next-best/components/next-best-card';
import { LinkButton } from '@/components/ui/link-button';
import { useTodayReadsPending } from '@/app/today-reads-pending';

export function TodayRoute() {
  const composer = useClientComposer();
  // The header paints first, on its own (the largest text of the first screen); the cards (a hundred buttons and
  // menus) render once the first reads have answered (or the device's copy is in), in the background, in slices the
  // browser may interrupt, rather than in one long task before anything shows, and without a card loading above
  // another that then moves down.
  const readsPending = useTodayReadsPending();
  const cardsShown = useDeferredValue(!readsPending, false);
  return (
    <PageLayout
      title={paths.today.label}
      description={paths.today.description}
      actions={
        <>
          <LinkButton to={paths.broadcasts.getHref()} startIcon={<CampaignOutlined />}>
            {paths.broadcasts.label}
          </LinkButton>
          <LinkButton to={paths.automations.getHref()} startIcon={<TuneRounded />}>
            Automation settings
          </LinkButton>
        </>
      }
    >
      {cardsShown ? (
        <>
          <Box sx={{ mb: 3 }}>
            <NextBestCard onEmail={composer.open} onWrite={composer.open} />
          </Box>
          <OutgoingQueue onEmail={composer.open} />
          <CheckInsCard />
        </>
      ) : (
        <Skeleton variant="rounded" height={320} aria-hidden="true" />
      )}
      {composer.dialog}
    </PageLayout>
  );
}
