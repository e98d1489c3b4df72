// The /reminders list: every future key date, soonest first, grouped by month, read a page at a time
// from the API (Show more reads the next), so an agent with 50,000 clients gets a quick first page.
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Fragment, useId, useMemo, type ReactNode } from 'react';
import { monthKey } from '@shared/dates';
import type { ReminderEvent } from '@shared/reminders';
import { PlainList } from '@/components/ui/plain-list';
import { IconBadge } from '@/components/ui/icon-badge';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { countText } from '@/lib/count-text';
import { formatMonthYear } from '@/lib/dates';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingReminderRows, ReminderRow } from './reminder-row';

type AllRemindersProps = {
  /** The occasions read so far, soonest first (undefined while the first page loads). */
  events: readonly ReminderEvent[] | undefined;
  today: string;
  error?: Error | undefined;
  onRetry: () => void;
  /** More occasions after these: Show more reads the next page. */
  more: { hasMore: boolean; loading: boolean; onMore: () => void };
  /** What each reminder offers (the page's Send a message). */
  renderAction?: (event: ReminderEvent) => ReactNode;
};

export function AllReminders({ events, today, error, onRetry, more, renderAction }: AllRemindersProps) {
  const headingId = useId();

  return (
    <Card component="section" aria-labelledby={headingId}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 2,
          px: { xs: 2, sm: 2.5 },
          py: 2.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={headingId} component="h2" variant="h3">
          All Future Reminders
        </Typography>
        {events && events.length > 0 ? (
          <Typography variant="muted">
            {more.hasMore
              ? `${events.length.toLocaleString('en-US')} shown`
              : countText(events.length, 'reminder', 'reminders')}
          </Typography>
        ) : null}
      </Box>
      {error && !events ? (
        <LoadError onRetry={onRetry} inset>
          We couldn't load your reminders.
        </LoadError>
      ) : !events ? (
        <LoadingReminderRows rows={6} />
      ) : events.length === 0 ? (
        <Box sx={{ px: 3, py: 7, textAlign: 'center' }}>
          <IconBadge size={64} sx={{ mx: 'auto', mb: 2 }}>
            <EventNoteOutlined fontSize="large" />
          </IconBadge>
          <Typography sx={{ fontWeight: 650, fontSize: '1.125rem' }}>No upcoming reminders</Typography>
          <Typography variant="lead" sx={{ mt: 1, maxWidth: 440, mx: 'auto' }}>
            Add birthdays, wedding anniversaries and home purchase dates to your clients, and every occasion to
            celebrate will be listed here.
          </Typography>
          <LinkButton to={paths.clients.getHref()} variant="contained" sx={{ mt: 3 }}>
            Go to Clients
          </LinkButton>
        </Box>
      ) : (
        <>
          <MonthGroups events={events} today={today} renderAction={renderAction} />
          {error ? (
            <LoadError onRetry={onRetry} inset>
              We couldn't load more reminders.
            </LoadError>
          ) : more.hasMore ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 2, borderTop: 1, borderColor: 'divider' }}>
              <Button
                variant="outlined"
                onClick={more.onMore}
                loading={more.loading}
                loadingPosition="start"
                startIcon={<ExpandMoreRounded />}
              >
                Show more reminders
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </Card>
  );
}

function MonthGroups({
  events,
  today,
  renderAction,
}: {
  events: readonly ReminderEvent[];
  today: string;
  renderAction: AllRemindersProps['renderAction'];
}) {
  const groups = useMemo(() => {
    const byMonth = new Map<string, ReminderEvent[]>();
    for (const event of events) {
      const key = monthKey(event.date);
      const list = byMonth.get(key);
      if (list) list.push(event);
      else byMonth.set(key, [event]);
    }
    return [...byMonth.entries()];
  }, [events]);

  return (
    <>
      {groups.map(([month, list], index) => (
        <Fragment key={month}>
          <Typography
            component="h3"
            variant="overline"
            sx={{
              display: 'block',
              px: { xs: 2, sm: 2.5 },
              py: 0.75,
              bgcolor: 'background.default',
              color: 'text.secondary',
              borderBottom: 1,
              borderTop: index > 0 ? 1 : 0,
              borderColor: 'divider',
            }}
          >
            {formatMonthYear(month)}
          </Typography>
          <PlainList sx={{ '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
            {list.map((event) => (
              <ReminderRow
                key={`${event.clientId}-${event.kind}`}
                event={event}
                today={today}
                action={renderAction?.(event)}
              />
            ))}
          </PlainList>
        </Fragment>
      ))}
    </>
  );
}
