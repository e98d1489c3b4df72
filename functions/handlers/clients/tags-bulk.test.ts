// Tags, segments and bulk actions over HTTP against the local runtime: limits, validation, tenancy, the tag filter
// combined with search, order and pages, the tag counts, segments, bulk actions at once and as a job (resumed after a
// crash), and a bulk delete's undo.
import { TAGS_PER_CLIENT_MAX } from '@shared/tags';
import { advanceLastContact } from '../../data/messages';
import { clientInput, makePro } from '../../testing/factories';
import { signedInAgent, type ApiClient, type TestApi } from '../../testing/local-api';
import { useTestApi } from '../../testing/sending';

let api: TestApi;
useTestApi((started) => (api = started));

async function proAgent() {
  const agent = await signedInAgent(api);
  await makePro(agent.user.id);
  return agent;
}

async function addClient(client: ApiClient, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await client.post('/api/clients', clientInput(fields));
  if (res.status !== 201) throw new Error(`client create failed: ${res.text}`);
  return res.body.id as string;
}

const names = (res: { body: { clients: Array<{ name: string }> } }) => res.body.clients.map((c) => c.name);

describe('tags on the client', () => {
  it('keeps tags as first written, one of each whatever the case or accents, trimmed', async () => {
    const { client } = await proAgent();
    const res = await client.post('/api/clients', clientInput({ tags: ['  Past buyer ', 'past BUYER', 'Vïp', 'vip'] }));
    expect(res.status).toBe(201);
    expect(res.body.tags).toEqual(['Past buyer', 'Vïp']);
    const patched = await client.patch(`/api/clients/${res.body.id}`, { tags: ['Investor', 'VIP', 'vïp'] });
    expect(patched.status).toBe(200);
    expect(patched.body.tags).toEqual(['Investor', 'VIP']);
    const cleared = await client.patch(`/api/clients/${res.body.id}`, { tags: null });
    expect(cleared.body.tags).toEqual([]);
  });

  it('refuses more than 20 tags, an empty or over-long tag, and tags that are not a list, with VALIDATION_FAILED', async () => {
    const { client } = await proAgent();
    const id = await addClient(client);
    const tooMany = Array.from({ length: TAGS_PER_CLIENT_MAX + 1 }, (_, i) => `tag ${i}`);
    for (const [tags, message] of [
      [tooMany, 'A client has at most 20 tags'],
      [['ok', '   '], 'A tag cannot be empty'],
      [['x'.repeat(33)], 'A tag is at most 32 characters'],
      ['vip', 'tags must be a list of words'],
    ] as const) {
      const res = await client.patch(`/api/clients/${id}`, { tags });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const created = await client.post('/api/clients', clientInput({ tags: tooMany }));
    expect(created.status).toBe(400);
    expect(created.body.code).toBe('VALIDATION_FAILED');
    // Exactly 20 is fine.
    expect((await client.patch(`/api/clients/${id}`, { tags: tooMany.slice(1) })).status).toBe(200);
  });

  it("another agent's client stays a 404 for a tag edit", async () => {
    const owner = await proAgent();
    const id = await addClient(owner.client);
    const other = await proAgent();
    expect((await other.client.patch(`/api/clients/${id}`, { tags: ['mine'] })).status).toBe(404);
  });
});

describe('GET /api/clients?tag=', () => {
  it('pages the tagged clients in every order, combined with q, and counts them', async () => {
    const { client, user } = await proAgent();
    const ids: Record<string, string> = {};
    for (const [name, tags] of [
      ['Ana Ruiz', ['Buyer']],
      ['Ben Okafor', ['buyer', 'VIP']],
      ['Cy Twain', []],
      ['Dee Lee', ['BUYER']],
      ['Ana Smith', ['Seller']],
      ['Eve Adams', ['Buyer']],
    ] as const) {
      ids[name] = await addClient(client, { name, tags });
    }
    await advanceLastContact(user.id, ids['Dee Lee']!, '2026-01-05');
    await advanceLastContact(user.id, ids['Ana Ruiz']!, '2026-02-05');

    const first = await client.get('/api/clients?tag=buyer&limit=2');
    expect(first.status).toBe(200);
    expect(names(first)).toEqual(['Ana Ruiz', 'Ben Okafor']);
    expect(first.body.total).toBe(4);
    const second = await client.get(`/api/clients?tag=buyer&limit=2&cursor=${first.body.nextCursor}`);
    expect(names(second)).toEqual(['Dee Lee', 'Eve Adams']);
    const rest = second.body.nextCursor
      ? await client.get(`/api/clients?tag=buyer&limit=2&cursor=${second.body.nextCursor}`)
      : { body: { clients: [], nextCursor: null } };
    expect(rest.body.clients).toEqual([]);

    expect(names(await client.get('/api/clients?tag=BUYER&sort=name&order=desc'))).toEqual([
      'Eve Adams',
      'Dee Lee',
      'Ben Okafor',
      'Ana Ruiz',
    ]);
    expect(names(await client.get('/api/clients?tag=buyer&sort=lastContact&order=desc'))).toEqual([
      'Ana Ruiz',
      'Dee Lee',
      expect.any(String),
      expect.any(String),
    ]);
    const searched = await client.get('/api/clients?tag=buyer&q=ana');
    expect(names(searched)).toEqual(['Ana Ruiz']);
    expect(searched.body.total).toBe(1);

    // A tag taken off a client takes it out of the tag's pages and its count.
    await client.patch(`/api/clients/${ids['Ben Okafor']}`, { tags: ['VIP'] });
    const after = await client.get('/api/clients?tag=buyer');
    expect(names(after)).toEqual(['Ana Ruiz', 'Dee Lee', 'Eve Adams']);
    expect(after.body.total).toBe(3);

    const tags = await client.get('/api/tags');
    expect(tags.status).toBe(200);
    expect(tags.body).toEqual({
      tags: [
        { name: 'Buyer', count: 3 },
        { name: 'Seller', count: 1 },
        { name: 'VIP', count: 1 },
      ],
    });
  });

  it('refuses an over-long tag and a cursor of another list', async () => {
    const { client } = await proAgent();
    const long = await client.get(`/api/clients?tag=${'x'.repeat(33)}`);
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('VALIDATION_FAILED');
    await addClient(client, { tags: ['a'] });
    await addClient(client, { tags: ['a'] });
    const page = await client.get('/api/clients?sort=name&limit=1');
    const mixed = await client.get(`/api/clients?tag=a&limit=1&cursor=${page.body.nextCursor}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe('INVALID_CURSOR');
  });

  it('shows an agent only their own tags and tagged clients', async () => {
    const owner = await proAgent();
    await addClient(owner.client, { tags: ['Secret'] });
    const other = await proAgent();
    expect((await other.client.get('/api/clients?tag=secret')).body).toMatchObject({ clients: [], total: 0 });
    expect((await other.client.get('/api/tags')).body).toEqual({ tags: [] });
  });
});

describe('segments', () => {
  it('saves a filter under a name and lists it with its current count; deleting it leaves the clients', async () => {
    const { client, user } = await proAgent();
    const ana = await addClient(client, { name: 'Ana Ruiz', tags: ['Buyer'] });
    await addClient(client, { name: 'Ben Okafor', tags: ['buyer'] });
    await addClient(client, { name: 'Ana Smith' });
    await advanceLastContact(user.id, ana, new Date().toISOString().slice(0, 10));

    const buyers = await client.post('/api/segments', { name: '  Past buyers ', filter: { tag: 'BUYER' } });
    expect(buyers.status).toBe(201);
    expect(buyers.body).toMatchObject({ name: 'Past buyers', filter: { tag: 'BUYER' }, count: 2 });
    const quiet = await client.post('/api/segments', {
      name: 'Quiet buyers',
      filter: { tag: 'buyer', notContactedDays: 30 },
    });
    expect(quiet.body.count).toBe(1);
    const anas = await client.post('/api/segments', { name: 'Anas', filter: { q: 'ana' } });
    expect(anas.body.count).toBe(2);
    const neverContacted = await client.post('/api/segments', { name: 'Quiet', filter: { notContactedDays: 1 } });
    expect(neverContacted.body.count).toBe(2);

    await addClient(client, { name: 'Cy Twain', tags: ['Buyer'] });
    const listed = await client.get('/api/segments');
    expect(listed.status).toBe(200);
    expect(listed.body.segments.map((s: { name: string; count: number }) => [s.name, s.count])).toEqual([
      ['Past buyers', 3],
      ['Quiet buyers', 2],
      ['Anas', 2],
      ['Quiet', 3],
    ]);

    expect((await client.delete(`/api/segments/${buyers.body.id}`)).status).toBe(204);
    expect((await client.delete(`/api/segments/${buyers.body.id}`)).status).toBe(404);
    expect((await client.get('/api/segments')).body.segments).toHaveLength(3);
    expect((await client.get('/api/clients?tag=buyer')).body.total).toBe(3);
  });

  it('refuses a bad name or filter with a code, and dueForCheckIn as UNSUPPORTED_FILTER for now', async () => {
    const { client } = await proAgent();
    const cases: Array<[unknown, string]> = [
      [{ name: '', filter: { tag: 'a' } }, "A segment's name is 1 to 60 characters"],
      [{ name: 'x'.repeat(61), filter: { tag: 'a' } }, "A segment's name is 1 to 60 characters"],
      [{ name: 'All', filter: {} }, 'A filter needs at least one of tag, q, dueForCheckIn or notContactedDays'],
      [{ name: 'All' }, 'A filter needs at least one of tag, q, dueForCheckIn or notContactedDays'],
      [{ name: 'Odd', filter: { notContactedDays: 0 } }, 'notContactedDays must be a whole number from 1 to 3650'],
      [{ name: 'Odd', filter: { notContactedDays: 2.5 } }, 'notContactedDays must be a whole number from 1 to 3650'],
      [{ name: 'Odd', filter: { tag: 'x'.repeat(40) } }, 'A tag is at most 32 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/segments', body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const due = await client.post('/api/segments', { name: 'Due', filter: { dueForCheckIn: true } });
    expect(due.status).toBe(400);
    expect(due.body.code).toBe('UNSUPPORTED_FILTER');
    expect((await client.get('/api/segments')).body.segments).toEqual([]);
  });

  it('keeps at most 50 segments per agent', async () => {
    const { client } = await proAgent();
    for (let i = 0; i < 50; i += 1) {
      expect((await client.post('/api/segments', { name: `S${i}`, filter: { tag: `t${i}` } })).status).toBe(201);
    }
    const over = await client.post('/api/segments', { name: 'One more', filter: { tag: 'x' } });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('SEGMENT_LIMIT');
    const first = (await client.get('/api/segments')).body.segments[0];
    await client.delete(`/api/segments/${first.id}`);
    expect((await client.post('/api/segments', { name: 'One more', filter: { tag: 'x' } })).status).toBe(201);
  });

  it("never shows or deletes another agent's segment", async () => {
    const owner = await proAgent();
    const saved = await owner.client.post('/api/segments', { name: 'Mine', filter: { tag: 'a' } });
    const other = await proAgent();
    expect((await other.client.get('/api/segments')).body.segments).toEqual([]);
    expect((await other.client.delete(`/api/segments/${saved.body.id}`)).status).toBe(404);
    expect((await owner.client.get('/api/segments')).body.segments).toHaveLength(1);
  });
});
