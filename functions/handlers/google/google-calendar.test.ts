// The agent's Google Calendar both ways (POST /api/google/calendar/sync, the push route, the hourly job), against the
// fake Google (on the handler harness; the jobs run as their functions do): the Hearthside calendar made once and kept
// to the clients' key dates and check-ins (an edit patched, a deleted client's events removed, the agent's own events
// left); meetings with exactly one client in the agent's calendar on that client's timeline once, after they begin; the
// watch channel's pushes checked by its token, renewed a day before it ends (the new one first, the old one stopped) on
// a moved clock; refused without the connection or the feature; Google's 401 shown as reauth_needed; a deleted
// Hearthside calendar made again; client changes marked and written by jobs/calendar-out within minutes. (Synthetic
// clients and events.)
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CalendarSyncResult, Client, ClientActivity, Integrations } from '@shared/api-types';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../data/db';
import { getConnection } from '../../data/google-connections';
import { CALENDAR_OUT_STOP_MS, writeDueCalendars } from '../../jobs/calendar-out';
import { syncGoogleCalendar } from '../../services/google-calendar-sync';
import { clientInput } from '../../testing/factories';
import { connectGoogle } from '../../testing/google-consent';
import { syncEveryAgent } from '../../jobs/reviews-sync';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';
import { signedInAgent, type ApiClient } from '../../testing/local-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { google: true, backgroundTasks: true });

let accounts = 0;
const googleAccount = () => `calendar-${(accounts += 1)}`;
const fakeFile = (...path: string[]) => join(api.fakeGoogleDir!, ...path);
const readJson = async <T>(...path: string[]): Promise<T> => JSON.parse(await readFile(fakeFile(...path), 'utf8')) as T;

type Channel = { id: string; resourceId: string; token?: string; expiration: number };
type FakeEvent = { id: string; summary?: string; start?: object; extendedProperties?: { private?: object } };

/** The agent's own calendar (primary.json), as a test writes it between syncs (no push is sent, as for a lost one). */
const writePrimary = (events: object[]) => writeFile(fakeFile('calendars', 'primary.json'), JSON.stringify(events));
const meeting = (id: string, startsAt: Date, ...emails: string[]) => ({
  id,
  status: 'confirmed',
  summary: `Meeting ${id}`,
  start: { dateTime: startsAt.toISOString() },
  end: { dateTime: new Date(startsAt.getTime() + 3_600_000).toISOString() },
  attendees: [{ email: 'agent@example.com', self: true }, ...emails.map((email) => ({ email }))],
});
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const sync = (client: ApiClient) => client.post<CalendarSyncResult>('/api/google/calendar/sync');
const activityOf = async (client: ApiClient, clientId: string) =>
  (await client.get<ClientActivity>(`/api/clients/${clientId}/messages`)).body;

/** An agent with Calendar turned on and two clients, one with dates and a rhythm. */
async function agentWithCalendar() {
  const { client, user } = await signedInAgent(api);
  await connectGoogle(client, googleAccount(), ['calendar']);
  const ana = await client.post<Client>('/api/clients', {
    ...clientInput(),
    name: 'Ana Ruiz',
    email: 'ana@example.com',
    birthday: '1985-04-12',
    purchaseDate: '2021-07-01',
    cadenceDays: 30,
  });
  const bo = await client.post<Client>('/api/clients', clientInput({ name: 'Bo Lee', email: 'bo@example.com' }));
  expect([ana.status, bo.status]).toEqual([201, 201]);
  return { client, user, ana: ana.body, bo: bo.body };
}

/** The events of the agent's Hearthside calendar, by their key. */
async function hearthside(agentId: string): Promise<Record<string, FakeEvent>> {
  const calendarId = (await getConnection(agentId))!.calendarFeature!.calendarId!;
  const events = await readJson<FakeEvent[]>('calendars', `${encodeURIComponent(calendarId)}.json`);
  return Object.fromEntries(
    events.map((event) => [(event.extendedProperties?.private as { hearthsideKey?: string })?.hearthsideKey, event]),
  );
}

