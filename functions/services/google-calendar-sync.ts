// The agent's Google Calendar both ways (POST /api/google/calendar/sync, the hourly job, and each push Google sends
// when the agent's calendar changes), once Calendar is turned on:
// - Out: the app's own "Hearthside" calendar (made at the first sync) is brought to hold each client's key dates, due
//   check-ins and scheduled sends, and nothing else of the app's (functions/domain/google-calendar.ts calendarWrites).
// - In: what changed in the agent's primary calendar since the last sync (everything once a day, and when Google's
//   token expired): a meeting with exactly one client becomes a meeting on that client's timeline once it has begun (a
//   touch: Last Contact and the relationship move), one id per event, so a second read of it adds nothing; meetings
//   still to come are kept until they have. A client is found by an invitee's e-mail or a phone number in the
//   event's location.
// - Out within minutes: a client change marks the calendar, and jobs/calendar-out writes it (direction 'out').
// - The watch channel on the primary calendar is made at the first sync and replaced a day before it ends (the new
//   one first, then the old one stopped), so Google's pushes never stop.
// Google's failures are kept as the sync's last error (integrations show them), then thrown.
import type { CalendarSyncResult } from '@shared/api-types';
import type { SQSRecord } from 'aws-lambda';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { todayIn } from '@shared/dates';
import { config } from '../config';
import { takeCalendarOutDue } from '../data/calendar-out';
import { listClients } from '../data/clients';
import { deleteChannel, getChannel, hashChannelToken, putChannel } from '../data/google-channels';
import {
  getConnection,
  recordFeatureSync,
  type CalendarSyncState,
  type GoogleConnectionItem,
} from '../data/google-connections';
import { countInsights } from '../data/insights';
import { listOutgoing, putTouch } from '../data/messages';
import { getUserById } from '../data/users';
import {
  calendarWrites,
  cappedWrites,
  clientMatchers,
  meetingOf,
  needsNewChannel,
  readsInFull,
  wantedEvents,
  type ListedEvent,
  type Meeting,
} from '../domain/google-calendar';
import type { BadSignature, GoogleFeatureOff, GoogleNotConnected } from '../domain/refusals';
import { GoogleBusinessError } from '../integrations/google-business';
import {
  deleteEvent,
  GoogleCalendarError,
  insertCalendar,
  insertEvent,
  listEvents,
  patchEvent,
  stopChannel,
  watchEvents,
  type GoogleEvent,
} from '../integrations/google-calendar';
import { enqueueTask, parseTaskMessage, type CalendarSyncMessage } from '../integrations/task-queue';
import { forEachLimited } from '../lib/concurrency';
import { advanceLastContact } from './client-contact';
import { accessTokenOf } from './google-reviews';

export type CalendarSyncRefusal = GoogleNotConnected | GoogleFeatureOff;

/** The name of the calendar the app makes and owns in the agent's account. */
export const APP_CALENDAR_NAME = 'Hearthside';
/**
 * Where Google POSTs a watch channel's notifications: the channel in the path (CloudFront passes the API a short list
 * of headers, and the token's is the one the push route needs: infra/constructs/web.ts API_ORIGIN_HEADERS).
 */
export const calendarPushUrl = (channelId: string): string =>
  `${config().appUrl}/api/google/calendar/push/${channelId}`;
/** Events written at once to the app's calendar. */
const WRITE_CONCURRENCY = 4;
/** The meetings still to come that a calendar keeps; the soonest are kept. */
const UPCOMING_KEPT = 200;

type Agent = { id: string; timeZone: string };

async function listAll(
  accessToken: string,
  calendarId: string,
  syncToken?: string,
): Promise<{ events: GoogleEvent[]; nextSyncToken: string | null }> {
  const events: GoogleEvent[] = [];
  let pageToken: string | undefined;
  for (;;) {
    const page = await listEvents(accessToken, calendarId, {
      ...(syncToken ? { syncToken } : {}),
      ...(pageToken ? { pageToken } : {}),
    });
    events.push(...page.events);
    if (!page.nextPageToken) return { events, nextSyncToken: page.nextSyncToken ?? null };
    pageToken = page.nextPageToken;
  }
}

