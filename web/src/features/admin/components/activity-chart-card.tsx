// One admin chart: a titled card with a line chart of monthly counts (the chart library loads lazily).
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import type { MonthCount } from '@shared/api-types';
import { LineChart } from '@/components/charts/line-chart';
import { formatMonthYear, formatShortMonth } from '@/lib/dates';
import { PanelCard } from '@/components/ui/panel-card';

type ActivityChartCardProps = {
  title: string;
  description: string;
  /** The series' name in the legend and tooltip. */
  seriesLabel: string;
  points: readonly MonthCount[] | undefined;
  color?: string;
  height?: number;
};

export function ActivityChartCard({
  title,
  description,
  seriesLabel,
  points,
  color,
  height = 240,
}: ActivityChartCardProps) {
  const series = useMemo(
    () =>
      points
        ? [
            {
              id: title,
              label: seriesLabel,
              color,
              points: points.map((p) => ({ x: formatShortMonth(p.month), y: p.count })),
            },
          ]
        : undefined,
    [points, title, seriesLabel, color],
  );
  const range = points?.length ? `${formatMonthYear(points[0]!.month)} – ${formatMonthYear(points.at(-1)!.month)}` : '';

  return (
    <PanelCard title={title} subtitle={description}>
      <Box sx={{ px: { xs: 1, sm: 2 }, pt: 2, pb: 2.5 }}>
        <LineChart
          series={series}
          height={height}
          ariaLabel={`${title}: ${seriesLabel.toLowerCase()} per month, ${range}`}
          showLegend={false}
        />
      </Box>
    </PanelCard>
  );
}
