// The Calendar API adapter against the local fake Google's Calendar API (functions/local/fake-google-calendar.ts),
// served by a plain HTTP server: the app's own calendar and its events, sync tokens (what changed, what was deleted,
// the 410 that asks for a full sync), the agent's primary calendar read but never written, and watch channels (the
// notification headers, a new channel before the old one is stopped).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CALENDAR_TOKEN_DAYS, type FakeEvent } from '../local/fake-google-calendar';
import { newInvocation, runInvocation } from '../observability/invocation';
import { useFakeGoogleServer, type FakeGoogleServer } from '../testing/fake-google-server';
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
} from './google-calendar';

const SCOPES = [
  'https://www.googleapis.com/auth/calendar.app.created',
  'https://www.googleapis.com/auth/calendar.events.readonly',
];

let fake: FakeGoogleServer;
useFakeGoogleServer((started) => (fake = started));
let token: string;
beforeAll(async () => {
  token = await fake.accessToken(SCOPES);
});

const day = (date: string) => ({ start: { date }, end: { date } });

/** Every page of one listing: the events in order, and the sync token of the last page. */
async function allPages(calendarId: string, options: { syncToken?: string; pageSize?: number }) {
  const events: GoogleEvent[] = [];
  let pageToken: string | undefined;
  for (;;) {
    const page = await listEvents(token, calendarId, { ...options, pageToken });
    events.push(...page.events);
    if (!page.nextPageToken) return { events, nextSyncToken: page.nextSyncToken };
    expect(page.nextSyncToken).toBeUndefined();
    pageToken = page.nextPageToken;
  }
}

