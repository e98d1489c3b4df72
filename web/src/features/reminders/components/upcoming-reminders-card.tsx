// The dashboard's Upcoming Reminders card: the next 5 key dates within 60 days, as GET /api/dashboard
// reads them from the occasion index (soonest first, by the rules of shared/reminders.ts).
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode } from 'react';
import { DASHBOARD_REMINDER_WINDOW_DAYS } from '@shared/constants';
import type { ReminderEvent } from '@shared/reminders';
import { PlainList } from '@/components/ui/plain-list';
import { paths } from '@/config/paths';
import { LinkButton } from '@/components/ui/link-button';
import { PanelCard } from '@/components/ui/panel-card';
import { LoadingReminderRows, ReminderRow } from './reminder-row';

type UpcomingRemindersCardProps = {
  /** The next occasions, soonest first (undefined while they load). */
  events: readonly ReminderEvent[] | undefined;
  /** The agent's today (YYYY-MM-DD), for Today and Tomorrow. */
  today: string | undefined;
  /** What each reminder offers (the page's Send a message). */
  renderAction?: (event: ReminderEvent) => ReactNode;
};

export function UpcomingRemindersCard({ events, today, renderAction }: UpcomingRemindersCardProps) {
  return (
    <PanelCard title="Upcoming Reminders" subtitle={`Next ${DASHBOARD_REMINDER_WINDOW_DAYS} days`}>
      <Box sx={{ px: 3, flex: 1 }}>
        {!events || !today ? (
          <LoadingReminderRows rows={4} dense />
        ) : events.length === 0 ? (
          <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
            <EventNoteOutlined sx={{ fontSize: 40, opacity: 0.5 }} aria-hidden="true" />
            <Typography sx={{ fontWeight: 650, color: 'text.primary', mt: 1 }}>
              Nothing in the next {DASHBOARD_REMINDER_WINDOW_DAYS} days
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5, maxWidth: 300, mx: 'auto' }}>
              Add birthdays, anniversaries and purchase dates to your clients, and the next occasions will show up here.
            </Typography>
          </Box>
        ) : (
          <PlainList aria-label="Upcoming reminders" sx={{ '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
            {events.map((event) => (
              <ReminderRow
                key={`${event.clientId}-${event.kind}`}
                event={event}
                today={today}
                dense
                action={renderAction?.(event)}
              />
            ))}
          </PlainList>
        )}
      </Box>
      <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <LinkButton to={paths.reminders.getHref()} endIcon={<ArrowForwardRounded />}>
          View All Reminders
        </LinkButton>
      </Box>
    </PanelCard>
  );
}
