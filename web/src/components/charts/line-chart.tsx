// The app's one line chart: pages pass series and a height, never touch the chart library. The
// library (@nivo/line) loads in its own chunk when the chart first comes near the viewport (charts
// sit below the fold on a phone); the chart fills its container's width.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Component, lazy, Suspense, useMemo, type ReactNode } from 'react';
import { PlainList } from '@/components/ui/plain-list';
import { useNearViewport } from '@/lib/use-near-viewport';
import { VISUALLY_HIDDEN } from '../ui/visually-hidden';
import type { LineChartSeries } from './series';

export type { LineChartSeries };

type LineChartProps = {
  /** Undefined while the data loads: a placeholder of the chart's height stands in. */
  series: readonly LineChartSeries[] | undefined;
  /** Height in px; the width follows the container. */
  height?: number;
  /** What the chart shows, for screen readers (the data also comes as a hidden table). */
  ariaLabel: string;
  /** Draw a legend under the chart (on by default when there is more than one series). */
  showLegend?: boolean;
};

const NivoLine = lazy(() => import('./internal/nivo-line'));

export function LineChart({ series, height = 280, ariaLabel, showLegend }: LineChartProps) {
  const theme = useTheme();
  const colored = useMemo(() => {
    const palette = [
      theme.palette.primary.main,
      theme.palette.secondary.main,
      theme.palette.info.main,
      theme.palette.success.main,
    ];
    return (series ?? []).map((s, i) => ({ ...s, color: s.color ?? palette[i % palette.length]! }));
  }, [series, theme]);
  const legend = showLegend ?? colored.length > 1;
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const placeholder = <Skeleton variant="rounded" height={height} aria-hidden="true" />;

  // One box from the first render on, loading or not: the viewport watch is bound to it when it mounts.
  return (
    <Box sx={{ position: 'relative' }}>
      <Box ref={ref} role="img" aria-label={ariaLabel} data-chart="" sx={{ height, width: '100%', minWidth: 0 }}>
        {series && near ? (
          <ChartBoundary height={height}>
            <Suspense fallback={placeholder}>
              <NivoLine series={colored} height={height} theme={theme} />
            </Suspense>
          </ChartBoundary>
        ) : (
          placeholder
        )}
      </Box>
      {legend ? (
        <PlainList
          aria-hidden="true"
          sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 2.5, mt: 1.5 }}
        >
          {colored.map((s) => (
            <Box component="li" key={s.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: s.color }} />
              <Typography variant="muted">{s.label}</Typography>
            </Box>
          ))}
        </PlainList>
      ) : null}
      {series ? <DataTable series={colored} caption={ariaLabel} /> : null}
    </Box>
  );
}

/** The numbers behind the chart, for screen readers. */
function DataTable({ series, caption }: { series: readonly LineChartSeries[]; caption: string }) {
  const xs = series[0]?.points.map((p) => p.x) ?? [];
  return (
    <Box component="table" sx={VISUALLY_HIDDEN}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {/* the empty corner: a data cell, since an empty header names nothing (axe empty-table-header) */}
          <td />
          {series.map((s) => (
            <th scope="col" key={s.id}>
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {xs.map((x, row) => (
          <tr key={x}>
            <th scope="row">{x}</th>
            {series.map((s) => (
              <td key={s.id}>{s.points[row]?.y ?? ''}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** A chart that fails to load (an old chunk after a deploy, a blocked script) leaves the page standing. */
class ChartBoundary extends Component<{ height: number; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box
        sx={{
          height: this.props.height,
          display: 'grid',
          placeItems: 'center',
          borderRadius: 2,
          bgcolor: 'background.default',
        }}
      >
        <Typography variant="muted">The chart could not be shown. Reload the page to try again.</Typography>
      </Box>
    );
  }
}