describe("the Calendar API adapter, against the fake's calendars", () => {
  it('makes the app its own calendar and keeps its events: added, changed, removed, each seen by the next sync', async () => {
    const calendar = await insertCalendar(token, { summary: 'Hearthside', timeZone: 'America/Chicago' });
    const birthday = await insertEvent(token, calendar.id, { summary: "Maria's birthday", ...day('2027-03-14') });
    const checkIn = await insertEvent(token, calendar.id, { summary: 'Check in with Tom', ...day('2027-01-05') });
    const first = await allPages(calendar.id, { pageSize: 1 });
    expect(first.events.map((e) => e.summary).sort()).toEqual(['Check in with Tom', "Maria's birthday"]);
    expect(first.nextSyncToken).toEqual(expect.any(String));

    await patchEvent(token, calendar.id, birthday.id, { summary: "Maria's birthday (60th)" });
    await deleteEvent(token, calendar.id, checkIn.id);
    await deleteEvent(token, calendar.id, checkIn.id); // already gone: done
    const changed = await allPages(calendar.id, { syncToken: first.nextSyncToken });
    expect(changed.events.map((e) => [e.id, e.status, e.summary]).sort()).toEqual(
      [
        [birthday.id, 'confirmed', "Maria's birthday (60th)"],
        [checkIn.id, 'cancelled', undefined],
      ].sort(),
    );
    expect((await allPages(calendar.id, { syncToken: changed.nextSyncToken })).events).toEqual([]);
  });

  it(`asks for a full sync (410) on a token older than ${CALENDAR_TOKEN_DAYS} days, and reads the primary calendar's hand edits`, async () => {
    const primary = join(fake.dir, 'calendars', 'primary.json');
    const meeting: FakeEvent = {
      id: 'meeting1',
      status: 'confirmed',
      summary: 'Showing with Maria',
      attendees: [{ email: 'maria@example.com' }],
      start: { dateTime: '2027-01-10T15:00:00Z' },
      end: { dateTime: '2027-01-10T16:00:00Z' },
    };
    writeFileSync(primary, JSON.stringify([meeting]));
    const { events, nextSyncToken } = await allPages('primary', {});
    expect(events).toEqual([expect.objectContaining({ id: 'meeting1', attendees: [{ email: 'maria@example.com' }] })]);

    writeFileSync(primary, JSON.stringify([{ ...meeting, summary: 'Showing with Maria and Tom' }]));
    expect((await allPages('primary', { syncToken: nextSyncToken })).events).toEqual([
      expect.objectContaining({ summary: 'Showing with Maria and Tom' }),
    ]);

    const syncFile = join(fake.dir, 'calendar-sync.json');
    const tokens = JSON.parse(readFileSync(syncFile, 'utf8')) as Record<string, { at: number }>;
    tokens[nextSyncToken!]!.at -= (CALENDAR_TOKEN_DAYS * 24 + 1) * 3_600_000;
    writeFileSync(syncFile, JSON.stringify(tokens));
    await expect(listEvents(token, 'primary', { syncToken: nextSyncToken })).rejects.toBeInstanceOf(
      GoogleCalendarError,
    );
    await expect(listEvents(token, 'primary', { syncToken: 'never-issued' })).rejects.toMatchObject({
      reason: 'full-sync-required',
    });
  });

  it("never writes to the agent's primary calendar, and is refused without a calendar scope", async () => {
    await expect(insertEvent(token, 'primary', { summary: 'x', ...day('2027-01-01') })).rejects.toMatchObject({
      reason: 'forbidden',
    });
    const contactsOnly = await fake.accessToken(['https://www.googleapis.com/auth/contacts']);
    await expect(listEvents(contactsOnly, 'primary', {})).rejects.toMatchObject({ reason: 'forbidden' });
  });

  it('watches a calendar: a sync notification at once, one per change, with the channel token; a stopped channel is quiet', async () => {
    const calendar = await insertCalendar(token, { summary: 'Hearthside' });
    fake.hooked.length = 0;
    const old = await watchEvents(token, calendar.id, { id: 'channel-1', address: fake.hookUrl, token: 'secret-1' });
    expect(old.expiration).toBeGreaterThan(Date.now());
    expect(
      fake.hooked.map((h) => [h['x-goog-channel-id'], h['x-goog-resource-state'], h['x-goog-channel-token']]),
    ).toEqual([['channel-1', 'sync', 'secret-1']]);

    // Renewed: the new channel first, then the old one stopped.
    const renewed = await watchEvents(token, calendar.id, {
      id: 'channel-2',
      address: fake.hookUrl,
      token: 'secret-2',
    });
    await stopChannel(token, old);
    await stopChannel(token, old); // unknown now: stopped already
    fake.hooked.length = 0;
    await insertEvent(token, calendar.id, { summary: 'Closing anniversary', ...day('2027-06-01') });
    expect(
      fake.hooked.map((h) => [h['x-goog-channel-id'], h['x-goog-resource-state'], h['x-goog-channel-token']]),
    ).toEqual([['channel-2', 'exists', 'secret-2']]);
    expect(fake.hooked[0]!['x-goog-resource-id']).toBe(renewed.resourceId);
  });

  it('answers Google’s 429 as its quota, counted in the invocation’s metrics, and does not ask again itself', async () => {
    writeFileSync(join(fake.dir, 'faults.json'), JSON.stringify([{ status: 429, times: 1, path: 'events' }]));
    const invocation = newInvocation({ functionName: 'HearthPostGoogleCalendarSync' }, { requestId: 'r1' });
    const failure = await runInvocation(invocation, () => listEvents(token, 'primary', {}).catch((e: unknown) => e));
    expect(failure).toMatchObject({ name: 'GoogleBusinessError', reason: 'quota' });
    expect(invocation.metrics.get('GoogleQuotaLimited')).toBe(1);
    // One fault, taken once: the adapter made one call, and the next one is answered.
    expect(JSON.parse(readFileSync(join(fake.dir, 'faults.json'), 'utf8'))).toEqual([]);
    expect(Array.isArray((await listEvents(token, 'primary', {})).events)).toBe(true);
  });
});
