// One reminder: what it is (icon and type), whose it is, when, and what the page offers to do about it.
import CakeRounded from '@mui/icons-material/CakeRounded';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type Theme } from '@mui/material/styles';
import { eventTitle, type ReminderEvent, type ReminderKind } from '@shared/reminders';
import { daysAwayLabel, formatCalendarDateWithWeekday, formatCalendarDateWithWeekdayShort } from '@/lib/dates';
import { ClientLink } from '@/components/ui/client-link';
import { IconBadge } from '@/components/ui/icon-badge';

const KIND_LOOK: Record<ReminderKind, { Icon: typeof CakeRounded; color: (theme: Theme) => string }> = {
  birthday: { Icon: CakeRounded, color: (theme) => theme.palette.secondary.main },
  anniversary: { Icon: FavoriteRounded, color: () => '#C2417A' },
  home: { Icon: HomeRounded, color: (theme) => theme.palette.primary.main },
  custom: { Icon: EventOutlined, color: (theme) => theme.palette.text.secondary },
};

type ReminderRowProps = {
  event: ReminderEvent;
  today: string;
  /** Tighter spacing for the dashboard card. */
  dense?: boolean;
  /** What the page offers for this occasion (Send a message), after the date. */
  action?: ReactNode;
};

export function ReminderRow({ event, today, dense = false, action }: ReminderRowProps) {
  const { Icon, color } = KIND_LOOK[event.kind];
  const away = daysAwayLabel(today, event.date);
  const soon = away === 'Today' || away === 'Tomorrow';

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.75,
        py: dense ? 1.25 : 1.5,
        px: dense ? 0 : { xs: 2, sm: 2.5 },
      }}
    >
      <IconBadge size={40} tone={color} shape="tile">
        <Icon fontSize="small" />
      </IconBadge>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 650, lineHeight: 1.35, overflowWrap: 'anywhere' }}>
          <ClientLink id={event.clientId} name={event.clientName} />
        </Typography>
        <Typography variant="muted">{eventTitle(event)}</Typography>
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          <time dateTime={event.date} title={formatCalendarDateWithWeekday(event.date)}>
            {formatCalendarDateWithWeekdayShort(event.date)}
          </time>
        </Typography>
        <Typography
          variant="body2"
          sx={{ color: soon ? 'secondary.main' : 'text.secondary', fontWeight: soon ? 650 : 400 }}
        >
          {away}
        </Typography>
      </Box>
      {action ? <Box sx={{ flexShrink: 0, mr: dense ? -1 : -0.5 }}>{action}</Box> : null}
    </Box>
  );
}

/** The reminders' placeholder while they load: `rows` rows shaped like ReminderRow. */
export function LoadingReminderRows({ rows, dense = false }: { rows: number; dense?: boolean }) {
  return (
    <Box role="status" aria-busy="true" aria-label="Loading reminders" sx={dense ? undefined : { px: 2.5, py: 1 }}>
      {Array.from({ length: rows }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1.75, py: dense ? 1.25 : 1.5 }}>
          <Skeleton variant="rounded" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="45%" />
            <Skeleton width="30%" />
          </Box>
          <Skeleton width={dense ? 64 : 110} />
        </Box>
      ))}
    </Box>
  );
}
