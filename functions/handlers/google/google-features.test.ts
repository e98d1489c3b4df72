// The Google connection's features beyond the reviews, against the fake Google (on the handler harness): each asked for
// on its own consent when the agent turns it on (incremental authorization), turned on only when Google granted it,
// turned off with what it kept forgotten, gone with the connection, and one agent's never another's.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GoogleConnectionStatus } from '@shared/api-types';
import { getConnection } from '../../data/google-connections';
import { connectGoogle, pathOf } from '../../testing/google-consent';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { google: true });

const BUSINESS = 'https://www.googleapis.com/auth/business.manage';
const CONTACTS = 'https://www.googleapis.com/auth/contacts';
const CALENDAR = [
  'https://www.googleapis.com/auth/calendar.app.created',
  'https://www.googleapis.com/auth/calendar.events.readonly',
];
const OFF = { enabled: false, granted: false };

let accounts = 0;
/** A fresh account on the fake Google for each agent, so no agent's grants are another's. */
const googleAccount = () => `features-${(accounts += 1)}`;
const scopesOf = (authorizationUrl: string) => new URL(authorizationUrl).searchParams.get('scope')!.split(' ');

const connect = connectGoogle;
const features = async (client: ApiClient) =>
  ((await client.get('/api/google/connection')).body as GoogleConnectionStatus).features;

