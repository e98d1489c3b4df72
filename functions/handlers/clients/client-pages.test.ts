// GET /api/clients?limit=&cursor=&q=&sort=&order=: pages that lose and repeat nothing while clients
// are added and deleted, search by the start of any word of the name or of the e-mail (case and
// accents aside), each sort, tenancy and bad input.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Client, ClientPage } from '@shared/api-types';
import { db, table } from '../../data/db';
import { listPartition } from '../../data/client-lists';
import { setProStatus } from '../../data/users';
import { clientInput } from '../../testing/factories';
import { inviteClient, signedInRealtor } from '../../testing/invitations';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { CLIENT_LIST_MESSAGES } from './get-clients';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

async function proAgent() {
  const agent = await signedInAgent(api);
  await setProStatus(agent.user.id, true);
  return agent;
}

async function add(client: ApiClient, fields: Record<string, unknown>): Promise<Client> {
  const res = await client.post('/api/clients', clientInput(fields));
  expect(res.status).toBe(201);
  return res.body as Client;
}

async function page(client: ApiClient, params: Record<string, string>): Promise<ClientPage> {
  const res = await client.get(`/api/clients?${new URLSearchParams(params)}`);
  expect([res.status, res.text.slice(0, 200)]).toEqual([200, expect.any(String)]);
  return res.body as ClientPage;
}

/** Every page of a list, following the cursors; `between` runs after each page. */
async function allPages(
  client: ApiClient,
  params: Record<string, string>,
  between?: (n: number) => Promise<void>,
): Promise<{ names: string[]; pages: number }> {
  const names: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const body: ClientPage = await page(client, { ...params, ...(cursor ? { cursor } : {}) });
    names.push(...body.clients.map((c) => c.name));
    cursor = body.nextCursor;
    pages += 1;
    if (between) await between(pages);
  } while (cursor);
  return { names, pages };
}

