// One admin chart: a titled card with a line chart of monthly counts (the chart library loads lazily).
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import type { MonthCount } from '@shared/api-types';
import { LineChart } from '@/components/charts/line-chart';
import { formatMonthYear, formatShortMonth } from '@/lib/dates';

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
  const headingId = useId();
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
        : [],
    [points, title, seriesLabel, color],
  );
  const range = points?.length ? `${formatMonthYear(points[0]!.month)} – ${formatMonthYear(points.at(-1)!.month)}` : '';

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <Box sx={{ px: 3, pt: 3 }}>
        <Typography id={headingId} component="h2" variant="h3">
          {title}
        </Typography>
        <Typography variant="muted" sx={{ mt: 0.25 }}>
          {description}
        </Typography>
      </Box>
      <Box sx={{ px: { xs: 1, sm: 2 }, pt: 2, pb: 2.5 }}>
        {points ? (
          <LineChart
            series={series}
            height={height}
            ariaLabel={`${title}: ${seriesLabel.toLowerCase()} per month, ${range}`}
            showLegend={false}
          />
        ) : (
          <Skeleton variant="rounded" height={height} aria-hidden="true" />
        )}
      </Box>
    </Card>
  );
}