describe('asking Google for a feature', () => {
  it('asks for the Business Profile alone, exactly as before, without a body or with {}', async () => {
    const { client } = await signedInAgent(api);
    const noBody = () =>
      client.request('POST', '/api/google/connect', { headers: { 'content-type': 'application/json' } });
    for (const res of [await noBody(), await client.post('/api/google/connect', {})]) {
      expect(res.status).toBe(200);
      const url = new URL(res.body.authorizationUrl);
      expect(url.searchParams.get('scope')).toBe(BUSINESS);
      expect(url.searchParams.has('include_granted_scopes')).toBe(false);
    }
  });

  it('asks for the Business Profile with the feature when not connected yet, and the feature alone once connected', async () => {
    const { client } = await signedInAgent(api);
    const first = await client.post('/api/google/connect', { features: ['contacts'] });
    expect(scopesOf(first.body.authorizationUrl)).toEqual([BUSINESS, CONTACTS]);
    expect(new URL(first.body.authorizationUrl).searchParams.get('include_granted_scopes')).toBe('true');

    await connect(client, googleAccount());
    const calendar = await client.post('/api/google/connect', { features: ['calendar'] });
    expect(scopesOf(calendar.body.authorizationUrl)).toEqual(CALENDAR);
    expect(new URL(calendar.body.authorizationUrl).searchParams.get('include_granted_scopes')).toBe('true');
  });

  it.each([
    [{ features: ['tasks'] }, 'Unknown feature: use contacts or calendar'],
    [{ features: 'contacts' }, 'features must be a list holding one of contacts, calendar, e.g. ["contacts"]'],
    [{ features: [7] }, 'Unknown feature: use contacts or calendar'],
    [{ features: [null] }, 'Unknown feature: use contacts or calendar'],
    [{ features: ['contacts', 'calendar'] }, 'Turn on one feature at a time'],
    [{ features: { contacts: true } }, 'features must be a list holding one of contacts, calendar, e.g. ["contacts"]'],
  ])('refuses %j with a 400 that says why', async (body, message) => {
    const { client } = await signedInAgent(api);
    const res = await client.post('/api/google/connect', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('shows each scope asked for on the consent page, in plain words', async () => {
    const { client } = await signedInAgent(api);
    const started = await client.post('/api/google/connect', { features: ['contacts'] });
    const page = await (await fetch(started.body.authorizationUrl)).text();
    expect(page).toContain('See, edit, create and delete your Google Business Profile and its reviews');
    expect(page).toContain('See, edit, download and permanently delete your contacts');
    expect(page).not.toContain('calendar');
  });
});

describe('the callback turning a feature on', () => {
  it('connects an agent not connected yet and turns Contacts on, back on Settings', async () => {
    const { client } = await signedInAgent(api);
    const { back } = await connect(client, googleAccount(), ['contacts']);
    expect(back).toBe('/settings?google=connected');
    const connection = (await client.get('/api/google/connection')).body as GoogleConnectionStatus;
    expect(connection).toMatchObject({ connected: true, accountName: 'Demo Realty (fake Google)' });
    expect(connection.locations).toHaveLength(2);
    expect(connection.features).toEqual({ contacts: { enabled: true, granted: true }, calendar: OFF });
  });

  it("adds Calendar to a connection with Contacts on: Google's token carries the earlier grants, so Contacts stays on", async () => {
    const { client } = await signedInAgent(api);
    const account = googleAccount();
    await connect(client, account);
    expect(await features(client)).toEqual({ contacts: OFF, calendar: OFF });
    await connect(client, account, ['contacts']);
    const { url, back } = await connect(client, account, ['calendar']);
    expect(scopesOf(url)).toEqual(CALENDAR);
    expect(back).toBe('/settings?google=connected');
    expect(await features(client)).toEqual({
      contacts: { enabled: true, granted: true },
      calendar: { enabled: true, granted: true },
    });
  });

  it('leaves a feature the agent unticked on Google off, and the page it returns to says so', async () => {
    const { client } = await signedInAgent(api);
    const { back } = await connect(client, googleAccount(), ['contacts'], [BUSINESS]);
    expect(back).toBe('/settings?google=connected&declined=contacts');
    expect(await features(client)).toEqual({ contacts: OFF, calendar: OFF });
    expect((await client.get('/api/google/connection')).body.connected).toBe(true);
  });

  it('returns to Settings saying how it went when the agent cancels or Google fails (faults.json)', async () => {
    const { client } = await signedInAgent(api);
    const started = await client.post('/api/google/connect', { features: ['calendar'] });
    const cancelled = await fetch(started.body.authorizationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'approve=no',
      redirect: 'manual',
    });
    const denied = await client.get(pathOf(cancelled.headers.get('location')!));
    expect(denied.headers.get('location')).toBe('/settings?google=denied');

    await writeFile(
      join(api.fakeGoogleDir!, 'faults.json'),
      JSON.stringify([{ status: 429, times: 1, path: 'accounts' }]),
    );
    const { back } = await connect(client, googleAccount(), ['calendar']);
    expect(back).toBe('/settings?google=quota');
    expect((await client.get('/api/google/connection')).body.connected).toBe(false);
  });
});

describe('turning a feature off and on again', () => {
  it('turns Contacts off and forgets what it kept; on again while Google still grants it', async () => {
    const { client, user } = await signedInAgent(api);
    await connect(client, googleAccount(), ['contacts']);
    const enabledAt = (await getConnection(user.id))!.contactsFeature!.enabledAt;

    const off = await client.put('/api/google/connection', { contacts: false });
    expect(off.status).toBe(200);
    expect(off.body.features).toEqual({ contacts: { enabled: false, granted: true }, calendar: OFF });
    expect((await getConnection(user.id))!.contactsFeature).toBeUndefined();

    const on = await client.put('/api/google/connection', { contacts: true });
    expect(on.status).toBe(200);
    expect(on.body.features.contacts).toEqual({ enabled: true, granted: true });
    expect((await getConnection(user.id))!.contactsFeature!.enabledAt >= enabledAt).toBe(true);
  });

  it('refuses to turn on a feature Google has not granted with a 409 that says to connect it', async () => {
    const { client } = await signedInAgent(api);
    await connect(client, googleAccount(), ['contacts']);
    const res = await client.put('/api/google/connection', { calendar: true });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('GOOGLE_FEATURE_NOT_GRANTED');
    expect(res.body.message).toMatch(/Google Calendar.*connect it in Settings/);
    expect((await features(client)).calendar).toEqual(OFF);
  });

  it('answers 409 to an agent not connected, whatever the feature', async () => {
    const { client } = await signedInAgent(api);
    expect((await client.put('/api/google/connection', { contacts: false })).status).toBe(409);
    expect((await client.put('/api/google/connection', { calendar: true })).status).toBe(409);
  });

  it.each([
    [{}],
    [{ locationName: 'locations/2002', contacts: false }],
    [{ contacts: 'no' }],
    [{ calendar: 1 }],
    [{ contacts: null }],
    [{ features: ['contacts'] }],
  ])('refuses %j with a 400, and a location alone still picks the location', async (body) => {
    const { client } = await signedInAgent(api);
    await connect(client, googleAccount(), ['contacts']);
    const res = await client.put('/api/google/connection', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const chosen = await client.put('/api/google/connection', { locationName: 'locations/2002' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ locationName: 'locations/2002', features: { contacts: { enabled: true } } });
  });
});

describe('disconnecting and tenancy', () => {
  it('disconnecting forgets the features, and Google forgets their grant: a new connection starts without them', async () => {
    const { client, user } = await signedInAgent(api);
    const account = googleAccount();
    await connect(client, account, ['contacts']);
    const gone = await client.delete('/api/google/connection');
    expect(gone.body.features).toEqual({ contacts: OFF, calendar: OFF });
    expect(await getConnection(user.id)).toBeUndefined();
    const grants = JSON.parse(await readFile(join(api.fakeGoogleDir!, 'grants.json'), 'utf8'));
    expect(grants.accounts[account]).toBeUndefined();

    // Reconnecting the same Google account with include_granted_scopes finds no earlier grant of contacts.
    await connect(client, account, ['calendar']);
    expect(await features(client)).toEqual({ contacts: OFF, calendar: { enabled: true, granted: true } });
  });

  it("never shows or changes another agent's features", async () => {
    const owner = await signedInAgent(api);
    const other = await signedInAgent(api);
    await connect(owner.client, googleAccount(), ['contacts']);
    expect((await other.client.get('/api/google/connection')).body).toMatchObject({
      connected: false,
      features: { contacts: OFF, calendar: OFF },
    });
    expect((await other.client.put('/api/google/connection', { contacts: false })).status).toBe(409);
    expect((await other.client.delete('/api/google/connection')).status).toBe(200);
    expect((await features(owner.client)).contacts).toEqual({ enabled: true, granted: true });
  });
});
