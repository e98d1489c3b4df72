// The /reminders list: every future key date, soonest first, grouped by month and paginated so an
// agent with thousands of clients gets a quick page.
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { monthKey } from '../../../../../shared/dates';
import { upcomingReminders, type ReminderClient, type ReminderEvent } from '../../../../../shared/reminders';
import { paths } from '../../../config/paths';
import { formatMonthYear } from '../../../lib/dates';
import { ReminderRow } from './reminder-row';

const PAGE_SIZES = [25, 50, 100] as const;

type AllRemindersProps = {
  clients: readonly ReminderClient[] | undefined;
  today: string;
  error?: Error | undefined;
  onRetry: () => void;
};

export function AllReminders({ clients, today, error, onRetry }: AllRemindersProps) {
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const headingId = useId();
  const events = useMemo(() => (clients ? upcomingReminders(clients, today) : []), [clients, today]);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  const lastPage = Math.max(0, Math.ceil(events.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const shown = events.slice(current * pageSize, (current + 1) * pageSize);

  return (
    <Card component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, px: { xs: 2, sm: 2.5 }, py: 2.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} component="h2" variant="h3">
          All Future Reminders
        </Typography>
        {clients && events.length > 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {events.length.toLocaleString('en-US')} {events.length === 1 ? 'reminder' : 'reminders'}
          </Typography>
        ) : null}
      </Box>
      {error && !clients ? (
        <Box sx={{ p: 3 }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                Try again
              </Button>
            }
          >
            We couldn't load your reminders.
          </Alert>
        </Box>
      ) : !clients ? (
        <Box aria-busy="true" aria-label="Loading reminders" sx={{ px: 2.5, py: 1 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1.75, py: 1.5 }}>
              <Skeleton variant="rounded" width={40} height={40} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="40%" />
                <Skeleton width="25%" />
              </Box>
              <Skeleton width={110} />
            </Box>
          ))}
        </Box>
      ) : events.length === 0 ? (
        <Box sx={{ px: 3, py: 7, textAlign: 'center' }}>
          <Box
            aria-hidden="true"
            sx={{ mx: 'auto', mb: 2, width: 64, height: 64, borderRadius: '50%', display: 'grid', placeItems: 'center', color: 'primary.main', bgcolor: alpha(theme.palette.primary.main, 0.1) }}
          >
            <EventNoteOutlined fontSize="large" />
          </Box>
          <Typography sx={{ fontWeight: 650, fontSize: '1.125rem' }}>No upcoming reminders</Typography>
          <Typography sx={{ mt: 1, color: 'text.secondary', maxWidth: 440, mx: 'auto' }}>
            Add birthdays, wedding anniversaries and home purchase dates to your clients, and every occasion to celebrate will be listed here.
          </Typography>
          <Button component={RouterLink} to={paths.clients.getHref()} variant="contained" sx={{ mt: 3 }}>
            Go to Clients
          </Button>
        </Box>
      ) : (
        <>
          <MonthGroups events={shown} today={today} />
          {events.length > PAGE_SIZES[0] ? (
            <TablePagination
              component="div"
              count={events.length}
              page={current}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={isMobile ? [] : [...PAGE_SIZES]}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage="Per page:"
              sx={{ borderTop: 1, borderColor: 'divider' }}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}

function MonthGroups({ events, today }: { events: readonly ReminderEvent[]; today: string }) {
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
            sx={{ display: 'block', px: { xs: 2, sm: 2.5 }, py: 0.75, bgcolor: 'background.default', color: 'text.secondary', borderBottom: 1, borderTop: index > 0 ? 1 : 0, borderColor: 'divider' }}
          >
            {formatMonthYear(month)}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
            {list.map((event) => (
              <ReminderRow key={`${event.clientId}-${event.kind}`} event={event} today={today} />
            ))}
          </Box>
        </Fragment>
      ))}
    </>
  );
}
