// The admin dashboard below its totals: the test SMS, the monthly charts and the agents, on a
// 12-column grid from md up, one column below.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import type { AdminAnalytics, MonthCount } from '@shared/api-types';
import { clientsAtMonthEnd } from '../utils/client-growth';
import { ActivityChartCard } from './activity-chart-card';
import { AgentDetailsTable } from './agent-details-table';
import { TestSmsCard } from './test-sms-card';

/** Each chart's title, description, series name and the palette colour of its line. */
const CHARTS = {
  newClients: ['Monthly Activity', 'New clients each month, last 12 months', 'New clients', 'primary'],
  reviews: ['Reviews Over Time', 'Reviews submitted each month', 'Reviews', 'success'],
  reminders: ['Reminders Provided', 'Reminders sent to agents each month', 'Reminders', 'secondary'],
  growth: ['Client Growth', 'Total clients at the end of each month', 'Total clients', 'info'],
} as const;

type ChartProps = { chart: keyof typeof CHARTS; points: readonly MonthCount[] | undefined; height?: number };

function Chart({ chart, points, height }: ChartProps) {
  const { palette } = useTheme();
  const [title, description, seriesLabel, tone] = CHARTS[chart];
  return (
    <ActivityChartCard
      title={title}
      description={description}
      seriesLabel={seriesLabel}
      points={points}
      color={palette[tone].main}
      height={height}
    />
  );
}

type AdminActivityProps = { analytics: AdminAnalytics | undefined };

export function AdminActivity({ analytics }: AdminActivityProps) {
  const growth = useMemo(
    () => (analytics ? clientsAtMonthEnd(analytics.clientGrowth, analytics.overview.totalClients) : undefined),
    [analytics],
  );
  // Each cell: a key, its width on the 12-column grid, and what it holds.
  const cells: [key: string, columns: number, content: ReactNode][] = [
    ['sms', 5, <TestSmsCard />],
    ['newClients', 7, <Chart chart="newClients" points={analytics?.clientGrowth} />],
    ['reviews', 6, <Chart chart="reviews" points={analytics?.reviewsOverTime} />],
    ['reminders', 6, <Chart chart="reminders" points={analytics?.remindersOverTime} />],
    ['agents', 5, <AgentDetailsTable agents={analytics?.agentDetails} />],
    ['growth', 7, <Chart chart="growth" points={growth} height={300} />],
  ];
  return (
    <Box sx={{ mt: 3, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(12, minmax(0, 1fr))' } }}>
      {cells.map(([key, columns, content]) => (
        <Box key={key} sx={{ gridColumn: { md: `span ${columns}` } }}>
          {content}
        </Box>
      ))}
    </Box>
  );
}
