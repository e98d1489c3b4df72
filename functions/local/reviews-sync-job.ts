// The Google reviews sync on this machine: the same job handler as the stack's hourly schedule, in its own function's
// scope under the twin; the server runs it every hour at half past (as the stack does), and
// `POST /local/jobs/reviews-sync` runs it now.
import { handler, type ReviewsSyncResult } from '../jobs/reviews-sync';
import { runAsJob } from './job-scopes';
import { everyHour } from './reminders-job';

export function runReviewsSync(): Promise<ReviewsSyncResult> {
  return runAsJob('reviews-sync', () => handler(undefined));
}

export function startHourlyReviewsSync(onError: (error: unknown) => void): () => void {
  return everyHour(runReviewsSync, onError, 30 * 60_000);
}
