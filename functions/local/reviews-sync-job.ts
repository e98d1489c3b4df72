// The Google reviews sync on this machine: run as the template's schedule invokes it (its payload), in its own
// function's scope under the twin, and only when the template has such a schedule; the server runs it every hour at
// the schedule's minute (half past, as the stack does), and `POST /local/jobs/reviews-sync` runs it now.
import { handler, type ReviewsSyncResult } from '../jobs/reviews-sync';
import { runScheduledJob } from './job-scopes';
import { everyHour, scheduledMinute } from './reminders-job';
import type { NotDelivered } from './twin/deliveries';

export function runReviewsSync(at = new Date()): Promise<ReviewsSyncResult | NotDelivered> {
  return runScheduledJob('reviews-sync', handler, at);
}

export function startHourlyReviewsSync(onError: (error: unknown) => void): () => void {
  return everyHour(() => runReviewsSync(), onError, scheduledMinute('reviews-sync', 30) * 60_000);
}
