// Custom key dates and the keep-in-touch rhythm through the API: their limits and validation on create, edit and
// import, custom dates in /api/reminders (a page at a time), the clients due for a check-in a page at a time with
// tenancy, a touch moving the due day, and the time zone column of an import.
import type { Client, ClientPage, ReminderPage } from '@shared/api-types';
import { addDays, todayIn } from '@shared/dates';
import { KEY_DATE_MESSAGES } from '@shared/key-dates';
import { nextOccurrence } from '@shared/reminders';
import { getUserById, setProStatus } from '../../data/users';
import { runAutomations } from '../../services/automations';
import { automationRule, clientInput } from '../../testing/factories';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

const ZONE = 'America/Chicago';
const today = () => todayIn(ZONE);

async function proAgent() {
  const agent = await signedInAgent(api);
  await setProStatus(agent.user.id, true);
  expect((await agent.client.patch('/api/user/preferences', { timeZone: ZONE })).status).toBe(200);
  return agent;
}

async function add(client: ApiClient, fields: Record<string, unknown> = {}): Promise<Client> {
  const res = await client.post('/api/clients', clientInput(fields));
  expect([res.status, res.text.slice(0, 300)]).toEqual([201, expect.any(String)]);
  return res.body as Client;
}

const touch = (client: ApiClient, id: string, date: string) =>
  client.post(`/api/clients/${id}/touches`, { kind: 'call', date });

async function duePage(client: ApiClient, params: Record<string, string> = {}) {
  const res = await client.get(`/api/clients?${new URLSearchParams({ due: 'check-in', ...params })}`);
  expect([res.status, res.text.slice(0, 300)]).toEqual([200, expect.any(String)]);
  return res.body as ClientPage;
}

const tenDates = Array.from({ length: 10 }, (_, i) => ({ label: `Date ${i}`, date: `--0${(i % 9) + 1}-15` }));

