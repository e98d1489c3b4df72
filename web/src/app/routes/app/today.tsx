// /today: whom to contact today and why (the next best touches), the messages automations and broadcasts wrote that
// wait for the agent's approval and the ones scheduled to go out by themselves, and the clients due for a check-in;
// the way to the broadcasts (/broadcasts) and the automations' settings.
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Box from '@mui/material/Box';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { OutgoingQueue } from '@/features/automations/components/outgoing-queue';
import { useClientComposer } from '@/features/messages/components/use-client-composer';
import { CheckInsCard } from '@/features/check-ins/check-ins-card';
import { NextBestCard } from '@/features/next-best/components/next-best-card';
import { LinkButton } from '@/components/ui/link-button';

export function TodayRoute() {
  const composer = useClientComposer();
  return (
    <PageLayout
      title={paths.today.label}
      description="Whom to contact today and why, then the messages Hearthside wrote for your clients: approve, edit or skip each one."
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
      <Box sx={{ mb: 3 }}>
        <NextBestCard onEmail={composer.open} onWrite={composer.open} />
      </Box>
      <OutgoingQueue onEmail={composer.open} />
      <CheckInsCard />
      {composer.dialog}
    </PageLayout>
  );
}