describe('the Hearthside calendar', () => {
  it('is made once and holds the key dates and the due check-in; an edit is patched, a deleted client’s events removed, the agent’s own left', async () => {
    await writePrimary([]);
    const { client, user, ana } = await agentWithCalendar();

    const first = await sync(client);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ itemsOut: 3, meetings: 0, fullSync: true });
    const index = await readJson<{ id: string; summary: string }[]>('calendars', 'index.json');
    const calendarId = (await getConnection(user.id))!.calendarFeature!.calendarId!;
    expect(index.find((calendar) => calendar.id === calendarId)).toMatchObject({ summary: 'Hearthside' });
    const held = await hearthside(user.id);
    expect(Object.keys(held).sort()).toEqual([`${ana.id}:birthday`, `${ana.id}:check-in`, `${ana.id}:home`]);
    expect(held[`${ana.id}:birthday`]).toMatchObject({ summary: 'Birthday: Ana Ruiz', start: { date: '1985-04-12' } });

    // Nothing changed: nothing written, and no second calendar.
    expect((await sync(client)).body).toMatchObject({ itemsOut: 0, fullSync: false });
    expect((await readJson<object[]>('calendars', 'index.json')).length).toBe(index.length);

    // The agent's own event in the app's calendar stays; an edit is one patch; a deleted client's events go.
    const file = fakeFile('calendars', `${encodeURIComponent(calendarId)}.json`);
    const events = JSON.parse(await readFile(file, 'utf8')) as object[];
    await writeFile(file, JSON.stringify([...events, { id: 'mine', summary: 'Mine', start: { date: '2026-12-24' } }]));
    expect((await client.patch(`/api/clients/${ana.id}`, { birthday: '1985-04-13' })).status).toBe(200);
    expect((await sync(client)).body).toMatchObject({ itemsOut: 1 });
    expect((await hearthside(user.id))[`${ana.id}:birthday`]).toMatchObject({ start: { date: '1985-04-13' } });
    expect((await client.delete(`/api/clients/${ana.id}`)).status).toBe(204);
    expect((await sync(client)).body).toMatchObject({ itemsOut: 3 });
    expect(Object.values(await hearthside(user.id)).map((event) => event.id)).toEqual(['mine']);
  });
});

describe('a Hearthside calendar the agent deleted in Google', () => {
  it('is made again at the next sync and filled, once', async () => {
    await writePrimary([]);
    const { client, user, ana } = await agentWithCalendar();
    await sync(client);
    const first = (await getConnection(user.id))!.calendarFeature!.calendarId!;
    const index = await readJson<{ id: string }[]>('calendars', 'index.json');
    await writeFile(fakeFile('calendars', 'index.json'), JSON.stringify(index.filter((c) => c.id !== first)));

    const again = await sync(client);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ itemsOut: 3 });
    const second = (await getConnection(user.id))!.calendarFeature!.calendarId!;
    expect(second).not.toBe(first);
    expect(Object.keys(await hearthside(user.id)).sort()).toEqual([
      `${ana.id}:birthday`,
      `${ana.id}:check-in`,
      `${ana.id}:home`,
    ]);
    expect((await sync(client)).body).toMatchObject({ itemsOut: 0 });
    expect((await getConnection(user.id))!.calendarFeature!.calendarId).toBe(second);
  });
});