describe('custom key dates on the client', () => {
  it('are written on create and edit, trimmed, and cleared with [] or null', async () => {
    const { client } = await proAgent();
    const lease = { label: 'Lease ends', date: '--03-31' };
    const made = await add(client, {
      keyDates: [{ label: '  Son turns 16 ', date: '2010-05-02' }, lease],
      cadenceDays: 30,
    });
    expect(made).toMatchObject({ keyDates: [{ label: 'Son turns 16', date: '2010-05-02' }, lease], cadenceDays: 30 });
    const edited = await client.patch(`/api/clients/${made.id}`, { keyDates: tenDates, cadenceDays: 365 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ keyDates: tenDates, cadenceDays: 365 });
    // A PATCH of other fields keeps them.
    expect((await client.patch(`/api/clients/${made.id}`, { address: '1 Elm St' })).body).toMatchObject({
      keyDates: tenDates,
      cadenceDays: 365,
    });
    const cleared = await client.patch(`/api/clients/${made.id}`, { keyDates: [], cadenceDays: null });
    expect(cleared.body).toMatchObject({ keyDates: [], cadenceDays: null });
    expect((await client.patch(`/api/clients/${made.id}`, { keyDates: null })).body.keyDates).toEqual([]);
  });

  it('accept 29 February only without a year or in a leap year', async () => {
    const { client } = await proAgent();
    const made = await add(client, {
      keyDates: [
        { label: 'Leap', date: '--02-29' },
        { label: 'Leap year', date: '2024-02-29' },
      ],
    });
    expect(made.keyDates).toHaveLength(2);
    const res = await client.patch(`/api/clients/${made.id}`, { keyDates: [{ label: 'No', date: '2023-02-29' }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { 'keyDates[0].date': KEY_DATE_MESSAGES.date },
    });
  });

  it.each([
    [
      'an eleventh date',
      { keyDates: [...tenDates, { label: 'One more', date: '2020-01-01' }] },
      'keyDates',
      KEY_DATE_MESSAGES.tooMany,
    ],
    [
      'a label of 41 characters',
      { keyDates: [{ label: 'x'.repeat(41), date: '2020-01-01' }] },
      'keyDates[0].label',
      KEY_DATE_MESSAGES.labelTooLong,
    ],
    [
      'a blank label',
      { keyDates: [{ label: '  ', date: '2020-01-01' }] },
      'keyDates[0].label',
      KEY_DATE_MESSAGES.labelRequired,
    ],
    [
      'a label that is not text',
      { keyDates: [{ label: 7, date: '2020-01-01' }] },
      'keyDates[0].label',
      KEY_DATE_MESSAGES.label,
    ],
    ['no date', { keyDates: [{ label: 'Lease' }] }, 'keyDates[0].date', KEY_DATE_MESSAGES.dateRequired],
    ['a US date', { keyDates: [{ label: 'Lease', date: '03/31/2026' }] }, 'keyDates[0].date', KEY_DATE_MESSAGES.date],
    [
      'a month 13 without a year',
      { keyDates: [{ label: 'Lease', date: '--13-01' }] },
      'keyDates[0].date',
      KEY_DATE_MESSAGES.date,
    ],
    ['an entry that is not an object', { keyDates: ['2020-01-01'] }, 'keyDates[0]', KEY_DATE_MESSAGES.entry],
    ['a list that is not a list', { keyDates: 'Lease: 2020-01-01' }, 'keyDates', KEY_DATE_MESSAGES.list],
    ['a rhythm of 6 days', { cadenceDays: 6 }, 'cadenceDays', KEY_DATE_MESSAGES.cadence],
    ['a rhythm of 366 days', { cadenceDays: 366 }, 'cadenceDays', KEY_DATE_MESSAGES.cadence],
    ['a rhythm of 7.5 days', { cadenceDays: 7.5 }, 'cadenceDays', KEY_DATE_MESSAGES.cadence],
  ])('refuses %s with a 400 naming the field, on create and on edit', async (_, body, field, message) => {
    const { client } = await proAgent();
    const created = await client.post('/api/clients', clientInput(body));
    expect([created.status, created.body.code, created.body.errors?.[field]]).toEqual([
      400,
      'VALIDATION_FAILED',
      message,
    ]);
    const made = await add(client);
    const edited = await client.patch(`/api/clients/${made.id}`, body);
    expect([edited.status, edited.body.code, edited.body.errors?.[field]]).toEqual([400, 'VALIDATION_FAILED', message]);
  });

  it('refuses a rhythm sent as text', async () => {
    const { client } = await proAgent();
    const res = await client.post('/api/clients', clientInput({ cadenceDays: '30' }));
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('custom key dates in GET /api/reminders', () => {
  it('come round every year with type "custom" and their label, each once across the pages', async () => {
    const { client } = await proAgent();
    const inTen = addDays(today(), 10);
    const yearless = `--${inTen.slice(5)}`;
    const ana = await add(client, {
      name: 'Ana Ruiz',
      keyDates: [
        { label: 'Lease ends', date: `2001-${inTen.slice(5)}` },
        { label: 'Son turns 16', date: yearless },
      ],
    });
    const ben = await add(client, {
      name: 'Ben Okafor',
      birthday: yearless,
      keyDates: [{ label: 'Closing', date: yearless }],
    });
    const events: ReminderPage['events'] = [];
    let cursor: string | null = '';
    for (let pages = 0; cursor !== null && pages < 10; pages += 1) {
      const params: Record<string, string> = { limit: '1', ...(cursor ? { cursor } : {}) };
      const res = await client.get(`/api/reminders?${new URLSearchParams(params)}`);
      expect(res.status).toBe(200);
      events.push(...(res.body as ReminderPage).events);
      cursor = (res.body as ReminderPage).nextCursor;
    }
    expect(cursor).toBeNull();
    const date = nextOccurrence(yearless, today());
    expect(events).toEqual([
      { clientId: ana.id, clientName: 'Ana Ruiz', date, kind: 'custom', type: 'custom', label: 'Lease ends' },
      { clientId: ana.id, clientName: 'Ana Ruiz', date, kind: 'custom', type: 'custom', label: 'Son turns 16' },
      { clientId: ben.id, clientName: 'Ben Okafor', date, kind: 'birthday', type: 'Birthday' },
      { clientId: ben.id, clientName: 'Ben Okafor', date, kind: 'custom', type: 'custom', label: 'Closing' },
    ]);
    // Removed from the client: gone from the reminders.
    await client.patch(`/api/clients/${ana.id}`, { keyDates: [{ label: 'Son turns 16', date: yearless }] });
    const after = (await client.get('/api/reminders')).body as ReminderPage;
    expect(after.events.filter((e) => e.clientId === ana.id).map((e) => e.label)).toEqual(['Son turns 16']);
  });
});

describe('GET /api/clients?due=check-in', () => {
  it('pages the clients whose rhythm says they are due, longest due first, and only the agent’s own', async () => {
    const { client } = await proAgent();
    const other = await proAgent();
    const long = await add(client, { name: 'Long Due', cadenceDays: 7 });
    const short = await add(client, { name: 'Short Due', cadenceDays: 30 });
    const notYet = await add(client, { name: 'Not Yet', cadenceDays: 30 });
    await add(client, { name: 'No Rhythm' });
    expect((await touch(client, long.id, addDays(today(), -60))).status).toBe(201);
    expect((await touch(client, short.id, addDays(today(), -30))).status).toBe(201);
    expect((await touch(client, notYet.id, addDays(today(), -29))).status).toBe(201);
    // Another agent's due client is never in this list.
    const theirs = await add(other.client, { name: 'Theirs', cadenceDays: 7 });
    await touch(other.client, theirs.id, addDays(today(), -60));

    const first = await duePage(client, { limit: '1' });
    expect(first.clients.map((c) => c.name)).toEqual(['Long Due']);
    expect(first.total).toBe(2);
    const second = await duePage(client, { limit: '1', cursor: first.nextCursor! });
    expect(second.clients.map((c) => c.name)).toEqual(['Short Due']);
    const rest = second.nextCursor ? await duePage(client, { limit: '1', cursor: second.nextCursor }) : undefined;
    expect(rest?.clients ?? []).toEqual([]);
    expect((await duePage(other.client)).clients.map((c) => c.name)).toEqual(['Theirs']);
    // Another agent's cursor is refused.
    const stolen = await other.client.get(`/api/clients?due=check-in&cursor=${first.nextCursor!}`);
    expect([stolen.status, stolen.body.code]).toEqual([400, 'INVALID_CURSOR']);
  });

  it('a touch moves the due day: the client leaves the list until the rhythm comes round again', async () => {
    const { client } = await proAgent();
    const ana = await add(client, { name: 'Ana Ruiz', cadenceDays: 14 });
    expect((await duePage(client)).clients).toEqual([]);
    await touch(client, ana.id, addDays(today(), -14));
    expect((await duePage(client)).clients.map((c) => c.id)).toEqual([ana.id]);
    await touch(client, ana.id, today());
    expect(await duePage(client)).toMatchObject({ clients: [], total: 0 });
    // A rhythm changed counts from the same Last Contact; none takes them off the list.
    await client.patch(`/api/clients/${ana.id}`, { cadenceDays: 7 });
    expect((await duePage(client)).clients).toEqual([]);
    await touch(client, ana.id, addDays(today(), -7));
    await client.patch(`/api/clients/${ana.id}`, { cadenceDays: null });
    expect((await duePage(client)).clients).toEqual([]);
  });

  it('refuses another value of due, and due with q or sort', async () => {
    const { client } = await proAgent();
    for (const query of ['due=soon', 'due=check-in&q=ana', 'due=check-in&sort=name']) {
      const res = await client.get(`/api/clients?${query}`);
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
      expect(res.body.message).toMatch(/due/);
    }
  });
});

describe('the check-in automation rule', () => {
  it('drafts one message for approval per client due for a check-in, and none again while the client stays due', async () => {
    const { client, user } = await proAgent();
    const rules = [automationRule({ occasion: 'check-in' })];
    expect((await client.request('PUT', '/api/user/automations', { json: { rules } })).status).toBe(200);
    const due = await add(client, { name: 'Due Client', cadenceDays: 30 });
    const notDue = await add(client, { name: 'Not Due', cadenceDays: 30 });
    await touch(client, due.id, addDays(today(), -45));
    await touch(client, notDue.id, addDays(today(), -10));

    const agent = (await getUserById(user.id))!;
    expect(await runAutomations(agent, today())).toMatchObject({ due: 1, awaiting: 1, existing: 0 });
    const queue = await client.get('/api/outgoing');
    expect(queue.body.messages).toEqual([
      expect.objectContaining({ clientId: due.id, occasion: 'check-in', automatic: true, status: 'awaiting-approval' }),
    ]);
    expect(await runAutomations(agent, today())).toMatchObject({ due: 1, awaiting: 0, existing: 1 });
  });
});

function upload(client: ApiClient, content: string) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), 'clients.csv');
  return client.request('POST', '/api/clients/import', { body: form });
}

describe('import', () => {
  it('reads the export’s timeZone, keyDates and cadenceDays columns, and reports a bad one by its row', async () => {
    const { client } = await proAgent();
    const csv =
      'name,email,phone,timeZone,keyDates,cadenceDays\n' +
      'Ana Ruiz,ana@example.com,512-555-0101,Europe/Paris,Lease ends: --03-31; Son: turns 16: 2010-05-02,30\n' +
      'Ben Okafor,ben@example.com,512-555-0102,Mars/Base,,\n' +
      'Cy Twain,cy@example.com,512-555-0103,,Lease: 2023-02-29,\n' +
      'Dee Lee,dee@example.com,512-555-0104,,,3\n';
    const res = await upload(client, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 1 });
    expect((res.body.errors as Array<{ row: number; message: string }>).map((e) => e.row)).toEqual([3, 4, 5]);
    expect(res.body.errors[1].message).toContain(KEY_DATE_MESSAGES.date);
    expect(res.body.errors[2].message).toContain(KEY_DATE_MESSAGES.cadence);
    const list = (await allClients(client)) as Client[];
    expect(list.find((c) => c.email === 'ana@example.com')).toMatchObject({
      timeZone: 'Europe/Paris',
      keyDates: [
        { label: 'Lease ends', date: '--03-31' },
        { label: 'Son: turns 16', date: '2010-05-02' },
      ],
      cadenceDays: 30,
    });
  });
});