/** Brings the app's calendar to what it should hold (WRITES_PER_SYNC at most): how many it wrote, how many wait. */
async function writeOut(
  accessToken: string,
  agent: Agent,
  calendarId: string,
  clients: Awaited<ReturnType<typeof listClients>>,
  now: Date,
): Promise<{ written: number; waiting: number }> {
  const sends = (await listOutgoing(agent.id)).flatMap((message) =>
    message.status === 'scheduled' && message.sendAt && message.sendAt > now.toISOString()
      ? [{ id: message.id, clientId: message.clientId, channel: message.channel, sendAt: message.sendAt }]
      : [],
  );
  const wanted = wantedEvents(clients, sends, todayIn(agent.timeZone, now), config().appUrl);
  const { events: held } = await listAll(accessToken, calendarId);
  const writes = cappedWrites(calendarWrites(wanted, held as ListedEvent[]));
  await forEachLimited(writes.insert, WRITE_CONCURRENCY, (event) => insertEvent(accessToken, calendarId, event).then());
  await forEachLimited(writes.patch, WRITE_CONCURRENCY, ({ eventId, event }) =>
    patchEvent(accessToken, calendarId, eventId, event).then(),
  );
  await forEachLimited(writes.remove, WRITE_CONCURRENCY, (eventId) => deleteEvent(accessToken, calendarId, eventId));
  return { written: writes.insert.length + writes.patch.length + writes.remove.length, waiting: writes.waiting };
}

/** A meeting that has begun, on its client's timeline once (its id is the event's); whether it was new. */
async function logMeeting(agent: Agent, meeting: Meeting, now: Date): Promise<boolean> {
  const put = await putTouch({
    id: `gcal-${meeting.eventId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40)}`,
    agentId: agent.id,
    clientId: meeting.clientId,
    kind: 'meeting',
    note: meeting.summary ? `Google Calendar: ${meeting.summary}` : 'Google Calendar',
    date: meeting.at,
    createdAt: now.toISOString(),
  });
  if (!put) return false;
  await advanceLastContact(agent.id, meeting.clientId, meeting.at, { touch: 'meeting' });
  await countInsights(agent.id, { meeting: 1 }, new Date(meeting.at), agent.timeZone);
  return true;
}

/** The watch channel the calendar has, or a new one when it has none or it ends within a day (the old one stopped). */
async function keepWatching(
  accessToken: string,
  agentId: string,
  channel: CalendarSyncState['channel'] | undefined,
  now: Date,
): Promise<CalendarSyncState['channel']> {
  if (!needsNewChannel(channel, now)) return channel!;
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  // Kept before Google is asked: the `sync` notification Google sends at once is recognised.
  await putChannel({
    channelId: id,
    agentId,
    tokenHash: hashChannelToken(token),
    expiration: now.getTime() + 7 * 864e5,
  });
  const made = await watchEvents(accessToken, 'primary', { id, address: calendarPushUrl(id), token });
  if (channel) {
    await stopChannel(accessToken, channel);
    await deleteChannel(channel.id);
  }
  return { id: made.id, resourceId: made.resourceId, expiration: made.expiration };
}

/**
 * What a sync does: both ways; only read the agent's calendar (a push: the app's calendar did not change); or only
 * write the app's (the clients changed: jobs/calendar-out).
 */
export type SyncOptions = { full?: boolean; direction?: 'both' | 'in' | 'out' };

/**
 * Runs one calendar sync for the agent; or why not: Google not connected, or Calendar off. `full` reads the agent's
 * calendar in full whatever the day's reconcile says.
 */
export async function syncGoogleCalendar(
  agent: Agent,
  now = new Date(),
  options: SyncOptions = {},
): Promise<CalendarSyncResult | CalendarSyncRefusal> {
  const connection = await getConnection(agent.id);
  if (!connection) return { kind: 'google-not-connected' };
  const state = connection.calendarFeature;
  if (!state) return { kind: 'google-feature-off', feature: 'calendar' };
  try {
    return await runSync(agent, connection, state, now, options);
  } catch (error) {
    if (error instanceof GoogleBusinessError)
      await recordFeatureSync(agent.id, 'calendar', state.enabledAt, { lastError: error.reason });
    throw error;
  }
}

