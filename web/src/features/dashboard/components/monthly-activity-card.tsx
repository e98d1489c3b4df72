// Monthly Activity: reviews received and reminders provided over the last 6 months, as GET
// /api/dashboard counts them (the definitions are in shared/activity.ts).
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo } from 'react';
import type { MonthlyActivity } from '@shared/activity';
import { MONTHLY_ACTIVITY_MONTHS } from '@shared/constants';
import { LineChart, type LineChartSeries } from '@/components/charts/line-chart';
import { formatShortMonth } from '@/lib/dates';

type MonthlyActivityCardProps = {
  /** The months, oldest first, in the agent's time zone, and their totals (undefined while they load). */
  activity: MonthlyActivity | undefined;
};

const CHART_HEIGHT = 240;

export function MonthlyActivityCard({ activity }: MonthlyActivityCardProps) {
  const theme = useTheme();
  const headingId = useId();
  const reviewsColor = theme.palette.primary.main;
  const remindersColor = theme.palette.secondary.main;

  const series = useMemo<LineChartSeries[]>(() => {
    if (!activity) return [];
    return [
      {
        id: 'reviews',
        label: 'Reviews Received',
        color: reviewsColor,
        points: activity.months.map((m) => ({ x: formatShortMonth(m.month), y: m.reviews })),
      },
      {
        id: 'reminders',
        label: 'Reminders Provided',
        color: remindersColor,
        points: activity.months.map((m) => ({ x: formatShortMonth(m.month), y: m.reminders })),
      },
    ];
  }, [activity, reviewsColor, remindersColor]);

  const totals = [
    { label: 'Reviews Received', value: activity?.totals.reviews, color: reviewsColor },
    { label: 'Reminders Provided', value: activity?.totals.reminders, color: remindersColor },
  ];

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <Box sx={{ px: 3, pt: 3 }}>
        <Typography id={headingId} component="h2" variant="h3">
          Monthly Activity
        </Typography>
        <Typography variant="muted" sx={{ mt: 0.25 }}>
          Last {MONTHLY_ACTIVITY_MONTHS} months
        </Typography>
        <Box component="dl" sx={{ m: 0, mt: 2, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          {totals.map((total) => (
            <Box
              key={total.label}
              sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.default', borderLeft: `4px solid ${total.color}` }}
            >
              <Typography component="dt" variant="muted">
                {total.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 750, lineHeight: 1.3 }}>
                {total.value === undefined ? <Skeleton width={40} /> : total.value.toLocaleString('en-US')}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ px: { xs: 1, sm: 2 }, pt: 2, pb: 2.5 }}>
        {activity ? (
          <LineChart
            series={series}
            height={CHART_HEIGHT}
            ariaLabel={`Reviews received and reminders provided per month, last ${MONTHLY_ACTIVITY_MONTHS} months`}
          />
        ) : (
          <Skeleton variant="rounded" height={CHART_HEIGHT} aria-hidden="true" />
        )}
      </Box>
    </Card>
  );
}