describe('client changes within minutes (jobs/calendar-out)', () => {
  const markOf = async (agentId: string) => (await getConnection(agentId))?.calendarOutDueAt;

  it('marks the calendar once for a burst of changes, and the next run writes them all to Google', async () => {
    await writePrimary([]);
    const { client, user, ana } = await agentWithCalendar();
    // The clients added with Calendar on marked it; a sync writes them and takes the mark.
    expect(await markOf(user.id)).toEqual(expect.any(String));
    await sync(client);
    expect(await markOf(user.id)).toBeUndefined();

    // A field the calendar does not show marks nothing.
    expect((await client.patch(`/api/clients/${ana.id}`, { phone: '(512) 555-0199' })).status).toBe(200);
    expect(await markOf(user.id)).toBeUndefined();

    // A new birthday, a new name and a touch (the check-in's day): one mark, the first change's.
    expect((await client.patch(`/api/clients/${ana.id}`, { birthday: '1985-04-20' })).status).toBe(200);
    const mark = await markOf(user.id);
    expect(mark).toEqual(expect.any(String));
    expect((await client.patch(`/api/clients/${ana.id}`, { name: 'Ana Ruiz Soto' })).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect((await client.post(`/api/clients/${ana.id}/touches`, { kind: 'call', date: today })).status).toBe(201);
    expect(await markOf(user.id)).toBe(mark);

    const run = await writeDueCalendars();
    expect(run.written).toBeGreaterThanOrEqual(1);
    expect(await markOf(user.id)).toBeUndefined();
    const held = await hearthside(user.id);
    expect(held[`${ana.id}:birthday`]).toMatchObject({
      summary: 'Birthday: Ana Ruiz Soto',
      start: { date: '1985-04-20' },
    });
    expect(held[`${ana.id}:check-in`]).toMatchObject({ summary: 'Check in: Ana Ruiz Soto' });
    // What the sync read last and its counts stay the full sync's: this run only wrote.
    expect((await getConnection(user.id))!.calendarFeature).toMatchObject({ lastError: null });
  });

  it('leaves the marks for the next run when its time runs short; a sync that writes the calendar takes its mark', async () => {
    const { user } = await agentWithCalendar();
    const mark = await markOf(user.id);
    const short = await writeDueCalendars(() => CALENDAR_OUT_STOP_MS - 1);
    expect(short).toMatchObject({ written: 0, notReached: short.due });
    expect(await markOf(user.id)).toBe(mark);

    // The hourly sync (here, Sync now's) writes the calendar and takes the mark: the next run has nothing of it.
    await syncGoogleCalendar(user);
    expect(await markOf(user.id)).toBeUndefined();
  });

  it('marks nothing for an agent with Google but Calendar off, and nothing for one without Google', async () => {
    const connected = await signedInAgent(api);
    await connectGoogle(connected.client, googleAccount());
    const dated = { ...clientInput(), birthday: '1990-01-02' };
    expect((await connected.client.post('/api/clients', dated)).status).toBe(201);
    expect(await getConnection(connected.user.id)).toBeDefined();
    expect(await markOf(connected.user.id)).toBeUndefined();

    const alone = await signedInAgent(api);
    expect((await alone.client.post('/api/clients', { ...clientInput(), birthday: '1990-01-02' })).status).toBe(201);
    expect(await getConnection(alone.user.id)).toBeUndefined();
  });
});

describe('meetings in the agent’s calendar', () => {
  it('puts a begun meeting with exactly one client on that client’s timeline once, and leaves all-day events, strangers and two clients alone', async () => {
    const { client, user, ana, bo } = await agentWithCalendar();
    const hourAgo = new Date(Date.now() - HOUR);
    await writePrimary([
      meeting('m1', hourAgo, 'ANA@example.com'),
      meeting('m2', hourAgo, 'stranger@example.com'),
      meeting('m3', hourAgo, 'ana@example.com', 'bo@example.com'),
      { id: 'm4', summary: 'Day off', start: { date: '2026-12-01' }, end: { date: '2026-12-02' } },
    ]);

    expect((await sync(client)).body).toMatchObject({ itemsIn: 4, meetings: 1, upcoming: 0 });

    const activity = await activityOf(client, ana.id);
    expect(activity.activity).toEqual([
      expect.objectContaining({ type: 'touch', kind: 'meeting', note: 'Google Calendar: Meeting m1' }),
    ]);
    expect(activity.lastContactDate).toBe(hourAgo.toISOString());
    expect((await activityOf(client, bo.id)).activity).toEqual([]);
    // Read again in full: no second touch.
    expect(await syncGoogleCalendar(user, new Date(Date.now() + 2 * DAY))).toMatchObject({
      fullSync: true,
      meetings: 0,
    });
    expect((await activityOf(client, ana.id)).activity).toHaveLength(1);
  });

  it('keeps a meeting still to come, and puts it on the timeline once it has begun', async () => {
    const { client, user, bo } = await agentWithCalendar();
    const tomorrow = new Date(Date.now() + DAY);
    await writePrimary([meeting('later', tomorrow, 'bo@example.com')]);
    expect((await sync(client)).body).toMatchObject({ meetings: 0, upcoming: 1 });
    expect((await activityOf(client, bo.id)).activity).toEqual([]);

    const after = await syncGoogleCalendar(user, new Date(tomorrow.getTime() + HOUR));
    expect(after).toMatchObject({ meetings: 1, upcoming: 0 });
    expect((await activityOf(client, bo.id)).activity).toEqual([
      expect.objectContaining({ kind: 'meeting', date: tomorrow.toISOString() }),
    ]);
  });
});

describe('the watch channel', () => {
  const push = (channel: Partial<Channel>, state = 'exists') =>
    // As Google sends it: no session of the agent's.
    api.client().request('POST', `/api/google/calendar/push/${encodeURIComponent(channel.id ?? '')}`, {
      headers: {
        'x-goog-channel-id': channel.id ?? '',
        'x-goog-resource-id': channel.resourceId ?? '',
        'x-goog-resource-state': state,
        ...(channel.token === undefined ? {} : { 'x-goog-channel-token': channel.token }),
      },
    });
  const channelOf = async (agentId: string): Promise<Channel> => {
    const id = (await getConnection(agentId))!.calendarFeature!.channel!.id;
    return (await readJson<Channel[]>('channels.json')).find((channel) => channel.id === id)!;
  };

  it('takes a push with its token and reads the calendar at once; a forged token or channel is refused and reads nothing', async () => {
    const { client, user, ana } = await agentWithCalendar();
    await writePrimary([]);
    await sync(client);
    const channel = await channelOf(user.id);
    await writePrimary([meeting('pushed', new Date(Date.now() - HOUR), 'ana@example.com')]);

    for (const forged of [
      { ...channel, token: 'not-the-token' },
      { ...channel, token: undefined },
      { ...channel, id: '00000000-0000-4000-8000-000000000000' },
      { ...channel, id: 'not-a-channel' },
    ]) {
      const refused = await push(forged);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'BAD_CHANNEL_TOKEN' });
    }
    expect((await activityOf(client, ana.id)).activity).toEqual([]);

    const accepted = await push(channel);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ queued: true });
    // The queued sync runs on the local tasks queue, after the answer.
    const until = Date.now() + 10_000;
    while ((await activityOf(client, ana.id)).activity.length === 0 && Date.now() < until)
      await new Promise((done) => setTimeout(done, 50));
    expect((await activityOf(client, ana.id)).activity).toEqual([
      expect.objectContaining({ kind: 'meeting', note: 'Google Calendar: Meeting pushed' }),
    ]);
  });

  it('is renewed a day before it ends (the new one made, then the old one stopped), and the old one’s pushes refused', async () => {
    const { client, user } = await agentWithCalendar();
    await writePrimary([]);
    await sync(client);
    const old = await channelOf(user.id);
    // A day on: six days still to run, kept.
    await syncGoogleCalendar(user, new Date(Date.now() + 1 * DAY));
    expect((await getConnection(user.id))!.calendarFeature!.channel!.id).toBe(old.id);

    await syncGoogleCalendar(user, new Date(old.expiration - 12 * HOUR));
    const renewed = await channelOf(user.id);
    expect(renewed.id).not.toBe(old.id);
    const channels = await readJson<Channel[]>('channels.json');
    expect(channels.some((channel) => channel.id === old.id)).toBe(false);
    expect((await push(old)).status).toBe(403);
    expect((await push(renewed, 'sync')).status).toBe(200);
  });
});