async function runSync(
  agent: Agent,
  connection: GoogleConnectionItem,
  state: NonNullable<GoogleConnectionItem['calendarFeature']>,
  now: Date,
  { full = false, direction = 'both' }: SyncOptions,
): Promise<CalendarSyncResult> {
  const accessToken = await accessTokenOf(connection);
  /** Makes the app's calendar, kept at once: a sync that fails after this never makes a second one. */
  const makeCalendar = async () => {
    const made = await insertCalendar(accessToken, { summary: APP_CALENDAR_NAME, timeZone: agent.timeZone });
    await recordFeatureSync(agent.id, 'calendar', state.enabledAt, { calendarId: made.id });
    return made.id;
  };
  const calendarId = state.calendarId ?? (await makeCalendar());
  // The clients are read after the calendar's mark is taken: a change made from here on marks it again.
  if (direction !== 'in' && connection.calendarOutDueAt)
    await takeCalendarOutDue(agent.id, connection.calendarOutDueAt);
  const clients = await listClients(agent.id);
  let out = { written: 0, waiting: 0 };
  if (direction !== 'in') {
    try {
      out = await writeOut(accessToken, agent, calendarId, clients, now);
    } catch (error) {
      // The agent deleted the Hearthside calendar in Google: it is made again and filled.
      if (!(error instanceof GoogleCalendarError && error.reason === 'calendar-gone')) throw error;
      out = await writeOut(accessToken, agent, await makeCalendar(), clients, now);
    }
  }
  if (direction === 'out') {
    // The agent's calendar, its channel and what the last full sync read stay as they are.
    await recordFeatureSync(agent.id, 'calendar', state.enabledAt, {
      lastSuccessAt: now.toISOString(),
      lastError: null,
    });
    const upcoming = state.upcoming?.length ?? 0;
    return { itemsIn: 0, itemsOut: out.written, waitingOut: out.waiting, meetings: 0, upcoming, fullSync: false };
  }

  let fullSync = full || readsInFull(state, now);
  let read: Awaited<ReturnType<typeof listAll>>;
  try {
    read = await listAll(accessToken, 'primary', fullSync ? undefined : state.syncToken!);
  } catch (error) {
    if (!(error instanceof GoogleCalendarError && error.reason === 'full-sync-required')) throw error;
    fullSync = true;
    read = await listAll(accessToken, 'primary');
  }

  const matchers = clientMatchers(clients);
  const changed = new Set(read.events.map((event) => event.id));
  // A meeting read again (moved, cancelled, its invitees changed) is judged afresh; the others wait as they were.
  const waiting = new Map((state.upcoming ?? []).filter((m) => !changed.has(m.eventId)).map((m) => [m.eventId, m]));
  for (const event of read.events) {
    const meeting = meetingOf(event as ListedEvent, matchers);
    if (meeting) waiting.set(meeting.eventId, meeting);
  }
  const begun = [...waiting.values()].filter((meeting) => meeting.at <= now.toISOString());
  let meetings = 0;
  for (const meeting of begun) {
    waiting.delete(meeting.eventId);
    if (await logMeeting(agent, meeting, now)) meetings += 1;
  }
  const upcoming = [...waiting.values()].sort((a, b) => a.at.localeCompare(b.at)).slice(0, UPCOMING_KEPT);

  const channel = await keepWatching(accessToken, agent.id, state.channel, now);
  const result: CalendarSyncResult = {
    itemsIn: read.events.length,
    itemsOut: out.written,
    waitingOut: out.waiting,
    meetings,
    upcoming: upcoming.length,
    fullSync,
  };
  await recordFeatureSync(agent.id, 'calendar', state.enabledAt, {
    syncToken: read.nextSyncToken,
    ...(fullSync ? { lastFullAt: now.toISOString() } : {}),
    channel,
    upcoming,
    lastSuccessAt: now.toISOString(),
    lastError: null,
    lastRun: result,
  });
  return result;
}

/** What a push from Google says: its channel (the address's path), and the channel's token. */
export type CalendarPush = { channelId: string; token: string };

/**
 * A notification that the agent's calendar changed: checked against the channel's token (a push anyone could send
 * otherwise), then the calendar's sync queued, so Google is answered at once. A push from a channel that is not the
 * feature's own queues nothing: one replaced since, one of a feature turned off, and a new channel's first (`sync`)
 * notice, which Google sends before the sync that asked for the channel has kept it.
 */
export async function acceptCalendarPush(push: CalendarPush): Promise<{ queued: boolean } | BadSignature> {
  const channel = CHANNEL_ID.test(push.channelId) ? await getChannel(push.channelId) : undefined;
  const given = Buffer.from(hashChannelToken(push.token), 'hex');
  if (!channel || !push.token || !timingSafeEqual(given, Buffer.from(channel.tokenHash, 'hex')))
    return { kind: 'bad-signature', reason: 'mismatch' };
  const connection = await getConnection(channel.agentId);
  if (connection?.calendarFeature?.channel?.id !== channel.channelId) return { queued: false };
  await enqueueTask({ kind: 'calendar-sync', agentId: channel.agentId });
  return { queued: true };
}

const CHANNEL_ID = /^[0-9a-f-]{36}$/;

export const parseCalendarSyncMessage = (record: Pick<SQSRecord, 'body'>) =>
  parseTaskMessage<CalendarSyncMessage>(record.body, 'calendar-sync', ['agentId']);

/** The queued sync of one push: the agent's calendar read since the last sync (the app's own is the hourly job's). */
export async function runCalendarSyncTask(message: CalendarSyncMessage): Promise<string> {
  const agent = await getUserById(message.agentId);
  if (!agent) return 'no-agent';
  try {
    const synced = await syncGoogleCalendar(agent, new Date(), { direction: 'in' });
    return 'kind' in synced ? synced.kind : 'synced';
  } catch (error) {
    if (error instanceof GoogleBusinessError) return error.reason;
    throw error;
  }
}
