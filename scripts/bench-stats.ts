// The arithmetic every benchmark shares: percentiles of latency samples, and ratios to a floor.

/** The p-th percentile (nearest rank) of the samples, rounded to `digits` decimals; 0 for no samples. */
export function percentile(samples: readonly number[], p: number, digits = 2): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const scale = 10 ** digits;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * scale) / scale;
}

/** a / b to two decimals: how many times the floor `b` a figure is. */
export const ratio = (a: number, b: number): number => Math.round((a / b) * 100) / 100;
