// The fixed-window limits of the use cases (functions/data/throttle.ts), told as the refusal their callers answer.
import { hitLimit, type Limit } from '../data/throttle';
import type { Limited, RateLimited } from '../domain/refusals';

/** Counts one more `what` against `limit`: the `rate-limited` refusal when it is over `max`, else undefined. */
export async function overLimit<W extends Limited>(
  what: W,
  limit: Limit,
  nowMs?: number,
): Promise<RateLimited<W> | undefined> {
  const state = await hitLimit(limit, nowMs);
  return state.limited
    ? { kind: 'rate-limited', what, max: limit.max, retryAfterSeconds: state.retryAfterSeconds }
    : undefined;
}
