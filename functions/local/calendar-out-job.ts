// The calendar-out job on this machine: run as the template's schedule invokes it (its payload), in its own function's
// scope under the twin, and only when the template has such a schedule; the server runs it every two minutes, as the
// stack does, and `POST /local/jobs/calendar-out` runs it now.
import { CALENDAR_OUT_PERIOD_MS, handler, type CalendarOutResult } from '../jobs/calendar-out';
import { runScheduledJob } from './job-scopes';
import { everyPeriod } from './reminders-job';
import type { NotDelivered } from './twin/deliveries';

export function runCalendarOut(at = new Date()): Promise<CalendarOutResult | NotDelivered> {
  return runScheduledJob('calendar-out', handler, at);
}

export function startCalendarOut(onError: (error: unknown) => void): () => void {
  return everyPeriod(CALENDAR_OUT_PERIOD_MS, () => runCalendarOut(), onError);
}
