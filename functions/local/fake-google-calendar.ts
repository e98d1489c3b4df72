// The fake Google's Calendar API (functions/local/fake-google.ts serves it under /local/google/api/calendar/v3), in
// the documented shapes, so the real adapter (functions/integrations/google-calendar.ts) runs against it:
// - POST calendars: a secondary calendar the app creates (and may then write to, with `calendar.app.created`);
// - GET calendars/{id}/events: `maxResults` 1 to 2500 (250 by default), `pageToken` / `nextPageToken`, the
//   `nextSyncToken` on the last page; `syncToken` lists only what changed since (changed and new events, and the
//   deleted ones as `{ id, status: 'cancelled' }`); a token unknown or older than 7 days is answered 410
//   (`fullSyncRequired`);
// - POST calendars/{id}/events, PATCH and DELETE calendars/{id}/events/{eventId}: on an app-created calendar only;
// - POST calendars/{id}/events/watch `{ id, type: 'web_hook', address, token?, expiration? }`: a channel of at most 7
//   days; the fake POSTs its notifications to `address` with no body and the headers Google sends
//   (X-Goog-Channel-Id, X-Goog-Channel-Token, X-Goog-Resource-Id, X-Goog-Resource-State: `sync` at once, then `exists`
//   after each change made through the API); POST channels/stop `{ id, resourceId }` ends one.
// Each calendar's events are `<dir>/calendars/<calendarId>.json`, an array of Event objects (`primary.json` is the
// agent's own calendar, edited by hand or by a test: an event's etag is a hash of its fields, so an edit changes it;
// hand edits send no notification, as a lost push would not). The app's calendars are listed in
// `<dir>/calendars/index.json`, what each sync token saw in `<dir>/calendar-sync.json`, the channels in
// `<dir>/channels.json`.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonFile, type FakeApiAnswer as CalendarAnswer } from './stand-in-http';

/** A Calendar API Event as the fake keeps it. */
export type FakeEvent = { id: string; status?: string; etag?: string } & Record<string, unknown>;
type Channel = {
  id: string;
  resourceId: string;
  calendarId: string;
  address: string;
  token?: string;
  expiration: number;
};
type SyncTokens = Record<string, { at: number; calendarId: string; etags: Record<string, string> }>;

const PAGE_DEFAULT = 250;
const PAGE_MAX = 2500;
/** Sync tokens, like the People API's, are kept about 7 days; a channel lives at most as long. */
export const CALENDAR_TOKEN_DAYS = 7;
const DAY_MS = 86_400_000;
const APP_CREATED = 'https://www.googleapis.com/auth/calendar.app.created';
const READ_SCOPES = [
  APP_CREATED,
  'https://www.googleapis.com/auth/calendar.events.readonly',
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar',
];

