// Importing the agent's Google contacts (POST /api/google/contacts/import), against the fake Google (on the handler
// harness): the contacts are read a page at a time into an import that shows what it will do (new, matched, errors)
// before anything is written; started, it goes through the import job, linking each contact that is a client already
// (by e-mail, or by the one client with its phone number) instead of making a second one, and filling only what that
// client lacks. Refused without the connection or the feature, for a label that is none, on Google's 401; one agent
// never reaches another's import.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client, ContactsSyncResult, ImportJob, Integrations } from '@shared/api-types';
import fc from 'fast-check';
import { getClient } from '../../data/clients';
import { getConnection } from '../../data/google-connections';
import { importKey } from '../../data/keys/jobs';
import { googleConnectionKey } from '../../data/keys/reviews';
import { dbCallsOf } from '../../testing/db-calls';
import { connectGoogle } from '../../testing/google-consent';
import { startImport, waitForImport } from '../../testing/imports';
import { allClients, signedInAgent, type ApiClient } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { google: true, s3: true, backgroundTasks: true });

let accounts = 0;
const googleAccount = () => `contacts-import-${(accounts += 1)}`;

/** The fake Google's contacts (synthetic people), as a test writes them between the app's reads. */
const writeContacts = (people: object[]) =>
  writeFile(join(api.fakeGoogleDir!, 'contacts.json'), JSON.stringify(people));
const writeFaults = (faults: object[]) => writeFile(join(api.fakeGoogleDir!, 'faults.json'), JSON.stringify(faults));

const person = (id: string, fields: Record<string, unknown>) => ({ resourceName: `people/${id}`, ...fields });
const named = (displayName: string) => ({ names: [{ displayName }] });
const emails = (...values: string[]) => ({ emailAddresses: values.map((value) => ({ value })) });
const phones = (...values: string[]) => ({ phoneNumbers: values.map((value) => ({ value })) });

/** Synthetic contacts: one client by e-mail, one by phone, one new with its dates, one without an e-mail. */
const CONTACTS = [
  person('c1', { ...named('Ana Ruiz (Google)'), ...emails('ANA@example.com'), ...phones('+1 512 555 0100') }),
  person('c2', {
    ...named('Carl Diaz'),
    ...emails('carl.new@example.com'),
    ...phones('(512) 555-0101'),
    birthdays: [{ date: { year: 1980, month: 3, day: 14 } }],
  }),
  person('c3', {
    ...named('Dee Park'),
    ...emails('dee@example.com'),
    ...phones('+1 512 555 0102'),
    birthdays: [{ date: { month: 5, day: 6 } }],
    events: [
      { type: 'anniversary', date: { year: 2011, month: 9, day: 17 } },
      { type: 'closing', formattedType: 'Closing day', date: { year: 2020, month: 6, day: 30 } },
    ],
    memberships: [{ contactGroupMembership: { contactGroupResourceName: 'contactGroups/friends' } }],
  }),
  person('c4', { ...named('Eve No-Mail'), ...phones('+1 512 555 0103') }),
];

/** An agent with Google connected and Contacts turned on, and two clients the contacts will match. */
async function agentWithContacts(): Promise<{ client: ApiClient; userId: string; clients: Record<string, Client> }> {
  const { client, user } = await signedInAgent(api);
  await connectGoogle(client, googleAccount(), ['contacts']);
  const ana = await client.post('/api/clients', { name: 'Ana Ruiz', email: 'ana@example.com', phone: '5125550100' });
  const carl = await client.post('/api/clients', {
    name: 'Carl Diaz',
    email: 'carl@example.com',
    phone: '+15125550101',
    address: '5 Oak Ave, Austin, TX 78704',
  });
  expect([ana.status, carl.status]).toEqual([201, 201]);
  return { client, userId: user.id, clients: { ana: ana.body, carl: carl.body } };
}

const prepare = (client: ApiClient, body?: object) => client.post<ImportJob>('/api/google/contacts/import', body);

/** An agent whose Google contacts (CONTACTS) were imported: Ana and Carl linked, Dee made. */
async function imported() {
  await writeContacts(CONTACTS);
  const agent = await agentWithContacts();
  const prepared = await prepare(agent.client);
  await startImport(agent.client, prepared.body.id);
  expect(await waitForImport(agent.client, prepared.body.id)).toMatchObject({ status: 'done', imported: 1 });
  const byName = async () => Object.fromEntries(((await allClients(agent.client)) as Client[]).map((c) => [c.name, c]));
  return { ...agent, byName };
}

