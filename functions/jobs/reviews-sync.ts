// jobs/reviews-sync: every hour, each agent with a Business Profile location syncs their reviews as POST
// /api/reviews/sync does (newest updated first, down to the last sync) and gets suggestions for who wrote the new
// ones. One agent's failure (a revoked grant, Google's quota) is logged and the others go on.
//
// The run works to the function's time: it stops STOP_BEFORE_TIMEOUT_MS before the timeout, an agent's sync between
// two pages of reviews (keeping its page to go on from: services/google-reviews.ts) and the run before the next agent.
// The agents come least recently synced first, so the next hourly run begins where this one stopped.
import type { Context } from 'aws-lambda';
import { connectedAgents } from '../data/google-connections';
import { isRefusal } from '../domain/refusals';
import { GoogleBusinessError } from '../integrations/google-business';
import { remainingTimeOf, UNLIMITED, type RemainingMs } from '../lib/time-budget';
import { observeJob } from '../observability/job';
import { createLogger } from '../observability/logger';
import { SYNC_PAGE_TIME_MS, syncReviews } from '../services/google-reviews';

export type ReviewsSyncResult = {
  agents: number;
  added: number;
  updated: number;
  failed: number;
  /** Agents whose sync stopped part way for time: the next run goes on from their page. */
  unfinished: number;
  /** Agents the run had no time to begin: the next run begins with them. */
  notReached: number;
};

/** The run stops this long before the function's timeout: the last writes and the log fit in it. */
export const STOP_BEFORE_TIMEOUT_MS = 60_000;

export const handler = observeJob('reviews-sync', (_event: unknown, context?: Context): Promise<ReviewsSyncResult> =>
  syncEveryAgent(remainingTimeOf(context)),
);

/** One run over every connected agent, within `remainingMs` (the function's time left; unlimited when not given). */
export async function syncEveryAgent(remainingMs: RemainingMs = UNLIMITED): Promise<ReviewsSyncResult> {
  const log = createLogger({ job: 'reviews-sync' });
  const result: ReviewsSyncResult = { agents: 0, added: 0, updated: 0, failed: 0, unfinished: 0, notReached: 0 };
  // The time this run may still use.
  const budget = () => remainingMs() - STOP_BEFORE_TIMEOUT_MS;
  const agentIds = await connectedAgents();
  for (const [index, agentId] of agentIds.entries()) {
    if (budget() < SYNC_PAGE_TIME_MS) {
      result.notReached = agentIds.length - index;
      break;
    }
    result.agents += 1;
    try {
      const synced = await syncReviews({ id: agentId }, new Date(), { remainingMs: budget });
      if (isRefusal(synced)) continue;
      result.added += synced.added;
      result.updated += synced.updated;
      if (!synced.complete) result.unfinished += 1;
    } catch (error) {
      if (!(error instanceof GoogleBusinessError)) throw error;
      result.failed += 1;
      log.warn('reviews sync failed for an agent', { agentId, reason: error.reason });
    }
  }
  log.info('reviews synced', { ...result });
  return result;
}
