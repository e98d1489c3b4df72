// What a line chart draws: read by the chart (line-chart.tsx) and by the library's chunk it loads (internal/).
export type LineChartPoint = { x: string; y: number };

export type LineChartSeries = {
  id: string;
  /** Shown in the legend and the tooltip. */
  label: string;
  /** Any CSS colour; defaults to the theme's palette in order. */
  color?: string;
  points: readonly LineChartPoint[];
};
