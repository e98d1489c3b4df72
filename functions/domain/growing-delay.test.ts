import { delayAfterFailures, type GrowingDelay } from './growing-delay';

const policy: GrowingDelay = { free: 5, firstDelaySeconds: 60, maxDelaySeconds: 15 * 60 };

describe('growing delay after failures', () => {
  it('asks for no wait while failures in a row stay under the free allowance', () => {
    expect([0, 1, 4].map((n) => delayAfterFailures(policy, n))).toEqual([0, 0, 0]);
  });

  it('doubles the wait with each failure past the allowance, up to the cap', () => {
    expect([5, 6, 7, 8, 9, 10, 50, 10_000].map((n) => delayAfterFailures(policy, n))).toEqual([
      60, 120, 240, 480, 900, 900, 900, 900,
    ]);
  });
});