export function createFakeCalendar(dir: string, now: () => number = Date.now) {
  const calendarsDir = join(dir, 'calendars');
  mkdirSync(calendarsDir, { recursive: true });
  const indexFile = join(calendarsDir, 'index.json');
  const syncFile = join(dir, 'calendar-sync.json');
  const channelsFile = join(dir, 'channels.json');
  const appCalendars = () => readJsonFile<{ id: string; summary: string; timeZone?: string }[]>(indexFile, []);
  const fileOf = (calendarId: string) => join(calendarsDir, `${encodeURIComponent(calendarId)}.json`);
  const exists = (calendarId: string) => calendarId === 'primary' || appCalendars().some((c) => c.id === calendarId);
  const events = (calendarId: string): FakeEvent[] =>
    readJsonFile<FakeEvent[]>(fileOf(calendarId), [])
      .filter((event) => typeof event?.id === 'string')
      .map((event) => ({ ...event, etag: etagOf(event) }))
      .sort((a, b) => a.id.localeCompare(b.id));
  const save = (calendarId: string, list: FakeEvent[]) =>
    writeFileSync(
      fileOf(calendarId),
      JSON.stringify(
        list.map(({ etag: _etag, ...event }) => event),
        null,
        2,
      ),
    );

  /** Tells each live channel of the calendar what happened (no body, as Google's notifications). */
  async function notify(calendarId: string, state: 'sync' | 'exists', only?: Channel): Promise<void> {
    const live = only ? [only] : readJsonFile<Channel[]>(channelsFile, []).filter((c) => c.calendarId === calendarId);
    await Promise.all(
      live
        .filter((channel) => channel.expiration > now())
        .map((channel) =>
          fetch(channel.address, {
            method: 'POST',
            headers: {
              'x-goog-channel-id': channel.id,
              'x-goog-resource-id': channel.resourceId,
              'x-goog-resource-state': state,
              'x-goog-resource-uri': `https://www.googleapis.com/calendar/v3/calendars/${calendarId}/events`,
              'x-goog-channel-expiration': new Date(channel.expiration).toUTCString(),
              ...(channel.token ? { 'x-goog-channel-token': channel.token } : {}),
            },
          }).catch(() => undefined),
        ),
    );
  }

  /** Routes one request under calendar/v3 (`path` without that prefix) for a token with these scopes. */
  async function handle(
    method: string,
    path: string,
    url: URL,
    body: unknown,
    scopes: string[],
  ): Promise<CalendarAnswer> {
    if (!scopes.some((scope) => READ_SCOPES.includes(scope)))
      return error(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
    const canWrite = scopes.includes(APP_CREATED) || scopes.some((s) => s.endsWith('/calendar'));
    if (method === 'POST' && path === 'calendars') {
      if (!canWrite) return error(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
      if (!isObject(body) || typeof body.summary !== 'string' || !body.summary.trim())
        return error(400, 'required', 'Missing summary.');
      const calendar = {
        id: `fake-${randomBytes(8).toString('hex')}@group.calendar.google.com`,
        summary: body.summary,
        ...(typeof body.timeZone === 'string' ? { timeZone: body.timeZone } : {}),
      };
      writeFileSync(indexFile, JSON.stringify([...appCalendars(), calendar]));
      save(calendar.id, []);
      return { status: 200, body: { kind: 'calendar#calendar', ...calendar } };
    }
    if (method === 'POST' && path === 'channels/stop') return stop(body);
    const match = /^calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (!match) return error(404, 'notFound', 'Not Found');
    const calendarId = decodeURIComponent(match[1]!);
    const eventId = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
    if (!exists(calendarId)) return error(404, 'notFound', 'Not Found');
    if (method === 'GET' && eventId === undefined) return list(calendarId, url);
    if (method === 'POST' && eventId === 'watch') return watch(calendarId, body);
    // Writes: only to a calendar the app made, as calendar.app.created allows.
    if (calendarId === 'primary' || !canWrite)
      return error(403, 'forbidden', 'The app may only change the calendars it created.');
    if (method === 'POST' && eventId === undefined) return insert(calendarId, body);
    if (eventId !== undefined && (method === 'PATCH' || method === 'DELETE')) {
      const list = events(calendarId);
      const index = list.findIndex((event) => event.id === eventId);
      if (index < 0) return error(404, 'notFound', 'Not Found');
      if (method === 'DELETE') list.splice(index, 1);
      else if (!isObject(body)) return error(400, 'parseError', 'Parse Error');
      else list[index] = { ...list[index]!, ...withoutIds(body), id: eventId, updated: new Date(now()).toISOString() };
      save(calendarId, list);
      await notify(calendarId, 'exists');
      return method === 'DELETE' ? { status: 204 } : { status: 200, body: shown(events(calendarId)[index]!) };
    }
    return error(404, 'notFound', 'Not Found');
  }

  async function insert(calendarId: string, body: unknown): Promise<CalendarAnswer> {
    if (!isObject(body) || !isObject(body.start) || !isObject(body.end))
      return error(400, 'required', 'Missing end time.');
    const event: FakeEvent = {
      ...withoutIds(body),
      id: randomBytes(10).toString('hex'),
      status: 'confirmed',
      created: new Date(now()).toISOString(),
      updated: new Date(now()).toISOString(),
    };
    save(calendarId, [...events(calendarId), event]);
    await notify(calendarId, 'exists');
    return { status: 200, body: shown({ ...event, etag: etagOf(event) }) };
  }

  function list(calendarId: string, url: URL): CalendarAnswer {
    const q = url.searchParams;
    const pageSize = Number(q.get('maxResults') ?? PAGE_DEFAULT);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > PAGE_MAX)
      return error(400, 'invalid', `maxResults must be from 1 to ${PAGE_MAX}.`);
    const syncToken = q.get('syncToken');
    const tokens = readJsonFile<SyncTokens>(syncFile, {});
    const current = events(calendarId);
    let listed: FakeEvent[] = current.filter((event) => event.status !== 'cancelled');
    if (syncToken) {
      const seen = tokens[syncToken];
      if (!seen || seen.calendarId !== calendarId || now() - seen.at > CALENDAR_TOKEN_DAYS * DAY_MS)
        return error(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.');
      const present = new Set(current.map((event) => event.id));
      listed = [
        ...current.filter((event) => seen.etags[event.id] !== event.etag),
        ...Object.keys(seen.etags)
          .filter((id) => !present.has(id))
          .map((id) => ({ id, status: 'cancelled' })),
      ].sort((a, b) => a.id.localeCompare(b.id));
    }
    const start = Number(Buffer.from(q.get('pageToken') ?? '', 'base64url').toString('utf8') || 0);
    if (!Number.isInteger(start) || start < 0 || start > listed.length)
      return error(400, 'invalid', 'Invalid page token value.');
    const last = start + pageSize >= listed.length;
    let nextSyncToken: string | undefined;
    if (last) {
      nextSyncToken = `fake-cal-sync-${randomBytes(12).toString('base64url')}`;
      tokens[nextSyncToken] = {
        at: now(),
        calendarId,
        etags: Object.fromEntries(current.map((event) => [event.id, event.etag!])),
      };
      writeFileSync(syncFile, JSON.stringify(tokens));
    }
    return {
      status: 200,
      body: {
        kind: 'calendar#events',
        items: listed.slice(start, start + pageSize).map(shown),
        ...(last ? { nextSyncToken } : { nextPageToken: Buffer.from(String(start + pageSize)).toString('base64url') }),
      },
    };
  }

  async function watch(calendarId: string, body: unknown): Promise<CalendarAnswer> {
    if (!isObject(body) || typeof body.id !== 'string' || !body.id || body.type !== 'web_hook')
      return error(400, 'required', 'A channel needs an id and type web_hook.');
    if (typeof body.address !== 'string' || !/^https?:\/\//.test(body.address))
      return error(400, 'invalid', 'The channel address must be an https URL.');
    const channels = readJsonFile<Channel[]>(channelsFile, []);
    if (channels.some((c) => c.id === body.id)) return error(400, 'channelIdNotUnique', 'Channel id not unique.');
    const longest = now() + CALENDAR_TOKEN_DAYS * DAY_MS;
    const asked = Number(body.expiration);
    const channel: Channel = {
      id: body.id,
      resourceId: `fake-resource-${createHash('sha256').update(calendarId).digest('hex').slice(0, 16)}`,
      calendarId,
      address: body.address,
      ...(typeof body.token === 'string' ? { token: body.token } : {}),
      expiration: Number.isFinite(asked) && asked > now() ? Math.min(asked, longest) : longest,
    };
    writeFileSync(channelsFile, JSON.stringify([...channels, channel]));
    await notify(calendarId, 'sync', channel);
    return {
      status: 200,
      body: {
        kind: 'api#channel',
        id: channel.id,
        resourceId: channel.resourceId,
        resourceUri: `https://www.googleapis.com/calendar/v3/calendars/${calendarId}/events`,
        ...(channel.token ? { token: channel.token } : {}),
        expiration: String(channel.expiration),
      },
    };
  }

  function stop(body: unknown): CalendarAnswer {
    if (!isObject(body)) return error(400, 'required', 'A channel id and resourceId are required.');
    const channels = readJsonFile<Channel[]>(channelsFile, []);
    const kept = channels.filter((c) => !(c.id === body.id && c.resourceId === body.resourceId));
    if (kept.length === channels.length) return error(404, 'notFound', 'Channel not found.');
    writeFileSync(channelsFile, JSON.stringify(kept));
    return { status: 204 };
  }

  return { handle };
}

/** An event's fields as a hash: any change of a field changes it. */
function etagOf(event: FakeEvent): string {
  const { etag: _etag, ...fields } = event;
  const canonical = JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((key) => [key, fields[key]]),
  );
  return `"${createHash('sha256').update(canonical).digest('hex').slice(0, 16)}"`;
}

const shown = (event: FakeEvent): FakeEvent => ({ kind: 'calendar#event', ...event });

const withoutIds = ({ id: _id, etag: _etag, kind: _kind, ...rest }: Record<string, unknown>) => rest;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function error(code: number, reason: string, message: string): CalendarAnswer {
  return { status: code, body: { error: { code, message, errors: [{ domain: 'global', reason, message }] } } };
}
