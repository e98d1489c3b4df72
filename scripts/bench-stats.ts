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

/** Each measured thing's row at the small and at the big book (none when only one size ran), in first-seen order. */
export function pairsBySize<R extends { what: string; book: number }>(
  rows: readonly R[],
  small: number | undefined,
  big: number | undefined,
): Array<{ what: string; small: R; big: R }> {
  if (big === undefined) return [];
  return [...new Set(rows.map((r) => r.what))].map((what) => ({
    what,
    small: rows.find((r) => r.what === what && r.book === small)!,
    big: rows.find((r) => r.what === what && r.book === big)!,
  }));
}

/** The change from a to b as a signed whole percentage ("+4%", "-12%"). */
export const change = (a: number, b: number): string => `${b >= a ? '+' : ''}${Math.round(((b - a) / a) * 100)}%`;
