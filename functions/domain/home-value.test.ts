// The home value's rules at their lowest layer: which series an estimate uses (the most local that covers the
// purchase's quarter and its release's last), the refusals when none does, the range's width, and that the estimate
// is the price times factors of the index alone (linear in the price). The series here are made up; the real
// extract is read by hpi-files.test.ts and the API tests.
import fc from 'fast-check';
import type { HomeValueGeoLevel } from '@shared/home-value';
import {
  changePercent,
  estimateHomeValue,
  priceRange,
  quarterOf,
  quarterlyVolatility,
  RANGE_Z,
  type HomeValueEstimate,
  type IndexSeries,
} from './home-value';

/** A series of `level` from `first`, one value a quarter (null: none that quarter), its release ending at `through`. */
function series(
  level: HomeValueGeoLevel,
  first: string,
  values: Array<number | null>,
  through = '2024Q4',
): IndexSeries {
  return { geo: { level, code: level, label: level }, first, values, through, fetchedAt: '2025-03-01T09:00:00.000Z' };
}
/** Quarters from `first` to 2024Q4 rising 1% a quarter from 100. */
const rising = (level: HomeValueGeoLevel, first: string, from = 1991) =>
  series(
    level,
    first,
    Array.from({ length: (2024 - from + 1) * 4 - (Number(first.at(-1)) - 1) }, (_, i) => 100 * 1.01 ** i),
  );

const zip3 = rising('zip3', '1995Q1', 1995);
const metro = rising('metro', '1995Q1', 1995);
const state = rising('state', '1991Q1');
/** A ZIP area whose index stopped (no value for its release's last quarter). */
const stopped = series('zip3', '1995Q1', [...zip3.values.slice(0, -1), null]);

const levelUsed = (outcome: ReturnType<typeof estimateHomeValue>) =>
  'kind' in outcome ? outcome.reason : outcome.series.geo.level;

describe('the series an estimate uses', () => {
  it.each([
    ['the ZIP area, when its index covers the purchase', [zip3, state], '2010-06-15', 'zip3'],
    ["FHFA's metro index reported for the ZIP area", [metro, state], '2010-06-15', 'metro'],
    ['the state, for a purchase before the ZIP index starts (1995)', [zip3, state], '1993-03-01', 'state'],
    ['the state, when the ZIP index has no value for its last quarter', [stopped, state], '2010-06-15', 'state'],
    ['the state, when the area has no index', [state], '2010-06-15', 'state'],
    ['the ZIP area, bought in the release’s last quarter', [zip3, state], '2024-11-30', 'zip3'],
  ])('%s', (_case, candidates, purchaseDate, level) => {
    expect(levelUsed(estimateHomeValue(candidates, purchaseDate))).toBe(level);
  });
});

describe('no estimate', () => {
  it.each([
    ['no index covers the area', [], '2010-06-15', { reason: 'no-index-for-area' }],
    [
      'the purchase is before every series starts',
      [zip3, state],
      '1990-12-31',
      { reason: 'purchase-before-series', first: '1991Q1', through: '2024Q4' },
    ],
    [
      'the purchase is before the only series starts',
      [zip3],
      '1994-12-31',
      { reason: 'purchase-before-series', first: '1995Q1' },
    ],
    [
      'the purchase is after the latest quarter (an upcoming closing)',
      [zip3, state],
      '2025-01-02',
      { reason: 'purchase-after-series', through: '2024Q4' },
    ],
  ])('when %s', (_case, candidates, purchaseDate, refusal) => {
    expect(estimateHomeValue(candidates, purchaseDate)).toMatchObject({ kind: 'home-value-unavailable', ...refusal });
  });
});

describe('the estimate', () => {
  it('rolls the price by the index from the purchase’s quarter to the latest', () => {
    const estimate = estimateHomeValue([zip3], '2014-02-10') as HomeValueEstimate;
    expect(estimate.fromQuarter).toBe('2014Q1');
    // 2014Q1 to 2024Q4 is 43 quarters of 1%.
    expect(estimate.ratio).toBeCloseTo(1.01 ** 43, 10);
    expect(changePercent(estimate)).toBe(53.4);
  });

  it('is a range around the roll-forward, wider the longer ago the purchase', () => {
    const volatile = series(
      'zip3',
      '2015Q1',
      Array.from({ length: 40 }, (_, i) => 100 + (i % 2 ? 3 : -3) + i),
    );
    const recent = estimateHomeValue([volatile], '2023-05-01') as HomeValueEstimate;
    const older = estimateHomeValue([volatile], '2016-05-01') as HomeValueEstimate;
    for (const estimate of [recent, older]) {
      expect(estimate.lowFactor).toBeLessThan(estimate.ratio);
      expect(estimate.highFactor).toBeGreaterThan(estimate.ratio);
    }
    const width = (e: HomeValueEstimate) => Math.log(e.highFactor / e.lowFactor);
    expect(width(older)).toBeGreaterThan(width(recent));
    // 2023Q2 to 2024Q4: 6 quarters, so √8 times σ on each side.
    expect(width(recent)).toBeCloseTo(2 * RANGE_Z * quarterlyVolatility(volatile.values) * Math.sqrt(8), 10);
  });

  it('reads the quarter of a date', () => {
    expect(['2024-01-01', '2024-03-31', '2024-04-01', '2024-12-31'].map(quarterOf)).toEqual([
      '2024Q1',
      '2024Q1',
      '2024Q2',
      '2024Q4',
    ]);
  });
});

describe('the estimate as a price', () => {
  const purchase = fc
    .integer({ min: 1995, max: 2024 })
    .chain((year) => fc.tuple(fc.constant(year), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 })))
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  /** A quarterly index from 1995Q1 to 2024Q4: 100, then each quarter between -5% and +6%. */
  const indexValues = fc
    .array(fc.double({ min: -0.05, max: 0.06, noNaN: true }), { minLength: 119, maxLength: 119 })
    .map((changes) => changes.reduce((values, change) => [...values, values.at(-1)! * (1 + change)], [100]));

  it('scales linearly with the price: k times the price is k times the range', () => {
    fc.assert(
      fc.property(
        indexValues,
        purchase,
        fc.integer({ min: 10_000, max: 5_000_000 }),
        fc.integer({ min: 2, max: 10 }),
        (values, date, price, k) => {
          const estimate = estimateHomeValue([series('zip3', '1995Q1', values)], date) as HomeValueEstimate;
          const exact = (p: number) => [p * estimate.lowFactor, p * estimate.highFactor];
          const [low, high] = exact(price);
          const [lowK, highK] = exact(k * price);
          expect(lowK! / (k * low!)).toBeCloseTo(1, 9);
          expect(highK! / (k * high!)).toBeCloseTo(1, 9);
          // Rounded to the thousand, each end is within half a thousand of the exact one.
          const rounded = priceRange(estimate, k * price);
          expect(Math.abs(rounded.low - lowK!)).toBeLessThanOrEqual(500);
          expect(Math.abs(rounded.high - highK!)).toBeLessThanOrEqual(500);
          expect(rounded.low).toBeLessThanOrEqual(rounded.high);
        },
      ),
    );
  });
});
