// /today: the messages automations wrote this morning that wait for the agent's approval, and the
// ones scheduled to go out by themselves.
import TuneRounded from '@/components/icons/TuneRounded';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { OutgoingQueue } from '@/features/automations/components/outgoing-queue';
import { useClientComposer } from '@/features/messages/components/use-client-composer';
import { CheckInsCard } from '@/features/check-ins/check-ins-card';

export function TodayRoute() {
  const composer = useClientComposer();
  return (
    <PageLayout
      title={paths.today.label}
      description="Birthday and anniversary messages Hearthside wrote for your clients: approve, edit or skip each one."
      actions={
        <Button component={RouterLink} to={paths.automations.getHref()} startIcon={<TuneRounded />}>
          Automation settings
        </Button>
      }
    >
      <OutgoingQueue onEmail={composer.open} />
      <CheckInsCard />
      {composer.dialog}
    </PageLayout>
  );
}