describe('the preview', () => {
  it('reads every contact and answers what starting will do, writing no client yet', async () => {
    // Arrange
    await writeContacts(CONTACTS);
    const { client } = await agentWithContacts();
    // Act
    const res = await prepare(client);
    // Assess
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 'ready',
      fileName: 'Google contacts',
      unit: 'card',
      rowsDone: 0,
      preview: {
        new: 1,
        matched: 2,
        errors: 1,
        firstErrors: [{ name: 'Eve No-Mail', reason: 'email: Email is required' }],
      },
    });
    expect(await allClients(client)).toHaveLength(2);
    const read = await client.get<ImportJob>(`/api/imports/${res.body.id}`);
    expect(read.body).toMatchObject({ status: 'ready', preview: res.body.preview });
  });

  it('reads only the contacts of one label when asked', async () => {
    await writeContacts(CONTACTS);
    const { client } = await agentWithContacts();
    const res = await prepare(client, { label: 'contactGroups/friends' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      fileName: 'Google contacts (one label)',
      preview: { new: 1, matched: 0, errors: 0, firstErrors: [] },
    });
  });

  it('reads past Google’s first page (1,000 contacts a page)', async () => {
    const many = Array.from({ length: 1003 }, (_, i) =>
      person(`m${i}`, { ...named(`Person ${i}`), ...emails(`p${i}@example.com`), ...phones(`+1512556${1000 + i}`) }),
    );
    await writeContacts(many);
    const { client } = await agentWithContacts();
    const res = await prepare(client);
    expect(res.status).toBe(202);
    expect(res.body.preview).toMatchObject({ new: 1003, matched: 0, errors: 0 });
  });

  const NOT_A_LABEL = 'label must be the resource name of one of your Google contact labels, like contactGroups/1a2b3c';
  it.each([
    [{ label: 7 }, 'label must be a string'],
    [{ label: 'friends' }, NOT_A_LABEL],
    [{ label: 'contactGroups/../x' }, NOT_A_LABEL],
    [{ label: '' }, NOT_A_LABEL],
  ])('refuses %j with a 400 that says why', async (body, message) => {
    const { client } = await signedInAgent(api);
    const res = await prepare(client, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('refuses without Google connected, and with Contacts not turned on', async () => {
    const { client } = await signedInAgent(api);
    const none = await prepare(client);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Connect Google in Settings first.');

    await connectGoogle(client, googleAccount());
    const off = await prepare(client);
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({
      code: 'GOOGLE_FEATURE_OFF',
      message: 'Turn on Google Contacts in Settings first.',
    });
  });

  it('asks the agent to connect again when Google refuses the token, and makes no import', async () => {
    await writeContacts(CONTACTS);
    const { client } = await agentWithContacts();
    await writeFaults([{ status: 401, times: 1, path: 'connections' }]);
    const res = await prepare(client);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'GOOGLE_RECONNECT' });
    expect((await client.get('/api/imports/latest')).status).toBe(404);
  });
});

