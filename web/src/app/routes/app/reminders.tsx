// /reminders: every upcoming birthday, anniversary and home anniversary, with no window and no cap,
// each with "Send a message".
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { useClients } from '../../../lib/clients';
import { useReminderMessages } from '../../../features/messages/components/reminder-messages';
import { AllReminders } from '../../../features/reminders/components/all-reminders';
import { browserToday } from '../../../lib/dates';

export function RemindersRoute() {
  const { clients, error, mutate } = useClients();
  const { renderAction, composer } = useReminderMessages(clients);
  return (
    <PageLayout
      title="Upcoming Reminders"
      description="Birthdays, wedding anniversaries and home anniversaries, soonest first."
      actions={
        <Button component={RouterLink} to={paths.home.getHref()} startIcon={<ArrowBackRounded />}>
          Dashboard
        </Button>
      }
    >
      <AllReminders clients={clients} today={browserToday()} error={error} onRetry={() => void mutate()} renderAction={renderAction} />
      {composer}
    </PageLayout>
  );
}
