// The @nivo/line rendering behind LineChart, in its own module so the library loads lazily.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { ResponsiveLine, type SliceTooltipProps } from '@nivo/line';
import { useMemo } from 'react';
import type { LineChartSeries } from '../series';

type NivoSeries = { id: string; data: { x: string; y: number }[] };

type NivoLineProps = {
  series: ReadonlyArray<LineChartSeries & { color: string }>;
  height: number;
  theme: Theme;
};

export default function NivoLine({ series, height, theme }: NivoLineProps) {
  const data = useMemo<NivoSeries[]>(
    () => series.map((s) => ({ id: s.id, data: s.points.map((p) => ({ x: p.x, y: p.y })) })),
    [series],
  );
  const colorById = useMemo(() => new Map(series.map((s) => [s.id, s.color])), [series]);
  const labelById = useMemo(() => new Map(series.map((s) => [s.id, s.label])), [series]);
  const maxY = Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.y)));
  // Whole-number ticks: counts never have fractions, and a flat zero line still gets an axis.
  const top = Math.max(4, Math.ceil(maxY * 1.15));
  const step = Math.max(1, Math.ceil(top / 4));
  const ticks = Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);

  const chartTheme = useMemo(
    () => ({
      text: { fontFamily: theme.typography.fontFamily, fontSize: 12, fill: theme.palette.text.secondary },
      axis: { ticks: { line: { stroke: 'transparent' }, text: { fill: theme.palette.text.secondary } } },
      grid: { line: { stroke: theme.palette.divider, strokeDasharray: '4 4' } },
      crosshair: { line: { stroke: theme.palette.text.secondary, strokeOpacity: 0.35 } },
    }),
    [theme],
  );

  function SliceTooltip({ slice }: SliceTooltipProps<NivoSeries>) {
    return (
      <Paper elevation={3} sx={{ px: 1.5, py: 1, minWidth: 160 }}>
        <Typography variant="body2" sx={{ fontWeight: 650, mb: 0.5 }}>
          {slice.points[0]?.data.xFormatted}
        </Typography>
        {slice.points.map((point) => (
          <Box key={point.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: point.seriesColor }} />
            <Typography variant="muted" sx={{ flex: 1 }}>
              {labelById.get(String(point.seriesId))}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 650 }}>
              {point.data.yFormatted}
            </Typography>
          </Box>
        ))}
      </Paper>
    );
  }

  return (
    <Box sx={{ height, width: '100%' }}>
      <ResponsiveLine<NivoSeries>
        data={data}
        margin={{ top: 12, right: 16, bottom: 32, left: 36 }}
        xScale={{ type: 'point' }}
        yScale={{ type: 'linear', min: 0, max: ticks.at(-1) ?? top }}
        curve="monotoneX"
        colors={(s) => colorById.get(s.id) ?? theme.palette.primary.main}
        lineWidth={3}
        pointSize={8}
        pointColor={theme.palette.background.paper}
        pointBorderWidth={2}
        pointBorderColor={{ from: 'seriesColor' }}
        enableArea
        areaOpacity={0.06}
        enableGridX={false}
        gridYValues={ticks}
        axisLeft={{ tickValues: ticks, tickPadding: 8 }}
        axisBottom={{ tickPadding: 10 }}
        enableSlices="x"
        sliceTooltip={SliceTooltip}
        theme={chartTheme}
        animate={false}
        role="presentation"
      />
    </Box>
  );
}
