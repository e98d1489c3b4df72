// How long to wait after failures in a row: nothing for the first few, then a delay that doubles
// with each further failure up to a cap. Throttles built on it slow guessing without ever locking
// anyone out for longer than the cap.

export type GrowingDelay = {
  /** Failures in a row allowed without waiting. */
  free: number;
  /** The wait after the `free`-th failure; each further failure doubles it. */
  firstDelaySeconds: number;
  /** The longest wait, however many failures. */
  maxDelaySeconds: number;
};

/** Seconds to wait before the next attempt once `failures` attempts in a row have failed. */
export function delayAfterFailures(policy: GrowingDelay, failures: number): number {
  if (failures < policy.free) return 0;
  // The cap applies long before 40 doublings; bounding the exponent keeps absurd counts finite.
  const doublings = Math.min(failures - policy.free, 40);
  return Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** doublings);
}
