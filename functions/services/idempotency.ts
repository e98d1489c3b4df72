// A write run at most once per agent and Idempotency-Key (functions/http/idempotency.ts gives it its HTTP shape): the
// key is claimed before the write runs, the answer kept once it has one, and the claim given up when it has none.
import { claimIdempotencyKey, keepIdempotentAnswer, releaseIdempotencyKey, type KeptAnswer } from '../data/idempotency';

export type { KeptAnswer };

export type OnceOutcome<T> =
  | { kind: 'ran'; result: T }
  | { kind: 'replayed'; answer: KeptAnswer }
  /** The key was used for another request (another route, object or body). */
  | { kind: 'other-request' }
  /** The first request with this key is still running. */
  | { kind: 'running' };

/**
 * Runs `run` unless this agent's `key` already answered the request `fingerprint` names. `answerOf` says what of its
 * result to keep (undefined: nothing, the key is given up and the same request may run again); a thrown error gives
 * the key up too.
 */
export async function runOnce<T>(
  agentId: string,
  key: string,
  fingerprint: string,
  run: () => Promise<T>,
  answerOf: (result: T) => KeptAnswer | undefined,
): Promise<OnceOutcome<T>> {
  const claim = await claimIdempotencyKey(agentId, key, fingerprint);
  if (claim.kind === 'answered') return { kind: 'replayed', answer: claim.answer };
  if (claim.kind !== 'claimed') return claim;
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await releaseIdempotencyKey(agentId, key, claim.claimedAt);
    throw error;
  }
  const answer = answerOf(result);
  if (answer) await keepIdempotentAnswer(agentId, key, claim.claimedAt, answer);
  else await releaseIdempotencyKey(agentId, key, claim.claimedAt);
  return { kind: 'ran', result };
}
