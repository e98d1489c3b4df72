// Google Calendar API through its documented REST paths with plain HTTPS, on the access token of the agent's Google
// connection (the calendar feature's scopes, functions/integrations/google-business.ts FEATURE_SCOPES): the app's own
// "Hearthside" calendar created and its events written, a calendar's events listed in full or since a sync token,
// and the watch channels that say when a calendar changed. Google's own endpoints unless GOOGLE_API_BASE_URL points
// at the local fake (functions/local/fake-google-calendar.ts). Facts relied on (DESIGN §15): the sync token only on
// the last page, a 410 means wipe and list everything again, deleted events come as `status: 'cancelled'`, a channel
// lasts at most about a week and is never renewed (a new one is made before it ends, then the old one stopped).
import { googleCall, googleEndpoints, googleFailure } from './google-business';

/** The most events one page of a list holds. */
export const EVENTS_PAGE_MAX = 2500;

type EventTime = { date?: string; dateTime?: string; timeZone?: string };
/** A Calendar API Event, as far as the app reads and writes it. */
export type GoogleEvent = {
  id: string;
  etag?: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  start?: EventTime;
  end?: EventTime;
  attendees?: { email?: string; responseStatus?: string; self?: boolean }[];
  extendedProperties?: { private?: Record<string, string> };
  updated?: string;
};
export type NewEvent = Omit<GoogleEvent, 'id' | 'etag' | 'status' | 'updated'> & { start: EventTime; end: EventTime };
export type EventsPage = { events: GoogleEvent[]; nextPageToken?: string; nextSyncToken?: string };
export type WatchChannel = { id: string; resourceId: string; expiration: number; token?: string };

/**
 * Google's 410 on a sync token (`full-sync-required`: everything kept from that calendar is to be wiped and listed
 * again), or its 404 on listing a calendar's events (`calendar-gone`: the agent deleted the calendar).
 */
export class GoogleCalendarError extends Error {
  override name = 'GoogleCalendarError';
  constructor(
    readonly reason: 'full-sync-required' | 'calendar-gone',
    message: string,
  ) {
    super(message);
  }
}

/** Creates a secondary calendar the app owns (`calendar.app.created` lets it write there and nowhere else). */
export async function insertCalendar(
  accessToken: string,
  calendar: { summary: string; timeZone?: string },
): Promise<{ id: string; summary: string }> {
  const body = await calendarJson<{ id?: unknown; summary?: unknown }>(accessToken, 'calendars', 'POST', calendar);
  if (typeof body.id !== 'string') throw googleFailure(502, body);
  return { id: body.id, summary: typeof body.summary === 'string' ? body.summary : calendar.summary };
}

/** One page of a calendar's events: all of them, or what changed since `syncToken` (deleted ones cancelled). */
export async function listEvents(
  accessToken: string,
  calendarId: string,
  { syncToken, pageToken, pageSize = EVENTS_PAGE_MAX }: { syncToken?: string; pageToken?: string; pageSize?: number },
): Promise<EventsPage> {
  const query = new URLSearchParams({
    maxResults: String(Math.min(Math.max(1, pageSize), EVENTS_PAGE_MAX)),
    ...(syncToken ? { syncToken } : {}),
    ...(pageToken ? { pageToken } : {}),
  });
  const page = await calendarJson<{ items?: unknown; nextPageToken?: unknown; nextSyncToken?: unknown }>(
    accessToken,
    `${eventsPath(calendarId)}?${query.toString()}`,
    'GET',
  );
  return {
    events: Array.isArray(page.items) ? page.items.filter(isEvent) : [],
    ...(typeof page.nextPageToken === 'string' ? { nextPageToken: page.nextPageToken } : {}),
    ...(typeof page.nextSyncToken === 'string' ? { nextSyncToken: page.nextSyncToken } : {}),
  };
}

export async function insertEvent(accessToken: string, calendarId: string, event: NewEvent): Promise<GoogleEvent> {
  const body = await calendarJson<unknown>(accessToken, eventsPath(calendarId), 'POST', event);
  if (!isEvent(body)) throw googleFailure(502, body);
  return body;
}

export async function patchEvent(
  accessToken: string,
  calendarId: string,
  eventId: string,
  changes: Partial<NewEvent>,
): Promise<GoogleEvent> {
  const body = await calendarJson<unknown>(
    accessToken,
    `${eventsPath(calendarId)}/${encodeURIComponent(eventId)}`,
    'PATCH',
    changes,
  );
  if (!isEvent(body)) throw googleFailure(502, body);
  return body;
}

/** Deletes an event; one already gone (404, or 410 for one deleted before) is what was wanted. */
export async function deleteEvent(accessToken: string, calendarId: string, eventId: string): Promise<void> {
  const response = await googleCall(`${base()}/${eventsPath(calendarId)}/${encodeURIComponent(eventId)}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok && response.status !== 404 && response.status !== 410)
    throw googleFailure(response.status, await response.json().catch(() => ({})));
}

/**
 * Asks Google to POST to `address` whenever the calendar's events change: `id` is the channel's own (a UUID), `token`
 * comes back in each notification's X-Goog-Channel-Token (the push route checks it). Google answers its `sync`
 * notification at once.
 */
export async function watchEvents(
  accessToken: string,
  calendarId: string,
  channel: { id: string; address: string; token: string; expiration?: number },
): Promise<WatchChannel> {
  const body = await calendarJson<{ id?: unknown; resourceId?: unknown; expiration?: unknown; token?: unknown }>(
    accessToken,
    `${eventsPath(calendarId)}/watch`,
    'POST',
    {
      id: channel.id,
      type: 'web_hook',
      address: channel.address,
      token: channel.token,
      ...(channel.expiration ? { expiration: channel.expiration } : {}),
    },
  );
  if (typeof body.id !== 'string' || typeof body.resourceId !== 'string') throw googleFailure(502, body);
  return {
    id: body.id,
    resourceId: body.resourceId,
    expiration: Number(body.expiration),
    ...(typeof body.token === 'string' ? { token: body.token } : {}),
  };
}

/** Ends a channel (after its replacement is made). One Google no longer knows is ended already. */
export async function stopChannel(accessToken: string, channel: { id: string; resourceId: string }): Promise<void> {
  const response = await googleCall(`${base()}/channels/stop`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id: channel.id, resourceId: channel.resourceId }),
  });
  if (!response.ok && response.status !== 404)
    throw googleFailure(response.status, await response.json().catch(() => ({})));
}

const base = () => googleEndpoints().calendar;
const eventsPath = (calendarId: string) => `calendars/${encodeURIComponent(calendarId)}/events`;

async function calendarJson<T>(accessToken: string, path: string, method: string, payload?: unknown): Promise<T> {
  const response = await googleCall(`${base()}/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const body = (await response.json().catch(() => ({}))) as T;
  if (response.status === 410)
    throw new GoogleCalendarError('full-sync-required', 'The calendar sync token expired: a full sync is needed.');
  if (response.status === 404 && method === 'GET')
    throw new GoogleCalendarError('calendar-gone', 'The calendar is no longer in the Google account.');
  if (!response.ok) throw googleFailure(response.status, body);
  return body;
}

const isEvent = (value: unknown): value is GoogleEvent =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