describe('starting it', () => {
  it('creates the new client linked to its contact, links the matched ones filling only what they lack, and makes no duplicate when imported again', async () => {
    // Arrange
    await writeContacts(CONTACTS);
    const { client, userId, clients } = await agentWithContacts();
    const prepared = await prepare(client);
    // Act
    expect((await startImport(client, prepared.body.id)).status).toBe(202);
    const done = await waitForImport(client, prepared.body.id);
    // Assess
    expect(done).toMatchObject({ status: 'done', imported: 1, updated: 2, skipped: 1 });
    const byName = Object.fromEntries(((await allClients(client)) as Client[]).map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(['Ana Ruiz', 'Carl Diaz', 'Dee Park']);
    expect(byName['Dee Park']).toMatchObject({
      email: 'dee@example.com',
      birthday: '--05-06',
      anniversary: '2011-09-17',
      keyDates: [{ label: 'Closing day', date: '2020-06-30' }],
      origin: 'imported',
    });
    // Carl, matched by his number: his e-mail and address stay his agent's; the birthday he lacked is Google's.
    expect(byName['Carl Diaz']).toMatchObject({
      email: 'carl@example.com',
      address: '5 Oak Ave, Austin, TX 78704',
      birthday: '1980-03-14',
    });
    // Ana, matched by her e-mail: the name her agent gave her stays.
    expect(byName['Ana Ruiz']!.updatedAt).toBeDefined();
    for (const [id, resourceName] of [
      [clients.carl!.id, 'people/c2'],
      [clients.ana!.id, 'people/c1'],
      [byName['Dee Park']!.id, 'people/c3'],
    ] as const) {
      expect((await getClient(userId, id))!.googleContact).toMatchObject({ resourceName, etag: expect.any(String) });
    }

    const again = await prepare(client);
    expect(again.body.preview).toMatchObject({ new: 0, matched: 3, errors: 1 });
    await startImport(client, again.body.id);
    expect(await waitForImport(client, again.body.id)).toMatchObject({ status: 'done', imported: 0 });
    expect(await allClients(client)).toHaveLength(3);
  });

  it('is done only once the contacts sync follows it: a sync the moment it says done is taken', async () => {
    // Arrange
    await writeContacts(CONTACTS);
    const { client, userId } = await agentWithContacts();
    const prepared = await prepare(client);
    // Act: the import's writes, from its start to the answer that says it is done.
    const { calls } = await dbCallsOf(async () => {
      await startImport(client, prepared.body.id);
      await waitForImport(client, prepared.body.id);
    });
    // Assess: the connection takes the import's sync token before the import item's last write (its `done`).
    const writesTo = (key: object) =>
      calls.flatMap((call, index) =>
        call.name === 'UpdateCommand' && JSON.stringify(call.keys[0]) === JSON.stringify(key) ? [index] : [],
      );
    const followed = writesTo(googleConnectionKey(userId));
    const importWrites = writesTo(importKey(userId, prepared.body.id));
    expect(followed.length).toBeGreaterThan(0);
    expect(followed.at(-1)).toBeLessThan(importWrites.at(-1)!);
    expect((await getConnection(userId))!.contactsFeature).toMatchObject({ syncToken: expect.any(String) });
    expect((await client.post('/api/google/contacts/sync')).status).toBe(202);
  });

  it('is the agent’s own: another agent can neither read nor start it', async () => {
    await writeContacts(CONTACTS);
    const { client } = await agentWithContacts();
    const prepared = await prepare(client);
    const { client: other } = await signedInAgent(api);
    expect((await other.get(`/api/imports/${prepared.body.id}`)).status).toBe(404);
    expect((await startImport(other, prepared.body.id)).status).toBe(404);
    expect((await client.get<ImportJob>(`/api/imports/${prepared.body.id}`)).body.status).toBe('ready');
    expect(await allClients(other)).toHaveLength(0);
  });
});

describe('keeping in step (POST /api/google/contacts/sync)', () => {
  const sync = (client: ApiClient) => client.post<ContactsSyncResult>('/api/google/contacts/sync');

  it('refuses before the contacts were imported once, and without Contacts on', async () => {
    const { client } = await agentWithContacts();
    const first = await sync(client);
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: 'CONTACTS_NOT_IMPORTED' });
    await client.put('/api/google/connection', { contacts: false });
    expect((await sync(client)).body).toMatchObject({ code: 'GOOGLE_FEATURE_OFF' });
  });

  it('takes Google’s edits the agent did not make, keeps the agent’s on a conflict, unlinks the deleted and adds the new without a duplicate', async () => {
    // Arrange: edits on both sides after the import
    const { client, userId, byName } = await imported();
    const before = await byName();
    const carlEdit = await client.patch(`/api/clients/${before['Carl Diaz']!.id}`, { email: 'carl.h@example.com' });
    expect(carlEdit.status).toBe(200);
    const gus = await client.post('/api/clients', { name: 'Gus Lee', email: 'gus@example.com', phone: '5125550150' });
    // Ana (the first) is deleted in Google.
    const [, carl, dee, eve] = CONTACTS as [object, object, object, object];
    await writeContacts([
      { ...carl, ...emails('carl.g@example.com') },
      { ...dee, ...phones('+1 512 555 0199') },
      eve,
      person('c5', { ...named('Fay Wu'), ...emails('fay@example.com'), ...phones('+1 512 555 0104') }),
      person('c6', { ...named('Gus Lee (phone)'), ...emails('gus@example.com'), ...phones('+1 512 555 0150') }),
    ]);
    // Act
    const res = await sync(client);
    // Assess
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      itemsIn: 5,
      itemsOut: 0,
      created: 1,
      linked: 1,
      updated: 1,
      unlinked: 1,
      conflicts: 1,
      capped: 0,
      fullSync: false,
    });
    const after = await byName();
    expect(Object.keys(after).sort()).toEqual(['Ana Ruiz', 'Carl Diaz', 'Dee Park', 'Fay Wu', 'Gus Lee']);
    expect(after['Carl Diaz']!.email).toBe('carl.h@example.com');
    expect(after['Dee Park']!.phone).toBe('+1 512 555 0199');
    expect((await getClient(userId, after['Ana Ruiz']!.id))!.googleContact).toBeUndefined();
    expect((await getClient(userId, gus.body.id))!.googleContact).toMatchObject({ resourceName: 'people/c6' });
    const kept = (await getConnection(userId))!.contactsFeature!;
    expect(kept.conflicts).toEqual([
      {
        field: 'email',
        google: 'carl.g@example.com',
        client: 'carl.h@example.com',
        clientId: before['Carl Diaz']!.id,
        at: expect.any(String),
      },
    ]);
    expect(kept).toMatchObject({ lastError: null, lastSuccessAt: expect.any(String) });

    // Nothing changed since: a sync reads nothing and changes nothing.
    expect((await sync(client)).body).toMatchObject({ itemsIn: 0, created: 0, updated: 0, unlinked: 0 });
  });

  it('reads everything again when Google no longer takes the token, and creates no duplicate', async () => {
    const { client, byName } = await imported();
    // The fake forgets every sync token it gave: the next sync's is answered 410 EXPIRED_SYNC_TOKEN.
    await rm(join(api.fakeGoogleDir!, 'people-sync.json'), { force: true });
    const res = await sync(client);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ fullSync: true, itemsIn: 4, created: 0, unlinked: 0 });
    expect(Object.keys(await byName()).sort()).toEqual(['Ana Ruiz', 'Carl Diaz', 'Dee Park']);
  });

  it('keeps Google’s refusal as the last error and asks the agent to connect again, until they do', async () => {
    const { client, userId } = await imported();
    await writeFaults([{ status: 401, times: 1, path: 'connections' }]);
    const res = await sync(client);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'GOOGLE_RECONNECT' });
    expect((await getConnection(userId))!.contactsFeature).toMatchObject({ lastError: 'reconnect' });
    const integrations = await client.get<Integrations>('/api/integrations');
    expect(integrations.body.google.features.contacts).toMatchObject({
      state: 'reauth_needed',
      lastError: 'reconnect',
    });
    // Connected again: the refusal is gone, the import's sync state kept.
    await connectGoogle(client, googleAccount(), ['contacts']);
    expect((await getConnection(userId))!.contactsFeature).toMatchObject({
      lastError: null,
      syncToken: expect.any(String),
    });
    expect((await client.get<Integrations>('/api/integrations')).body.google.features.contacts.state).toBe('ok');
  });

  it('shows how each feature stands (GET /api/integrations), the agent’s own', async () => {
    const { client } = await imported();
    await sync(client);
    const res = await client.get<Integrations>('/api/integrations');
    expect(res.status).toBe(200);
    expect(res.body.google).toMatchObject({
      connected: true,
      features: {
        reviews: { state: 'off' },
        contacts: { state: 'ok', lastSuccessAt: expect.any(String), lastError: null, itemsIn: 0, conflicts: 0 },
        calendar: { state: 'off' },
      },
    });
    const { client: other } = await signedInAgent(api);
    expect((await other.get<Integrations>('/api/integrations')).body.google).toMatchObject({
      connected: false,
      features: { contacts: { state: 'off', lastSuccessAt: null } },
    });
  });
});

