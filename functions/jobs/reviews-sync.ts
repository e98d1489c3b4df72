// jobs/reviews-sync: every hour, each agent with a Business Profile location syncs their reviews as POST
// /api/reviews/sync does (newest updated first, down to the last sync) and gets suggestions for who wrote the new
// ones. One agent's failure (a revoked grant, Google's quota) is logged and the others go on.
import { connectedAgents } from '../data/google-reviews';
import { isRefusal } from '../domain/refusals';
import { GoogleBusinessError } from '../integrations/google-business';
import { observeJob } from '../observability/job';
import { createLogger } from '../observability/logger';
import { syncReviews } from '../services/google-reviews';

export type ReviewsSyncResult = { agents: number; added: number; updated: number; failed: number };

export const handler = observeJob('reviews-sync', async (): Promise<ReviewsSyncResult> => {
  const log = createLogger({ job: 'reviews-sync' });
  const result: ReviewsSyncResult = { agents: 0, added: 0, updated: 0, failed: 0 };
  for (const agentId of await connectedAgents()) {
    result.agents += 1;
    try {
      const synced = await syncReviews({ id: agentId });
      if (isRefusal(synced)) continue;
      result.added += synced.added;
      result.updated += synced.updated;
    } catch (error) {
      if (!(error instanceof GoogleBusinessError)) throw error;
      result.failed += 1;
      log.warn('reviews sync failed for an agent', { agentId, reason: error.reason });
    }
  }
  log.info('reviews synced', { ...result });
  return result;
});
