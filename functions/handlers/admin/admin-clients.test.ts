import { parse } from 'csv-parse/sync';
import type { AdminClient, AdminClientPage } from '@shared/api-types';
import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { clientInput, makePro } from '../../testing/factories';
import { addClients, signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { NOTHING_TO_EXPORT } from './post-admin-clients-export';
import { useHandlerAdminApi, type HandlerApi } from '../../testing/handler-api';

const ADMIN_EMAIL = 'clients-admin@example.com';

let api: HandlerApi;
let admin: ApiClient;
useHandlerAdminApi(ADMIN_EMAIL, (started) => ({ api, admin } = started));

async function allPages(path: string, limit: number): Promise<{ clients: AdminClient[]; pages: number }> {
  const clients: AdminClient[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: { status: number; body: AdminClientPage } = await admin.get(
      `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.clients.length).toBeLessThanOrEqual(limit);
    clients.push(...res.body.clients);
    cursor = res.body.nextCursor;
    pages += 1;
  } while (cursor);
  return { clients, pages };
}

describe('admin client lists', () => {
  it('pages through every agent’s clients, newest first, each with its agent’s username', async () => {
    const a = await signedInAgent(api);
    const b = await signedInAgent(api);
    const created = [...(await addClients(a.client, 4)), ...(await addClients(b.client, 3))];
    const { clients, pages } = await allPages('/api/admin/clients', 3);
    expect(pages).toBeGreaterThanOrEqual(3);
    const ours = clients.filter((c) => created.includes(c.id));
    expect(ours.map((c) => c.id)).toEqual([...created].reverse());
    expect(new Set(clients.map((c) => c.id)).size).toBe(clients.length);
    for (const c of ours) expect(c.agentUsername).toBe(c.agentId === a.user.id ? a.user.username : b.user.username);
    expect(JSON.stringify(clients)).not.toMatch(/"pk"|gsi1|awardedMilestones/);
  });

  it("lists one agent's clients, and 404 for an agent that does not exist", async () => {
    const a = await signedInAgent(api);
    await signedInAgent(api).then((b) => b.client.post('/api/clients', clientInput()));
    await addClients(a.client, 5);
    const { clients } = await allPages(`/api/admin/clients/${a.user.id}`, 2);
    expect(clients).toHaveLength(5);
    expect(clients.every((c) => c.agentId === a.user.id && c.agentUsername === a.user.username)).toBe(true);
    expect((await admin.get('/api/admin/clients/no-such-agent')).status).toBe(404);
  });

  it('refuses a bad page size and a cursor that is not from the list it is used with', async () => {
    const a = await signedInAgent(api);
    await addClients(a.client, 3);
    for (const limit of ['0', '1001', 'abc', '-1', '2.5']) {
      const res = await admin.get(`/api/admin/clients?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('limit must be a whole number from 1 to 1000');
    }
    const agentCursor = (await admin.get(`/api/admin/clients/${a.user.id}?limit=1`)).body.nextCursor as string;
    const allCursor = (await admin.get('/api/admin/clients?limit=1')).body.nextCursor as string;
    const other = await signedInAgent(api);
    const forged = Buffer.from(JSON.stringify({ pk: 'USER#x', sk: 'PROFILE', gsi1pk: 'AGENTS', gsi1sk: 'x' })).toString(
      'base64url',
    );
    for (const [path, cursor] of [
      ['/api/admin/clients', agentCursor],
      [`/api/admin/clients/${a.user.id}`, allCursor],
      [`/api/admin/clients/${other.user.id}`, agentCursor],
      ['/api/admin/clients', forged],
      ['/api/admin/clients', 'not-json'],
      ['/api/admin/clients', '%7B%7D'],
    ] as const) {
      const res = await admin.get(`${path}?cursor=${cursor}`);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 400, code: 'INVALID_CURSOR' });
    }
  });
});

