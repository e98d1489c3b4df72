// Monthly Activity: reviews received and reminders provided over the last 6 months, as GET
// /api/dashboard counts them (the definitions are in shared/activity.ts).
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import type { MonthlyActivity } from '@shared/activity';
import { MONTHLY_ACTIVITY_MONTHS } from '@shared/constants';
import { LineChart, type LineChartSeries } from '@/components/charts/line-chart';
import { formatShortMonth } from '@/lib/dates';
import { PanelCard } from '@/components/ui/panel-card';

type MonthlyActivityCardProps = {
  /** The months, oldest first, in the agent's time zone, and their totals (undefined while they load). */
  activity: MonthlyActivity | undefined;
};

const CHART_HEIGHT = 240;

export function MonthlyActivityCard({ activity }: MonthlyActivityCardProps) {
  const theme = useTheme();
  const reviewsColor = theme.palette.primary.main;
  const remindersColor = theme.palette.secondary.main;

  const series = useMemo<LineChartSeries[] | undefined>(() => {
    if (!activity) return undefined;
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
    <PanelCard title="Monthly Activity" subtitle={`Last ${MONTHLY_ACTIVITY_MONTHS} months`}>
      <Box sx={{ px: 3, pt: 1 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
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
        <LineChart
          series={series}
          height={CHART_HEIGHT}
          ariaLabel={`Reviews received and reminders provided per month, last ${MONTHLY_ACTIVITY_MONTHS} months`}
        />
      </Box>
    </PanelCard>
  );
}