describe('GET /api/clients, a page at a time', () => {
  it('pages by name with a total, losing and repeating no client while others are added and deleted between pages', async () => {
    const { client } = await proAgent();
    const kept: string[] = [];
    const doomed: Client[] = [];
    for (let i = 0; i < 60; i += 1) {
      const created = await add(client, { name: `Keep ${String(i).padStart(2, '0')}` });
      kept.push(created.name);
      if (i % 6 === 0) doomed.push(await add(client, { name: `Gone ${String(i).padStart(2, '0')}` }));
    }
    const first = await page(client, { limit: '25' });
    expect(first.clients).toHaveLength(25);
    expect(first.total).toBe(70);
    expect(first.nextCursor).toEqual(expect.any(String));

    let added = 0;
    const { names, pages } = await allPages(client, { limit: '25' }, async (n) => {
      // Between pages: delete clients on both sides of the cursor, add some before and after it.
      const gone = doomed.splice(0, 3);
      for (const c of gone) expect((await client.delete(`/api/clients/${c.id}`)).status).toBe(204);
      await add(client, { name: `Aaron New ${n}` });
      await add(client, { name: `Zed New ${n}` });
      added += 2;
    });
    expect(pages).toBeGreaterThanOrEqual(3);
    // Every client there all along: exactly once, in order.
    const keptSeen = names.filter((name) => name.startsWith('Keep'));
    expect(keptSeen).toEqual(kept);
    expect(new Set(names).size).toBe(names.length);
    expect(added).toBeGreaterThan(0);
  });

  it('sorts by name, newest, completion, review status and last contact, both ways', async () => {
    const { client } = await proAgent();
    const bea = await add(client, {
      name: 'Béa Zola',
      birthday: '1990-01-02',
      anniversary: '2010-02-03',
      purchaseDate: '2015-03-04',
    });
    const al = await add(client, { name: 'al Young' });
    const cy = await add(client, { name: 'Cy Xu', birthday: '1991-05-06' });
    expect((await client.post(`/api/clients/${cy.id}/review-status`, { status: 'submitted' })).status).toBe(200);
    expect((await client.post(`/api/clients/${al.id}/review-status`, { status: 'requested' })).status).toBe(200);
    expect((await client.post(`/api/clients/${bea.id}/touches`, { kind: 'call', date: '2026-01-10' })).status).toBe(
      201,
    );
    expect((await client.post(`/api/clients/${al.id}/touches`, { kind: 'note', date: '2026-02-10' })).status).toBe(201);
    const order = async (params: Record<string, string>) => (await allPages(client, { limit: '2', ...params })).names;

    // Case and accents aside: al, Béa, Cy.
    expect(await order({ sort: 'name' })).toEqual(['al Young', 'Béa Zola', 'Cy Xu']);
    expect(await order({ sort: 'name', order: 'desc' })).toEqual(['Cy Xu', 'Béa Zola', 'al Young']);
    // Newest first by default.
    expect(await order({ sort: 'created' })).toEqual(['Cy Xu', 'al Young', 'Béa Zola']);
    expect(await order({ sort: 'created', order: 'asc' })).toEqual(['Béa Zola', 'al Young', 'Cy Xu']);
    // Completion: al 3 of 7, Cy 5 of 7 (birthday, review), Béa 6 of 7.
    expect(await order({ sort: 'completion' })).toEqual(['al Young', 'Cy Xu', 'Béa Zola']);
    // Review: pending (Béa), requested (al), submitted (Cy).
    expect(await order({ sort: 'review' })).toEqual(['Béa Zola', 'al Young', 'Cy Xu']);
    expect(await order({ sort: 'review', order: 'desc' })).toEqual(['Cy Xu', 'al Young', 'Béa Zola']);
    // Last contact: most recent first by default; never contacted last.
    expect(await order({ sort: 'lastContact' })).toEqual(['al Young', 'Béa Zola', 'Cy Xu']);
    expect(await order({ sort: 'lastContact', order: 'asc' })).toEqual(['Cy Xu', 'Béa Zola', 'al Young']);

    // A rename and an e-mail change move the client in the lists and the search.
    expect(
      (await client.patch(`/api/clients/${al.id}`, { name: 'Zack Young', email: 'zack.young@example.com' })).status,
    ).toBe(200);
    expect(await order({ sort: 'name' })).toEqual(['Béa Zola', 'Cy Xu', 'Zack Young']);
    expect((await page(client, { q: 'al' })).clients).toEqual([]);
    expect((await page(client, { q: 'zack' })).clients.map((c) => c.name)).toEqual(['Zack Young']);
  });

  it('finds clients by the start of any word of the name or of the e-mail, case and accents aside, each once', async () => {
    const { client } = await proAgent();
    await add(client, { name: 'José Álvarez', email: 'jalvarez@example.com' });
    await add(client, { name: 'Mary-Jo Alvarado', email: 'mj@example.com' });
    await add(client, { name: 'Joseph Brown', email: 'joseph.brown@example.com' });
    await add(client, { name: 'Dana Smith', email: 'alva.dana@example.com' });
    // Names compared in one Unicode form (the API may store another).
    const found = async (q: string) =>
      (await allPages(client, { q, limit: '2' })).names
        .map((n) => n.normalize('NFC'))
        .sort((a, b) => a.localeCompare(b));

    expect(await found('jose')).toEqual(['José Álvarez', 'Joseph Brown']);
    expect(await found('JOSÉ')).toEqual(['José Álvarez', 'Joseph Brown']);
    expect(await found('alva')).toEqual(['Dana Smith', 'José Álvarez', 'Mary-Jo Alvarado']);
    expect(await found('jo alv')).toEqual(['José Álvarez', 'Mary-Jo Alvarado']);
    expect(await found('mj@')).toEqual(['Mary-Jo Alvarado']);
    expect(await found('brown')).toEqual(['Joseph Brown']);
    // The start of a word only: "own" is inside "brown".
    expect(await found('own')).toEqual([]);
    // Joseph Brown matches "jo" by his name and his e-mail: listed once, and counted once.
    const jo = await page(client, { q: 'jo', limit: '10' });
    expect(jo.total).toBe(3);
    expect(jo.clients.map((c) => c.name.normalize('NFC')).sort((a, b) => a.localeCompare(b))).toEqual([
      'José Álvarez',
      'Joseph Brown',
      'Mary-Jo Alvarado',
    ]);
  });

  it('leaves out a stale entry (a crash between the entry and the client) and still pages on', async () => {
    const { client, user } = await proAgent();
    await add(client, { name: 'Real One' });
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          pk: listPartition(user.id, 'name'),
          sk: 'ghost#no-such-client',
          type: 'client-list',
          clientId: 'no-such-client',
        },
      }),
    );
    expect((await allPages(client, { sort: 'name', limit: '1' })).names).toEqual(['Real One']);
  });

  it("never shows another agent's clients, and refuses another list's cursor", async () => {
    const a = await proAgent();
    const b = await proAgent();
    await add(a.client, { name: 'Alice Mine' });
    await add(a.client, { name: 'Alan Mine' });
    const theirs = await page(b.client, { limit: '10' });
    expect(theirs).toEqual({ clients: [], nextCursor: null, total: 0 });
    expect((await page(b.client, { q: 'al' })).clients).toEqual([]);
    const aFirst = await page(a.client, { limit: '1' });
    expect(aFirst.nextCursor).toEqual(expect.any(String));
    const stolen = await b.client.get(`/api/clients?limit=1&cursor=${aFirst.nextCursor}`);
    expect([stolen.status, stolen.body.code]).toEqual([400, 'INVALID_CURSOR']);
    // A name cursor is no cursor for the newest-first list.
    const crossed = await a.client.get(`/api/clients?limit=1&sort=created&cursor=${aFirst.nextCursor}`);
    expect(crossed.status).toBe(400);
  });

  it('answers 400 with a clear message for bad paging input, never 500', async () => {
    const { client } = await proAgent();
    const cases: Array<[string, string]> = [
      ['limit=0', CLIENT_LIST_MESSAGES.limit],
      ['limit=501', CLIENT_LIST_MESSAGES.limit],
      ['limit=ten', CLIENT_LIST_MESSAGES.limit],
      ['sort=age', CLIENT_LIST_MESSAGES.sort],
      ['order=up', CLIENT_LIST_MESSAGES.order],
      [`q=${'a'.repeat(101)}`, CLIENT_LIST_MESSAGES.q],
      ['q=%25%25%25', CLIENT_LIST_MESSAGES.q],
      ['cursor=not!a!cursor', 'The cursor is not valid for this list. Start again without a cursor.'],
      [
        `cursor=${Buffer.from('{"pk":"x"}').toString('base64url')}`,
        'The cursor is not valid for this list. Start again without a cursor.',
      ],
    ];
    for (const [params, message] of cases) {
      const res = await client.get(`/api/clients?${params}`);
      expect([params, res.status, res.body.message]).toEqual([params, 400, message]);
    }
    // An empty search box is no search.
    expect((await page(client, { q: '', limit: '5' })).clients).toEqual([]);
  });
});

