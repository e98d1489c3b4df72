// A home's value rolled forward by a house price index, as a range, never one figure: the price × the index's change
// from the purchase's quarter to the latest, the most local series that covers both quarters first (the candidates
// come most local first). FHFA publishes no standard error with its state and three-digit ZIP files, so the width
// comes from the series itself: σ, the standard deviation of its quarterly log changes over its whole stored history,
// grown as a random walk over the quarters since the purchase (plus the noise of the two quarters read), at 90%:
// half-width = 1.645 · σ · √(quarters + 2) in log terms. Pure: the series are read by functions/data/home-values.ts.
import type { HomeValueGeo } from '@shared/home-value';
import type { HomeValueUnavailable } from './refusals';

/** `YYYYQn`, as FHFA's files number their quarters (year, quarter 1–4). */
export type Quarter = string;

export type IndexSeries = {
  geo: HomeValueGeo;
  /** The quarter of `values[0]`. */
  first: Quarter;
  /** One index value per quarter from `first`; null where the file has none. */
  values: ReadonlyArray<number | null>;
  /** The last quarter of the release the series comes from (a discontinued series stops before it). */
  through: Quarter;
  fetchedAt: string;
};

export type HomeValueEstimate = {
  series: IndexSeries;
  fromQuarter: Quarter;
  /** Index at the latest quarter / index at the purchase's. */
  ratio: number;
  /** The range's factors on the price (low < ratio < high). */
  lowFactor: number;
  highFactor: number;
};

/** z of a two-sided 90% band. */
export const RANGE_Z = 1.645;

const QUARTER = /^(\d{4})Q([1-4])$/;
export const quarterNumber = (quarter: Quarter): number => {
  const match = QUARTER.exec(quarter);
  if (!match) throw new Error(`Not a quarter: ${quarter}`);
  return Number(match[1]) * 4 + Number(match[2]) - 1;
};
export const quarterFromNumber = (n: number): Quarter => `${Math.floor(n / 4)}Q${(n % 4) + 1}`;
/** The quarter a date (`YYYY-MM-DD`) falls in. */
export const quarterOf = (date: string): Quarter =>
  `${date.slice(0, 4)}Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

export function valueAt(series: IndexSeries, quarter: Quarter): number | undefined {
  const value = series.values[quarterNumber(quarter) - quarterNumber(series.first)];
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/** Whether the series has a value for the purchase's quarter and for its release's last quarter. */
export const coversQuarter = (series: IndexSeries, quarter: Quarter): boolean =>
  valueAt(series, quarter) !== undefined && valueAt(series, series.through) !== undefined;

/** The standard deviation of the series' quarterly log changes (consecutive quarters with values only). */
export function quarterlyVolatility(values: ReadonlyArray<number | null>): number {
  const changes: number[] = [];
  for (let i = 1; i < values.length; i += 1) {
    const [a, b] = [values[i - 1], values[i]];
    if (typeof a === 'number' && typeof b === 'number' && a > 0 && b > 0) changes.push(Math.log(b / a));
  }
  if (changes.length < 2) return 0;
  const mean = changes.reduce((sum, x) => sum + x, 0) / changes.length;
  return Math.sqrt(changes.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (changes.length - 1));
}

/**
 * The estimate from the first candidate (most local first) that covers the purchase's quarter, or why none does: no
 * candidate at all, the purchase before every series starts, or after the latest quarter any reaches.
 */
export function estimateHomeValue(
  candidates: readonly IndexSeries[],
  purchaseDate: string,
): HomeValueEstimate | HomeValueUnavailable {
  if (candidates.length === 0) return { kind: 'home-value-unavailable', reason: 'no-index-for-area' };
  const fromQuarter = quarterOf(purchaseDate);
  const series = candidates.find((candidate) => coversQuarter(candidate, fromQuarter));
  if (!series) {
    const through = candidates
      .map((c) => c.through)
      .sort()
      .at(-1)!;
    if (quarterNumber(fromQuarter) > quarterNumber(through))
      return { kind: 'home-value-unavailable', reason: 'purchase-after-series', through };
    const starts = candidates.map(firstValued).filter((q): q is Quarter => q !== undefined);
    const first = starts.sort((a, b) => quarterNumber(a) - quarterNumber(b))[0];
    if (first === undefined) return { kind: 'home-value-unavailable', reason: 'no-index-for-area' };
    return { kind: 'home-value-unavailable', reason: 'purchase-before-series', first, through };
  }
  const ratio = valueAt(series, series.through)! / valueAt(series, fromQuarter)!;
  const quarters = Math.max(0, quarterNumber(series.through) - quarterNumber(fromQuarter));
  const halfWidth = RANGE_Z * quarterlyVolatility(series.values) * Math.sqrt(quarters + 2);
  return {
    series,
    fromQuarter,
    ratio,
    lowFactor: ratio * Math.exp(-halfWidth),
    highFactor: ratio * Math.exp(halfWidth),
  };
}

function firstValued(series: IndexSeries): Quarter | undefined {
  const index = series.values.findIndex((value) => typeof value === 'number' && value > 0);
  return index < 0 ? undefined : quarterFromNumber(quarterNumber(series.first) + index);
}

/** The range in whole dollars, each end rounded to the nearest thousand: the price × the estimate's factors. */
export function priceRange(estimate: HomeValueEstimate, price: number): { low: number; high: number } {
  return {
    low: Math.round((price * estimate.lowFactor) / 1000) * 1000,
    high: Math.round((price * estimate.highFactor) / 1000) * 1000,
  };
}

/** The index's change since the purchase in percent, one decimal. */
export const changePercent = (estimate: HomeValueEstimate): number => Math.round((estimate.ratio - 1) * 1000) / 10;

/** The series' change over its last year (the four quarters to its latest), in percent, one decimal; null without. */
export function yearChangePercent(series: IndexSeries): number | null {
  const latest = valueAt(series, series.through);
  const yearBefore = valueAt(series, quarterFromNumber(quarterNumber(series.through) - 4));
  return latest && yearBefore ? Math.round((latest / yearBefore - 1) * 1000) / 10 : null;
}
