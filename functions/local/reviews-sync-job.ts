// The Google reviews sync on this machine: run as the template's schedule invokes it (its payload), in its own
// function's scope under the twin, and only when the template has such a schedule; the server runs it every hour at
// the schedule's minute (half past, as the stack does), and `POST /local/jobs/reviews-sync` runs it now.
import { handler, type ReviewsSyncResult } from '../jobs/reviews-sync';
import { jobFunction, runAsJob } from './job-scopes';
import { everyHour, scheduledMinute } from './reminders-job';
import { notDelivered, schedulerPayload, type NotDelivered } from './twin/deliveries';

export async function runReviewsSync(at = new Date()): Promise<ReviewsSyncResult | NotDelivered> {
  const schedules = jobFunction('reviews-sync')?.triggers.schedules;
  if (schedules?.length === 0) return notDelivered('No schedule of the template invokes jobs/reviews-sync');
  let result: ReviewsSyncResult | undefined;
  for (const schedule of schedules ?? [undefined])
    result = await runAsJob('reviews-sync', () => handler(schedule ? schedulerPayload(schedule, at) : {}));
  return result!;
}

export function startHourlyReviewsSync(onError: (error: unknown) => void): () => void {
  return everyHour(() => runReviewsSync(), onError, scheduledMinute('reviews-sync', 30) * 60_000);
}