describe('conflicts (GET /api/google/contacts/conflicts, POST …/resolve)', () => {
  type Conflicts = { conflicts: Array<Record<string, string>> };
  const listConflicts = (client: ApiClient) => client.get<Conflicts>('/api/google/contacts/conflicts');
  const resolve = (client: ApiClient, body: object) =>
    client.post<Conflicts>('/api/google/contacts/conflicts/resolve', body);
  const contactsOnGoogle = async () =>
    JSON.parse(await readFile(join(api.fakeGoogleDir!, 'contacts.json'), 'utf8')) as Array<{
      resourceName: string;
      phoneNumbers?: { value: string }[];
    }>;

  /** An agent whose imported Carl (people/c2) has a phone conflict: both sides changed it since the import. */
  async function withPhoneConflict() {
    const agent = await imported();
    const carlId = agent.clients.carl!.id;
    expect((await agent.client.patch(`/api/clients/${carlId}`, { phone: '+1 512 555 0111' })).status).toBe(200);
    const [ana, carl, dee, eve] = CONTACTS as [object, object, object, object];
    await writeContacts([ana, { ...carl, ...phones('+1 512 555 0122') }, dee, eve]);
    expect((await agent.client.post<ContactsSyncResult>('/api/google/contacts/sync')).body.conflicts).toBe(1);
    return { ...agent, carlId };
  }

  it('lists a conflict with both values, and keeping Google’s sets it on the client; the next sync finds nothing', async () => {
    const { client, carlId } = await withPhoneConflict();
    expect((await listConflicts(client)).body).toEqual({
      conflicts: [
        {
          clientId: carlId,
          clientName: 'Carl Diaz',
          field: 'phone',
          google: '+1 512 555 0122',
          hearthside: '+1 512 555 0111',
          at: expect.any(String),
        },
      ],
    });
    const res = await resolve(client, { clientId: carlId, field: 'phone', keep: 'google' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ conflicts: [] });
    expect((await client.get<Client>(`/api/clients/${carlId}`)).body.phone).toBe('+1 512 555 0122');
    expect((await client.post<ContactsSyncResult>('/api/google/contacts/sync')).body).toMatchObject({
      updated: 0,
      conflicts: 0,
    });
    const again = await resolve(client, { clientId: carlId, field: 'phone', keep: 'google' });
    expect(again.status).toBe(404);
  });

  it('keeping Hearthside’s writes it to the contact on a fresh etag, re-read and retried once when Google refuses the etag', async () => {
    const { client, carlId } = await withPhoneConflict();
    // Google refuses the first write's etag (the contact changed in between): read again, written again.
    await writeFaults([{ status: 400, reason: 'FAILED_PRECONDITION', times: 1, path: 'updateContact' }]);
    const res = await resolve(client, { clientId: carlId, field: 'phone', keep: 'hearthside' });
    expect(res.status).toBe(200);
    const carl = (await contactsOnGoogle()).find((p) => p.resourceName === 'people/c2')!;
    expect(carl.phoneNumbers).toEqual([{ value: '+1 512 555 0111' }]);
    expect((await client.get<Client>(`/api/clients/${carlId}`)).body.phone).toBe('+1 512 555 0111');
    expect((await client.post<ContactsSyncResult>('/api/google/contacts/sync')).body).toMatchObject({
      updated: 0,
      conflicts: 0,
    });
  });

  it('tells the agent when the contact changed in Google again on the retry too, and keeps the conflict', async () => {
    const { client, carlId } = await withPhoneConflict();
    await writeFaults([{ status: 400, reason: 'FAILED_PRECONDITION', times: 2, path: 'updateContact' }]);
    const res = await resolve(client, { clientId: carlId, field: 'phone', keep: 'hearthside' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONTACT_CHANGED_AGAIN' });
    expect((await listConflicts(client)).body.conflicts).toHaveLength(1);
  });

  it('refuses a body that says nothing it can do with a 400, and another agent’s conflict with a 404', async () => {
    const { client, carlId } = await withPhoneConflict();
    for (const [body, message] of [
      [{ clientId: carlId, field: 'name', keep: 'google' }, 'field must be email or phone'],
      [{ clientId: carlId, field: 'phone', keep: 'both' }, 'keep must be google or hearthside'],
      [{ clientId: '../x', field: 'phone', keep: 'google' }, 'clientId is malformed'],
    ] as const) {
      const res = await resolve(client, body);
      expect(res.status).toBe(400);
      expect((res.body as unknown as { message: string }).message).toBe(message);
    }
    const other = await agentWithContacts();
    expect((await resolve(other.client, { clientId: carlId, field: 'phone', keep: 'google' })).status).toBe(404);
    expect((await listConflicts(other.client)).body).toEqual({ conflicts: [] });
    expect((await listConflicts(client)).body.conflicts).toHaveLength(1);
  });
});

describe('out: the agent’s edits and the "Hearthside clients" group', () => {
  type OnGoogle = {
    resourceName: string;
    names?: { displayName: string }[];
    phoneNumbers?: { value: string }[];
    birthdays?: object[];
    memberships?: { contactGroupMembership: { contactGroupResourceName: string } }[];
  };
  const onGoogle = async () =>
    JSON.parse(await readFile(join(api.fakeGoogleDir!, 'contacts.json'), 'utf8')) as OnGoogle[];
  const groups = async () =>
    JSON.parse(await readFile(join(api.fakeGoogleDir!, 'contact-groups.json'), 'utf8')) as Array<{
      resourceName: string;
      name: string;
    }>;
  const sync = (client: ApiClient) => client.post<ContactsSyncResult>('/api/google/contacts/sync');

  it('writes the agent’s edit of a linked client’s phone to the contact, and the next sync finds nothing', async () => {
    const { client, clients } = await imported();
    expect((await client.patch(`/api/clients/${clients.carl!.id}`, { phone: '+1 512 555 0177' })).status).toBe(200);
    expect((await sync(client)).body).toMatchObject({ itemsOut: 1, updated: 0, conflicts: 0 });
    const carl = (await onGoogle()).find((p) => p.resourceName === 'people/c2')!;
    expect(carl.phoneNumbers).toEqual([{ value: '+1 512 555 0177' }]);
    expect((await sync(client)).body).toMatchObject({ itemsOut: 0, updated: 0, conflicts: 0 });
  });

  it('reads the contact again when Google refuses the etag and writes once more; refused twice, it keeps a conflict', async () => {
    const { client, clients } = await imported();
    await client.patch(`/api/clients/${clients.carl!.id}`, { phone: '+1 512 555 0177' });
    await writeFaults([{ status: 400, reason: 'FAILED_PRECONDITION', times: 1, path: 'updateContact' }]);
    expect((await sync(client)).body).toMatchObject({ itemsOut: 1, conflicts: 0 });

    await client.patch(`/api/clients/${clients.carl!.id}`, { phone: '+1 512 555 0188' });
    await writeFaults([{ status: 400, reason: 'FAILED_PRECONDITION', times: 2, path: 'updateContact' }]);
    expect((await sync(client)).body).toMatchObject({ itemsOut: 0, conflicts: 1 });
    const listed = await client.get('/api/google/contacts/conflicts');
    expect(listed.body.conflicts).toEqual([
      expect.objectContaining({ clientId: clients.carl!.id, field: 'phone', hearthside: '+1 512 555 0188' }),
    ]);
    const carl = (await onGoogle()).find((p) => p.resourceName === 'people/c2')!;
    expect(carl.phoneNumbers).toEqual([{ value: '+1 512 555 0177' }]);
  });

  it('keeps every client in the group (a client not linked made a contact), takes a deleted one out, and deletes nothing in Google', async () => {
    const { client, clients } = await imported();
    const gus = await client.post<Client>('/api/clients', {
      name: 'Gus Lee',
      email: 'gus@example.com',
      phone: '+1 512 555 0150',
      birthday: '--07-04',
    });
    expect((await client.put('/api/google/contacts/group', { enabled: true })).body).toEqual({ enabled: true });
    expect((await client.get<Integrations>('/api/integrations')).body.google.clientsGroup).toBe(true);

    expect((await sync(client)).body).toMatchObject({ itemsOut: 4 });
    const [group] = (await groups()).filter((g) => g.name === 'Hearthside clients');
    const inGroup = (person: OnGoogle) =>
      (person.memberships ?? []).some((m) => m.contactGroupMembership.contactGroupResourceName === group!.resourceName);
    const people = await onGoogle();
    // Ana, Carl and Dee (linked) and Gus (made a contact): all in it; Eve (no client) not.
    expect(
      people
        .filter(inGroup)
        .map((p) => p.names?.[0]?.displayName)
        .sort(),
    ).toEqual(['Ana Ruiz (Google)', 'Carl Diaz', 'Dee Park', 'Gus Lee']);
    const gusOnGoogle = people.find((p) => p.names?.[0]?.displayName === 'Gus Lee')!;
    expect(gusOnGoogle).toMatchObject({
      phoneNumbers: [{ value: '+1 512 555 0150' }],
      birthdays: [{ date: { month: 7, day: 4 } }],
    });
    expect((await getClient((await client.get('/api/user')).body.id, gus.body.id))!.googleContact).toMatchObject({
      resourceName: gusOnGoogle.resourceName,
    });
    // Nothing changed: nothing written, no second group.
    expect((await sync(client)).body).toMatchObject({ itemsOut: 0 });

    expect((await client.delete(`/api/clients/${clients.carl!.id}`)).status).toBe(204);
    expect((await sync(client)).body).toMatchObject({ itemsOut: 1 });
    const after = await onGoogle();
    const carl = after.find((p) => p.resourceName === 'people/c2')!;
    expect(inGroup(carl)).toBe(false);
    expect(after).toHaveLength(people.length);
    expect((await groups()).filter((g) => g.name === 'Hearthside clients')).toHaveLength(1);
  });

  it('refuses a body that is no switch with a 400, and the group before Contacts is on with a 409', async () => {
    const { client } = await signedInAgent(api);
    expect((await client.put('/api/google/contacts/group', { enabled: 'yes' })).status).toBe(400);
    const off = await client.put('/api/google/contacts/group', { enabled: true });
    expect(off.status).toBe(409);
  });
});

describe('import, push and two pulls in any order (a property)', () => {
  type Op = 'import' | 'push' | 'pull' | 'pull';
  const OPS: Op[] = ['import', 'push', 'pull', 'pull'];

  it('leave no duplicate, on either side, and delete nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(OPS, { minLength: 4, maxLength: 4 }), async (order) => {
        // Synthetic contacts: Ana is a client by e-mail, Cy by phone, Bo is no client; Dee is a client only here.
        await writeContacts([
          person('p1', { ...named('Ana Ruiz'), ...emails('ana@example.com') }),
          person('p2', { ...named('Bo Chen'), ...emails('bo@example.com'), ...phones('+1 512 555 0160') }),
          person('p3', { ...named('Cy Park'), ...emails('cy.g@example.com'), ...phones('+1 512 555 0161') }),
        ]);
        const { client } = await signedInAgent(api);
        await connectGoogle(client, googleAccount(), ['contacts']);
        for (const body of [
          { name: 'Ana Ruiz', email: 'ana@example.com', phone: '5125550170' },
          { name: 'Cy Park', email: 'cy@example.com', phone: '+15125550161' },
          { name: 'Dee Lo', email: 'dee@example.com', phone: '5125550172', birthday: '1990-01-02' },
        ])
          expect((await client.post('/api/clients', body)).status).toBe(201);
        let pulls = 0;
        for (const op of order) {
          if (op === 'import') {
            const prepared = await prepare(client);
            await startImport(client, prepared.body.id);
            await waitForImport(client, prepared.body.id);
          } else if (op === 'push') {
            await client.put('/api/google/contacts/group', { enabled: true });
            await client.post('/api/google/contacts/sync');
          } else {
            // Between pulls Google changes: a new contact, and Bo's number edited on the phone.
            pulls += 1;
            const people = JSON.parse(await readFile(join(api.fakeGoogleDir!, 'contacts.json'), 'utf8'));
            people.push(person(`n${pulls}`, { ...named(`New ${pulls}`), ...emails(`new${pulls}@example.com`) }));
            people[1].phoneNumbers = [{ value: `+1 512 555 018${pulls}` }];
            await writeContacts(people);
            await client.post('/api/google/contacts/sync');
          }
        }
        const clients = (await allClients(client)) as Client[];
        const onGoogle = JSON.parse(await readFile(join(api.fakeGoogleDir!, 'contacts.json'), 'utf8')) as Array<{
          emailAddresses?: { value: string }[];
        }>;
        const emailsOnGoogle = onGoogle.flatMap((p) => (p.emailAddresses ?? []).map((e) => e.value.toLowerCase()));
        // Nothing deleted: the three clients and the contacts written stay.
        expect(clients.map((c) => c.name)).toEqual(expect.arrayContaining(['Ana Ruiz', 'Cy Park', 'Dee Lo']));
        expect(onGoogle.length).toBeGreaterThanOrEqual(3 + pulls);
        // No duplicate: one client per e-mail and per person, one contact per e-mail.
        expect(new Set(clients.map((c) => c.email)).size).toBe(clients.length);
        expect(clients.filter((c) => c.name === 'Cy Park')).toHaveLength(1);
        expect(new Set(emailsOnGoogle).size).toBe(emailsOnGoogle.length);
      }),
      { numRuns: 6 },
    );
  });
});
