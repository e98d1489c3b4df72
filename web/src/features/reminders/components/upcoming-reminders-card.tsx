// The dashboard's Upcoming Reminders card: the next 5 key dates within 60 days, as GET /api/dashboard
// reads them from the occasion index (soonest first, by the rules of shared/reminders.ts).
import ArrowForwardRounded from '@/components/icons/ArrowForwardRounded';
import EventNoteOutlined from '@/components/icons/EventNoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DASHBOARD_REMINDER_WINDOW_DAYS } from '@shared/constants';
import type { ReminderEvent } from '@shared/reminders';
import { PlainList } from '@/components/ui/plain-list';
import { paths } from '@/config/paths';
import { ReminderRow } from './reminder-row';

type UpcomingRemindersCardProps = {
  /** The next occasions, soonest first (undefined while they load). */
  events: readonly ReminderEvent[] | undefined;
  /** The agent's today (YYYY-MM-DD), for Today and Tomorrow. */
  today: string | undefined;
  /** What each reminder offers (the page's Send a message). */
  renderAction?: (event: ReminderEvent) => ReactNode;
};

export function UpcomingRemindersCard({ events, today, renderAction }: UpcomingRemindersCardProps) {
  const headingId = useId();

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box sx={{ px: 3, pt: 3, pb: 1 }}>
        <Typography id={headingId} component="h2" variant="h3">
          Upcoming Reminders
        </Typography>
        <Typography variant="muted" sx={{ mt: 0.25 }}>
          Next {DASHBOARD_REMINDER_WINDOW_DAYS} days
        </Typography>
      </Box>
      <Box sx={{ px: 3, flex: 1 }}>
        {!events || !today ? (
          <Box role="status" aria-busy="true" aria-label="Loading reminders">
            {Array.from({ length: 4 }, (_, i) => (
              <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1.75, py: 1.25 }}>
                <Skeleton variant="rounded" width={40} height={40} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="55%" />
                  <Skeleton width="35%" />
                </Box>
              </Box>
            ))}
          </Box>
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
        <Button component={RouterLink} to={paths.reminders.getHref()} endIcon={<ArrowForwardRounded />}>
          View All Reminders
        </Button>
      </Box>
    </Card>
  );
}
