// jobs/calendar-out: every two minutes, each agent whose clients changed what the app's Hearthside calendar should
// hold since the last write (a key date, a check-in's day, a name, a client added or deleted: the client record marks
// it, functions/data/calendar-out.ts) has the calendar written to Google, as POST /api/google/calendar/sync writes it
// (the agent's own calendar is read on Google's pushes and by the hourly sync). So a change reaches the agent's phone
// within minutes, and a burst of changes is one write-out.
//
// Each mark is taken before its calendar is written: a change made meanwhile marks it again for the next run, and a
// second run at the same time takes only the marks the first has not. A failure (a revoked grant, Google's quota) is
// kept on the feature as the hourly sync keeps it, and the others go on; the hourly sync writes the calendar anyway.
import type { Context } from 'aws-lambda';
import { calendarsOutDue, markCalendarOutDue, takeCalendarOutDue } from '../data/calendar-out';
import { getUserById } from '../data/users';
import { isRefusal } from '../domain/refusals';
import { GoogleBusinessError } from '../integrations/google-business';
import { remainingTimeOf, UNLIMITED, type RemainingMs } from '../lib/time-budget';
import { observeJob } from '../observability/job';
import { createLogger } from '../observability/logger';
import { syncGoogleCalendar } from '../services/google-calendar-sync';

export type CalendarOutResult = {
  /** Calendars marked when the run began (at most CALENDARS_PER_RUN). */
  due: number;
  /** Calendars written to Google. */
  written: number;
  /** Calendars whose write failed (Google's answer kept on the feature, as the hourly sync keeps it). */
  failed: number;
  /** Calendars no longer to write: Calendar turned off or Google disconnected since the mark, or the account closed. */
  skipped: number;
  /** Calendars the run had no time to begin: still marked, for the next run. */
  notReached: number;
};

/** How often the schedule runs the job (infra/constructs/jobs.ts; the local runtime's timer too). */
export const CALENDAR_OUT_PERIOD_MS = 2 * 60_000;
/** The calendars one run reads from the index: more wait for the next run. */
export const CALENDARS_PER_RUN = 100;
/** A run begins no calendar later than this before the function's timeout (one write-out of 500 events fits). */
export const CALENDAR_OUT_STOP_MS = 45_000;

export const handler = observeJob('calendar-out', (_event: unknown, context?: Context) =>
  writeDueCalendars(remainingTimeOf(context)),
);

/** One run over the marked calendars, within `remainingMs` (unlimited when not given). */
export async function writeDueCalendars(
  remainingMs: RemainingMs = UNLIMITED,
  now: () => Date = () => new Date(),
): Promise<CalendarOutResult> {
  const log = createLogger({ job: 'calendar-out' });
  const due = await calendarsOutDue(CALENDARS_PER_RUN);
  const result: CalendarOutResult = { due: due.length, written: 0, failed: 0, skipped: 0, notReached: 0 };
  for (const [index, { agentId, dueAt }] of due.entries()) {
    if (remainingMs() < CALENDAR_OUT_STOP_MS) {
      result.notReached = due.length - index;
      break;
    }
    // Taken first: a mark another run or the hourly sync took since it was listed is theirs.
    if (!(await takeCalendarOutDue(agentId, dueAt))) continue;
    const agent = await getUserById(agentId);
    if (!agent) {
      result.skipped += 1;
      continue;
    }
    try {
      const synced = await syncGoogleCalendar(agent, now(), { direction: 'out' });
      if (isRefusal(synced)) result.skipped += 1;
      else result.written += 1;
      // More than one write-out holds (a first sync of a big book): the rest go at the next run, not the next hour.
      if (!isRefusal(synced) && synced.waitingOut > 0) await markCalendarOutDue(agentId, now());
    } catch (error) {
      if (!(error instanceof GoogleBusinessError)) throw error;
      result.failed += 1;
      log.warn('calendar write failed for an agent', { agentId, reason: error.reason });
    }
  }
  if (result.due > 0) log.info('calendars written', { ...result });
  return result;
}