describe('admin mode on the client routes', () => {
  it("adds a client for the agent named, within that agent's plan", async () => {
    const a = await signedInAgent(api);
    const res = await admin.post('/api/clients', { ...clientInput({ name: 'Added By Admin' }), agentId: a.user.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      agentId: a.user.id,
      name: 'Added By Admin',
      remainingFreeSlots: FREE_CLIENT_LIMIT - 1,
    });
    expect((await allClients(a.client)).map((c: { id: string }) => c.id)).toEqual([res.body.id]);
    expect(await allClients(admin)).toEqual([]);
  });

  it("refuses the agent's 11th client, saying it is that agent's free plan", async () => {
    const a = await signedInAgent(api);
    await addClients(a.client, FREE_CLIENT_LIMIT);
    const res = await admin.post('/api/clients', { ...clientInput(), agentId: a.user.id });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('UPGRADE_REQUIRED');
    expect(res.body.message).toBe(
      `${a.user.username} is on the free plan, which allows at most 10 clients. The agent can upgrade to Pro for unlimited clients.`,
    );
    await makePro(a.user.id);
    expect((await admin.post('/api/clients', { ...clientInput(), agentId: a.user.id })).status).toBe(201);
  });

  it('answers 404 for an unknown agent and 400 for a malformed agentId', async () => {
    expect((await admin.post('/api/clients', { ...clientInput(), agentId: 'no-such-agent' })).status).toBe(404);
    const bad = await admin.post('/api/clients', { ...clientInput(), agentId: '../USER#x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.agentId).toBe('agentId must be an agent id');
    expect((await admin.post('/api/clients', { ...clientInput(), agentId: 42 })).status).toBe(400);
  });

  it('edits any client by id, or within the agent named', async () => {
    const a = await signedInAgent(api);
    const { body: c } = await a.client.post('/api/clients', clientInput({ name: 'Before' }));
    const edited = await admin.patch(`/api/clients/${c.id}`, { name: 'Edited By Admin' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: c.id, agentId: a.user.id, name: 'Edited By Admin' });
    expect((await admin.patch(`/api/clients/${c.id}`, { name: 'Again', agentId: a.user.id })).body.name).toBe('Again');
    const other = await signedInAgent(api);
    expect((await admin.patch(`/api/clients/${c.id}`, { name: 'Wrong Agent', agentId: other.user.id })).status).toBe(
      404,
    );
    expect((await admin.patch('/api/clients/no-such-client', { name: 'Nobody' })).status).toBe(404);
    expect((await allClients(a.client))[0].name).toBe('Again');
  });

  it('imports a CSV for the agent named, within that agent’s plan', async () => {
    const a = await signedInAgent(api);
    await addClients(a.client, FREE_CLIENT_LIMIT - 1);
    const form = new FormData();
    form.append('agentId', a.user.id);
    form.append(
      'file',
      new Blob(
        [
          'name,email,phone\nFirst Row,first-row@example.com,5125550100\nSecond Row,second-row@example.com,5125550101\n',
        ],
        { type: 'text/csv' },
      ),
      'clients.csv',
    );
    const res = await admin.request('POST', '/api/clients/import', { body: form });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 1, skipped: 1 });
    expect(res.body.message).toContain(`${a.user.username}'s free plan allows 10 clients`);
    const names = (await allClients(a.client)).map((c: { name: string }) => c.name);
    expect(names).toContain('First Row');
    expect(names).not.toContain('Second Row');
    expect(await allClients(admin)).toEqual([]);
  });
});

describe('CSV export of the filtered list', () => {
  it('answers the named clients, re-read from the table, as an escaped CSV attachment', async () => {
    const a = await signedInAgent(api);
    const b = await signedInAgent(api);
    const { body: c1 } = await a.client.post(
      '/api/clients',
      clientInput({ name: '=HYPERLINK("http://evil.example","x")', address: '1 Main St, Apt "B"' }),
    );
    const { body: c2 } = await b.client.post(
      '/api/clients',
      clientInput({ name: 'Plain Person', phone: '+1 512 555 0100' }),
    );
    const { body: c3 } = await b.client.post('/api/clients', clientInput({ name: 'Not Exported' }));
    await b.client.patch(`/api/clients/${c2.id}`, { name: 'Renamed Since' });

    const res = await admin.post('/api/admin/clients/export', {
      clients: [c2.id, { id: c1.id, agentId: a.user.id }, 'unknown-id'],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="clients-export-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(res.text.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => (r.clientId ?? '').replace(/^'(?=-)/, ''))).toEqual([c2.id, c1.id]);
    expect(rows[0]).toMatchObject({ name: 'Renamed Since', phone: "'+1 512 555 0100", agentUsername: b.user.username });
    expect(rows[1]).toMatchObject({
      name: `'=HYPERLINK("http://evil.example","x")`,
      address: '1 Main St, Apt "B"',
      agentUsername: a.user.username,
      reviewStatus: 'pending',
    });
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining(['name', 'email', 'phone', 'birthday', 'anniversary', 'purchaseDate', 'agentUsername']),
    );
    expect(res.text).not.toContain(c3.id);
  });

  it('exports a file the CSV import reads back as the same clients', async () => {
    const a = await signedInAgent(api);
    const names = ['-Dash First', 'Plain, With Comma', '+Plus Sign'];
    const ids: string[] = [];
    for (const name of names)
      ids.push(
        (await a.client.post('/api/clients', clientInput({ name, phone: '+1 (512) 555-0199', birthday: '1990-02-03' })))
          .body.id,
      );
    const csv = (await admin.post('/api/admin/clients/export', { clients: ids })).text;
    const b = await signedInAgent(api);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'clients-export.csv');
    expect((await b.client.request('POST', '/api/clients/import', { body: form })).body).toMatchObject({
      imported: 3,
      errors: [],
    });
    const imported = (await allClients(b.client)) as Array<Record<string, string>>;
    expect(imported.map((c) => c.name).sort()).toEqual([...names].sort());
    expect(imported.every((c) => c.phone === '+1 (512) 555-0199' && c.birthday === '1990-02-03')).toBe(true);
  });

  it(`answers 400 '${NOTHING_TO_EXPORT}' when nothing matches`, async () => {
    for (const body of [{ clients: [] }, { clients: ['unknown-1', 'unknown-2'] }, {}]) {
      const res = await admin.post('/api/admin/clients/export', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('There are no clients matching your current filters.');
    }
  });

  it('refuses more than 10,000 ids and anything that is not a client id', async () => {
    const many = await admin.post('/api/admin/clients/export', {
      clients: Array.from({ length: 10_001 }, (_, i) => `id${i}`),
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('At most 10,000 clients can be exported at once.');
    for (const clients of ['all', [42], [{ id: 'x', agentId: '../../' }], [{ name: 'x' }], ['a/b']]) {
      expect((await admin.post('/api/admin/clients/export', { clients })).status).toBe(400);
    }
  });
});