describe('GET /api/clients/{id}, one client for its page', () => {
  it("answers the agent's own client in the shape of the list", async () => {
    const { client } = await proAgent();
    const created = await add(client, { name: 'Page Owner', birthday: '1980-04-02' });
    const res = await client.get(`/api/clients/${created.id}`);
    expect(res.status).toBe(200);
    const { remainingFreeSlots: _slots, ...shape } = created as Client & { remainingFreeSlots?: unknown };
    expect(res.body).toEqual({ ...shape, tags: [], keyDates: [], cadenceDays: null });
    const listed = (await page(client, { q: 'page owner' })).clients[0];
    expect(res.body).toEqual(listed);
  });

  it('says how the client came in: added by the agent, or imported from a file', async () => {
    const { client } = await proAgent();
    const added = await add(client, { name: 'Added Here' });
    expect((await client.get(`/api/clients/${added.id}`)).body.origin).toBe('added');
    const form = new FormData();
    form.append('file', new Blob(['name,email,phone\nFrom File,from-file@example.com,512-555-0199\n']), 'c.csv');
    expect((await client.request('POST', '/api/clients/import', { body: form })).status).toBe(200);
    const imported = (await page(client, { q: 'from file' })).clients[0]!;
    expect(imported.origin).toBe('imported');
    expect((await client.get(`/api/clients/${imported.id}`)).body.origin).toBe('imported');
  });

  it('says a client registered through an invitation or through the directory', async () => {
    const realtor = await signedInRealtor(api);
    const invited = clientInput();
    const token = await inviteClient(api, realtor.client, { name: invited.name, email: invited.email });
    const fromInvitation = await api.client().post('/api/client-registration', { token, phone: invited.phone });
    expect(fromInvitation.status).toBe(201);
    const one = await realtor.client.get(`/api/clients/${fromInvitation.body.clientId}`);
    expect([one.status, one.body.origin]).toEqual([200, 'invitation']);

    const walkIn = clientInput({ name: 'Walk In' });
    const fromDirectory = await api.client().post('/api/client-registration', { agentId: realtor.user.id, ...walkIn });
    expect(fromDirectory.status).toBe(201);
    const listed = (await page(realtor.client, { q: 'walk in' })).clients[0]!;
    const other = await realtor.client.get(`/api/clients/${listed.id}`);
    expect([other.body.origin, other.body.registrationPending]).toEqual(['directory', true]);
  });

  it("answers 404 NOT_FOUND for another agent's client and for an unknown id, and 400 for a malformed id", async () => {
    const a = await proAgent();
    const b = await proAgent();
    const theirs = await add(a.client, { name: 'Not Yours' });
    const stolen = await b.client.get(`/api/clients/${theirs.id}`);
    expect([stolen.status, stolen.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(JSON.stringify(stolen.body)).not.toContain('Not Yours');
    const unknown = await b.client.get('/api/clients/no-such-client');
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([404, 'NOT_FOUND', 'Client not found']);
    for (const bad of [`${'x'.repeat(65)}`, 'a.b', '%E2%9C%93', '%20']) {
      const res = await b.client.get(`/api/clients/${bad}`);
      expect([bad, res.status, res.body.code]).toEqual([bad, 400, 'BAD_PATH_PARAMETER']);
    }
    const undecodable = await b.client.get('/api/clients/%ZZ');
    expect(undecodable.status).toBe(400);
  });

  it('leaves /api/clients/export to the export, never to the one-client route', async () => {
    const { client } = await proAgent();
    const res = await client.get('/api/clients/export');
    expect(res.body.code).not.toBe('BAD_PATH_PARAMETER');
    expect(res.status).not.toBe(404);
  });

  it('asks for a session', async () => {
    const res = await api.client().get('/api/clients/anything');
    expect(res.status).toBe(401);
  });
});
