// jobs/reviews-sync: every hour, each agent connected to Google syncs what they turned on: the Business Profile
// location's reviews as POST /api/reviews/sync does (newest updated first, down to the last sync, with suggestions for
// who wrote the new ones), their contacts as POST /api/google/contacts/sync does, their calendar both ways as POST
// /api/google/calendar/sync does (the watch channel renewed a day before it ends, the agent's calendar read in full
// once a day). One agent's failure (a revoked grant, Google's quota) is logged, kept on the feature, and the others
// go on.
//
// The run works to the function's time: it stops STOP_BEFORE_TIMEOUT_MS before the timeout, an agent's sync between
// two pages of reviews (keeping its page to go on from: services/google-reviews.ts) and the run before the next agent.
// The agents come least recently synced first, so the next hourly run begins where this one stopped.
import type { Context } from 'aws-lambda';
import { connectedAgents, getConnection } from '../data/google-connections';
import { getUserById } from '../data/users';
import { isRefusal } from '../domain/refusals';
import { GoogleBusinessError } from '../integrations/google-business';
import { remainingTimeOf, UNLIMITED, type RemainingMs } from '../lib/time-budget';
import { observeJob } from '../observability/job';
import { createLogger } from '../observability/logger';
import { syncGoogleCalendar } from '../services/google-calendar-sync';
import { syncGoogleContacts } from '../services/google-contacts-sync';
import { SYNC_PAGE_TIME_MS, syncReviews } from '../services/google-reviews';
import { tellStaleFeatures } from '../services/integrations';

export type ReviewsSyncResult = {
  agents: number;
  added: number;
  updated: number;
  failed: number;
  /** Agents whose sync stopped part way for time: the next run goes on from their page. */
  unfinished: number;
  /** Agents the run had no time to begin: the next run begins with them. */
  notReached: number;
  /** Agents whose contacts, and whose calendar, were synced. */
  contacts: number;
  calendars: number;
  /** Agents e-mailed about a feature that has gone a day without a success (once per such stretch). */
  told: number;
};

/** The run stops this long before the function's timeout: the last writes and the log fit in it. */
export const STOP_BEFORE_TIMEOUT_MS = 60_000;

export const handler = observeJob('reviews-sync', (_event: unknown, context?: Context): Promise<ReviewsSyncResult> =>
  syncEveryAgent(remainingTimeOf(context)),
);

/** One run over every connected agent, within `remainingMs` (the function's time left; unlimited when not given). */
export async function syncEveryAgent(
  remainingMs: RemainingMs = UNLIMITED,
  now: () => Date = () => new Date(),
): Promise<ReviewsSyncResult> {
  const log = createLogger({ job: 'reviews-sync' });
  const result: ReviewsSyncResult = {
    agents: 0,
    added: 0,
    updated: 0,
    failed: 0,
    unfinished: 0,
    notReached: 0,
    contacts: 0,
    calendars: 0,
    told: 0,
  };
  // The time this run may still use.
  const budget = () => remainingMs() - STOP_BEFORE_TIMEOUT_MS;
  const agentIds = await connectedAgents();
  for (const [index, agentId] of agentIds.entries()) {
    if (budget() < SYNC_PAGE_TIME_MS) {
      result.notReached = agentIds.length - index;
      break;
    }
    result.agents += 1;
    const failed = (what: string) => (error: unknown) => {
      if (!(error instanceof GoogleBusinessError)) throw error;
      result.failed += 1;
      log.warn(`${what} sync failed for an agent`, { agentId, reason: error.reason });
    };
    await syncReviews({ id: agentId }, now(), { remainingMs: budget }).then((synced) => {
      if (isRefusal(synced)) return;
      result.added += synced.added;
      result.updated += synced.updated;
      if (!synced.complete) result.unfinished += 1;
    }, failed('reviews'));
    await syncFeatures(agentId, result, now, failed);
  }
  log.info('reviews synced', { ...result });
  return result;
}

/** The agent's contacts and calendar, each when it is on (contacts once imported), each failing on its own. */
async function syncFeatures(
  agentId: string,
  result: ReviewsSyncResult,
  now: () => Date,
  failed: (what: string) => (error: unknown) => void,
): Promise<void> {
  const connection = await getConnection(agentId);
  const contacts =
    connection?.contactsFeature?.syncToken !== undefined && connection.contactsFeature.syncToken !== null;
  if (!contacts && !connection?.calendarFeature) return;
  const agent = await getUserById(agentId);
  if (!agent) return;
  if (contacts)
    await syncGoogleContacts(agent, now()).then((synced) => {
      if (!isRefusal(synced)) result.contacts += 1;
    }, failed('contacts'));
  if (connection?.calendarFeature)
    await syncGoogleCalendar(agent, now()).then((synced) => {
      if (!isRefusal(synced)) result.calendars += 1;
    }, failed('calendar'));
  // A day without a success: the agent is told once (the banner and the digest say it every day).
  result.told += (await tellStaleFeatures(agent, now())).length;
}
