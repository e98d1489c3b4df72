// /today: the messages automations wrote this morning that wait for the agent's approval, and the
// ones scheduled to go out by themselves.
import TuneRounded from '@mui/icons-material/TuneRounded';
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { OutgoingQueue } from '@/features/automations/components/outgoing-queue';
import { useClientComposer } from '@/features/messages/components/use-client-composer';
import { CheckInsCard } from '@/features/check-ins/check-ins-card';
import { LinkButton } from '@/components/ui/link-button';

export function TodayRoute() {
  const composer = useClientComposer();
  return (
    <PageLayout
      title={paths.today.label}
      description="Birthday and anniversary messages Hearthside wrote for your clients: approve, edit or skip each one."
      actions={
        <LinkButton to={paths.automations.getHref()} startIcon={<TuneRounded />}>
          Automation settings
        </LinkButton>
      }
    >
      <OutgoingQueue onEmail={composer.open} />
      <CheckInsCard />
      {composer.dialog}
    </PageLayout>
  );
}
