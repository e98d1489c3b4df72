// /reminders: every upcoming birthday, anniversary and home anniversary, with no window and no cap,
// a page at a time (GET /api/reminders), each with "Send a message".
import { PageLayout } from '@/components/ui/page-layout';
import { paths } from '@/config/paths';
import { useReminderMessages } from '@/features/messages/components/reminder-messages';
import { useReminderPages } from '@/features/reminders/api/get-reminders';
import { AllReminders } from '@/features/reminders/components/all-reminders';
import { browserToday } from '@/lib/dates';
import { BackButton } from '@/components/ui/link-button';

export function RemindersRoute() {
  const reminders = useReminderPages();
  const { renderAction, composer } = useReminderMessages(reminders.clients);
  return (
    <PageLayout
      title="Upcoming Reminders"
      description="Birthdays, wedding anniversaries and home anniversaries, soonest first."
      actions={<BackButton to={paths.home.getHref()}>Dashboard</BackButton>}
    >
      <AllReminders
        events={reminders.events}
        today={reminders.today ?? browserToday()}
        error={reminders.error}
        onRetry={reminders.retry}
        more={{ hasMore: reminders.hasMore, loading: reminders.loadingMore, onMore: reminders.loadMore }}
        renderAction={renderAction}
      />
      {composer}
    </PageLayout>
  );
}
