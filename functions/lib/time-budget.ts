// How long an invocation has left (Lambda's getRemainingTimeInMillis), so work that could outlast the function stops a
// margin before its timeout and says where it got to, instead of being cut off in the middle of a step.
import type { Context } from 'aws-lambda';

/** Milliseconds the invocation has left; a test passes its own to stop a run wherever it likes. */
export type RemainingMs = () => number;

/** No limit: a script, or a caller that gives none. */
export const UNLIMITED: RemainingMs = () => Number.POSITIVE_INFINITY;

/** The time the Lambda invocation has left; without a context (a script, a direct call), no limit. */
export function remainingTimeOf(context?: Partial<Pick<Context, 'getRemainingTimeInMillis'>>): RemainingMs {
  const remaining = context?.getRemainingTimeInMillis;
  return typeof remaining === 'function' ? () => remaining.call(context) : UNLIMITED;
}

/** A step was not started because the invocation's time was running out: the caller continues it later. */
export class OutOfTimeError extends Error {
  override name = 'OutOfTimeError';
  constructor(what: string) {
    super(`Stopped before ${what}: the invocation's time is running out`);
  }
}