describe('refusals and failures', () => {
  it('refuses without Google connected and with Calendar off', async () => {
    const { client } = await signedInAgent(api);
    expect((await sync(client)).body).toMatchObject({ message: 'Connect Google in Settings first.' });
    await connectGoogle(client, googleAccount());
    const off = await sync(client);
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({
      code: 'GOOGLE_FEATURE_OFF',
      message: 'Turn on Google Calendar in Settings first.',
    });
  });

  it('keeps Google’s refused grant as reauth_needed, and shows a sync’s counts in the integrations', async () => {
    const { client, user } = await agentWithCalendar();
    await writePrimary([]);
    await sync(client);
    expect((await client.get<Integrations>('/api/integrations')).body.google.features.calendar).toMatchObject({
      state: 'ok',
      itemsOut: 3,
      lastError: null,
    });
    await writeFile(fakeFile('faults.json'), JSON.stringify([{ status: 401, times: 1, path: 'events' }]));
    const res = await sync(client);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'GOOGLE_RECONNECT' });
    expect((await getConnection(user.id))!.calendarFeature).toMatchObject({ lastError: 'reconnect' });
    expect((await client.get<Integrations>('/api/integrations')).body.google.features.calendar).toMatchObject({
      state: 'reauth_needed',
    });
  });
});

describe('the hourly job', () => {
  it('syncs the calendar of an agent who follows no Business Profile location', async () => {
    const { client, user, ana } = await agentWithCalendar();
    await writePrimary([meeting('hourly', new Date(Date.now() - HOUR), 'ana@example.com')]);
    const run = await syncEveryAgent();
    expect(run.calendars).toBeGreaterThanOrEqual(1);
    expect((await getConnection(user.id))!.calendarFeature).toMatchObject({ lastError: null });
    expect((await activityOf(client, ana.id)).activity).toHaveLength(1);
  });

  it('e-mails an agent whose calendar went a day without a success once, not again on the next run', async () => {
    const { client, user } = await agentWithCalendar();
    await writePrimary([]);
    await sync(client);
    const connection = (await getConnection(user.id))!;
    // The last success a day and more ago, and Google refusing every calendar call since.
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: connection.pk, sk: connection.sk },
        UpdateExpression: 'SET calendarFeature.lastSuccessAt = :old',
        ExpressionAttributeValues: { ':old': new Date(Date.now() - 30 * HOUR).toISOString() },
      }),
    );
    await writeFile(fakeFile('faults.json'), JSON.stringify([{ status: 503, times: 1000, path: 'calendars' }]));
    const told = async () =>
      (await api.outbox()).filter(
        (m) => m.to === user.username && m.subject === 'Google Calendar has not synced for a day',
      );
    try {
      expect((await syncEveryAgent()).told).toBeGreaterThanOrEqual(1);
      expect(await told()).toEqual([
        expect.objectContaining({
          text: expect.stringContaining(
            'Google Calendar could not sync the last time it tried (Google did not answer).',
          ),
        }),
      ]);
      await syncEveryAgent();
      expect(await told()).toHaveLength(1);
      expect((await client.get<Integrations>('/api/integrations')).body.google.features.calendar).toMatchObject({
        state: 'degraded',
        lastError: 'unavailable',
      });
    } finally {
      await writeFile(fakeFile('faults.json'), '[]');
    }
  });
});
