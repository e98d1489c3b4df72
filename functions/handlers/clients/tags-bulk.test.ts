// Tags, segments and bulk actions over HTTP against the local runtime: limits, validation, tenancy, the tag filter
// combined with search, order and pages, the tag counts, segments, bulk actions at once and as a job (resumed after a
// crash), and a bulk delete's undo.
import { addDays, todayIn } from '@shared/dates';
import { TAGS_PER_CLIENT_MAX } from '@shared/tags';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createClientBatch } from '../../client-record/batch';
import { getBulkJob, putBulkJob, writeBulkIds } from '../../data/bulk-jobs';
import { db, table } from '../../data/db';
import { bulkJobKey } from '../../data/keys/jobs';
import { advanceLastContact } from '../../services/client-contact';
import { createLogger } from '../../observability/logger';
import { applyToClient, runBulkJob } from '../../services/bulk-actions';
import { clientInput, makePro } from '../../testing/factories';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { everyItem } from '../../testing/table';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { s3: true, backgroundTasks: true });

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

  it('refuses a bad name or filter with a code', async () => {
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

/** `n` clients of a Pro agent written straight through the client record (as an import does), with these tags. */
async function bookOf(agentId: string, n: number, tags: string[]): Promise<string[]> {
  const inputs = Array.from({ length: n }, () => clientInput());
  const made = await createClientBatch(agentId, inputs, 8, new Date(), undefined, () => ({ tags }));
  return made!.created.map((c) => c.id);
}

async function waitForJob(client: ApiClient, id: string) {
  for (let i = 0; i < 200; i += 1) {
    const res = await client.get(`/api/clients/bulk/${id}`);
    if (res.body.status === 'done') return res.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`bulk job ${id} did not finish`);
}

const log = createLogger({ test: 'tags-bulk' });

describe('POST /api/clients/bulk, up to 100 clients', () => {
  it("adds and removes a tag and sets the rhythm at once, counting a client not the agent's as failed", async () => {
    const { client } = await proAgent();
    const ids = [await addClient(client, { tags: ['Old'] }), await addClient(client), await addClient(client)];
    const stranger = await proAgent();
    const theirs = await addClient(stranger.client);

    const added = await client.post('/api/clients/bulk', {
      action: 'add-tag',
      ids: [...ids, theirs],
      tag: 'Spring 2026',
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ action: 'add-tag', total: 4, done: 3, failed: 1 });
    expect((await client.get('/api/tags')).body.tags).toEqual([
      { name: 'Old', count: 1 },
      { name: 'Spring 2026', count: 3 },
    ]);
    expect((await stranger.client.get('/api/clients?tag=spring 2026')).body.total).toBe(0);

    const removed = await client.post('/api/clients/bulk', {
      action: 'remove-tag',
      filter: { tag: 'old' },
      tag: 'OLD',
    });
    expect(removed.body).toMatchObject({ total: 1, done: 1, failed: 0 });
    const rhythm = await client.post('/api/clients/bulk', {
      action: 'set-cadence',
      filter: { tag: 'spring 2026' },
      cadenceDays: 30,
    });
    expect(rhythm.body).toMatchObject({ total: 3, done: 3 });
    const page = await client.get('/api/clients?tag=spring 2026');
    expect(page.body.clients.map((c: { cadenceDays: number; tags: string[] }) => [c.cadenceDays, c.tags])).toEqual([
      [30, ['Spring 2026']],
      [30, ['Spring 2026']],
      [30, ['Spring 2026']],
    ]);
    const cleared = await client.post('/api/clients/bulk', { action: 'set-cadence', ids: [ids[0]], cadenceDays: null });
    expect(cleared.body.done).toBe(1);
    const job = await client.get(`/api/clients/bulk/${cleared.body.id}`);
    expect(job.body).toMatchObject({ status: 'done', total: 1, done: 1, failed: 0, undoUntil: null });
    expect((await stranger.client.get(`/api/clients/bulk/${cleared.body.id}`)).status).toBe(404);
  });

  it('refuses a bad action, audience, tag or rhythm with a clear message and code', async () => {
    const { client } = await proAgent();
    const id = await addClient(client);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { action: 'archive', ids: [id] },
        'action must be one of add-tag, remove-tag, set-cadence, delete',
        'VALIDATION_FAILED',
      ],
      [{ action: 'delete' }, 'Send either ids or filter', undefined as unknown as string],
      [
        { action: 'delete', ids: [id], filter: { tag: 'a' } },
        'Send either ids or filter',
        undefined as unknown as string,
      ],
      [{ action: 'add-tag', ids: [id] }, 'tag is required for add-tag and remove-tag', 'VALIDATION_FAILED'],
      [{ action: 'add-tag', ids: [id], tag: 'x'.repeat(33) }, 'A tag is at most 32 characters', 'VALIDATION_FAILED'],
      [
        { action: 'set-cadence', ids: [id], cadenceDays: 6 },
        'cadenceDays must be null or a whole number of days from 7 to 365',
        'VALIDATION_FAILED',
      ],
      [
        { action: 'set-cadence', ids: [id], cadenceDays: 366 },
        'cadenceDays must be null or a whole number of days from 7 to 365',
        'VALIDATION_FAILED',
      ],
      [
        { action: 'set-cadence', ids: [id] },
        'cadenceDays must be null or a whole number of days from 7 to 365',
        undefined as unknown as string,
      ],
      [{ action: 'delete', ids: [] }, 'ids must be a list of 1 to 5000 client ids', 'VALIDATION_FAILED'],
      [
        { action: 'delete', filter: {} },
        'A filter needs at least one of tag, q, dueForCheckIn or notContactedDays',
        'VALIDATION_FAILED',
      ],
    ];
    for (const [body, message, code] of cases) {
      const res = await client.post('/api/clients/bulk', body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
      if (code) expect(res.body.code).toBe(code);
    }
    expect((await client.get('/api/clients?limit=10')).body.total).toBe(1);
  });
});

describe('the clients due for a check-in, as a filter', () => {
  it('counts them in a segment and tags exactly them in bulk, read through the check-in index', async () => {
    const { client, user } = await proAgent();
    const due = await addClient(client, { name: 'Due Dora', cadenceDays: 30 });
    const notYet = await addClient(client, { name: 'Soon Sam', cadenceDays: 30 });
    await addClient(client, { name: 'No Rhythm Rae' });
    const today = todayIn(user.timeZone);
    for (const [id, daysAgo] of [
      [due, 45],
      [notYet, 10],
    ] as const)
      expect(
        (await client.post(`/api/clients/${id}/touches`, { kind: 'call', date: addDays(today, -daysAgo) })).status,
      ).toBe(201);

    const saved = await client.post('/api/segments', { name: 'Check in', filter: { dueForCheckIn: true } });
    expect(saved.status).toBe(201);
    const listed = (await client.get('/api/segments')).body.segments as Array<{ name: string; count: number }>;
    expect(listed).toEqual([expect.objectContaining({ name: 'Check in', count: 1 })]);

    const tagged = await client.post('/api/clients/bulk', {
      action: 'add-tag',
      tag: 'Call this week',
      filter: { dueForCheckIn: true },
    });
    expect(tagged.body).toMatchObject({ total: 1, done: 1, failed: 0 });
    expect(names(await client.get('/api/clients?tag=call%20this%20week'))).toEqual(['Due Dora']);
  });
});

describe('bulk delete and its undo', () => {
  it('deletes, then brings the clients back with their ids, dates, tags and history', async () => {
    const { client } = await proAgent();
    const ids = [
      await addClient(client, { name: 'Ana Ruiz', tags: ['Gone'], birthday: '1980-04-02' }),
      await addClient(client, { tags: ['gone'] }),
    ];
    const keep = await addClient(client, { name: 'Kept' });
    const touch = await client.post(`/api/clients/${ids[0]}/touches`, {
      kind: 'call',
      date: '2026-02-03',
      note: 'Talked about the move',
    });
    expect(touch.status).toBe(201);
    const before = (await client.get('/api/clients?tag=gone')).body.clients;

    const deleted = await client.post('/api/clients/bulk', { action: 'delete', filter: { tag: 'gone' } });
    expect(deleted.body).toMatchObject({ action: 'delete', total: 2, done: 2, failed: 0 });
    expect((await client.get('/api/clients?limit=10')).body.clients.map((c: { id: string }) => c.id)).toEqual([keep]);
    expect((await client.get('/api/tags')).body.tags).toEqual([]);
    const job = (await client.get(`/api/clients/bulk/${deleted.body.id}`)).body;
    expect(Date.parse(job.undoUntil) - Date.now()).toBeGreaterThan(9 * 60 * 1000);

    const undone = await client.post(`/api/clients/bulk/${deleted.body.id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ restored: 2, failed: 0 });
    const after = (await client.get('/api/clients?tag=gone')).body;
    expect(after.total).toBe(2);
    const shape = (c: Record<string, unknown>) => [c.id, c.name, c.createdAt, c.birthday, c.tags, c.lastContactDate];
    expect(after.clients.map(shape)).toEqual(before.map(shape));
    const history = await client.get(`/api/clients/${ids[0]}/messages`);
    expect(history.body.activity).toEqual([expect.objectContaining({ type: 'touch', note: 'Talked about the move' })]);
    expect((await client.get('/api/tags')).body.tags).toEqual([{ name: 'Gone', count: 2 }]);
    expect((await client.get('/api/clients?limit=10')).body.total).toBe(3);

    const again = await client.post(`/api/clients/bulk/${deleted.body.id}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_UNDONE');
  });

  it('answers 410 once the 10 minutes are past, 409 for an action that is not a delete, 404 for another agent', async () => {
    const { client, user } = await proAgent();
    const id = await addClient(client);
    const deleted = await client.post('/api/clients/bulk', { action: 'delete', ids: [id] });
    const stranger = await proAgent();
    expect((await stranger.client.post(`/api/clients/bulk/${deleted.body.id}/undo`)).status).toBe(404);
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: bulkJobKey(user.id, deleted.body.id),
        UpdateExpression: 'SET undoUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const late = await client.post(`/api/clients/bulk/${deleted.body.id}/undo`);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ code: 'UNDO_EXPIRED', message: expect.stringContaining('10 minutes') });
    const tagged = await client.post('/api/clients/bulk', {
      action: 'add-tag',
      ids: [await addClient(client)],
      tag: 'x',
    });
    expect((await client.post(`/api/clients/bulk/${tagged.body.id}/undo`)).body.code).toBe('NOT_UNDOABLE');
  });

  it("skips another agent's client named by id, counting it failed, and leaves it and its history alone", async () => {
    const { client } = await proAgent();
    const mine = await addClient(client);
    const stranger = await proAgent();
    const theirs = await addClient(stranger.client, { name: 'Not Yours' });
    await stranger.client.post(`/api/clients/${theirs}/touches`, { kind: 'call', date: '2026-02-03', note: 'Theirs' });

    const deleted = await client.post('/api/clients/bulk', { action: 'delete', ids: [mine, theirs] });

    expect(deleted.body).toMatchObject({ action: 'delete', total: 2, done: 1, failed: 1 });
    expect((await stranger.client.get(`/api/clients/${theirs}`)).body).toMatchObject({ id: theirs, name: 'Not Yours' });
    const history = await stranger.client.get(`/api/clients/${theirs}/messages`);
    expect(history.body.activity).toEqual([expect.objectContaining({ type: 'touch', note: 'Theirs' })]);
    expect((await client.get(`/api/clients/${theirs}`)).status).toBe(404);
    const undone = await client.post(`/api/clients/bulk/${deleted.body.id}/undo`);
    expect(undone.body).toEqual({ restored: 1, failed: 0 });
    expect((await stranger.client.get('/api/clients?limit=10')).body.total).toBe(1);
  });
});

describe('bulk actions over 100 clients, as a job', () => {
  it('answers 202 with the job, which tags every matching client', async () => {
    const { client, user } = await proAgent();
    await bookOf(user.id, 104, ['Imported']);
    const started = await client.post('/api/clients/bulk', {
      action: 'add-tag',
      filter: { tag: 'imported' },
      tag: 'Newsletter',
    });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String) });
    expect(await waitForJob(client, started.body.id)).toMatchObject({
      status: 'done',
      total: 104,
      done: 104,
      failed: 0,
    });
    expect((await client.get('/api/tags')).body.tags).toEqual([
      { name: 'Imported', count: 104 },
      { name: 'Newsletter', count: 104 },
    ]);
  });

  // Two batches of the job (50, then 20): the crash cut the first, so the run takes up within it and goes on.
  const CRASH_BOOK = 70;
  it.each(['add-tag', 'delete'] as const)(
    '%s continues after a crash without losing or counting a client twice (a delete so cut is undone whole)',
    async (action) => {
      const { client, user } = await proAgent();
      const ids = await bookOf(user.id, CRASH_BOOK, ['Crash']);
      const jobId = `crash-${action}-${Date.now()}`;
      await putBulkJob({
        ...bulkJobKey(user.id, jobId),
        type: 'bulk-job',
        id: jobId,
        agentId: user.id,
        action,
        ...(action === 'add-tag' ? { tag: 'Resumed' } : {}),
        ids,
        status: 'queued',
        next: 0,
        done: 0,
        failed: 0,
        createdAt: new Date().toISOString(),
      });
      // What a run that died mid-batch leaves: the ids resolved, 30 clients done, the checkpoint not moved.
      await writeBulkIds(user.id, jobId, ids);
      for (const id of ids.slice(0, 30)) {
        await applyToClient(user.id, jobId, { action, tag: 'Resumed' }, id, log);
      }
      expect((await getBulkJob(user.id, jobId))!.done).toBe(0);
      const outcome = await runBulkJob({ kind: 'bulk', agentId: user.id, jobId }, { remainingMs: () => 600_000, log });
      expect(outcome).toBe('done');
      expect((await client.get(`/api/clients/bulk/${jobId}`)).body).toMatchObject({
        status: 'done',
        total: CRASH_BOOK,
        done: CRASH_BOOK,
        failed: 0,
      });
      if (action === 'add-tag') {
        expect((await client.get('/api/clients?tag=resumed&limit=500')).body.clients).toHaveLength(CRASH_BOOK);
        expect((await client.get('/api/tags')).body.tags).toContainEqual({ name: 'Resumed', count: CRASH_BOOK });
      } else {
        expect((await client.get('/api/clients?limit=10')).body.total).toBe(0);
        const undone = await client.post(`/api/clients/bulk/${jobId}/undo`);
        expect(undone.body).toEqual({ restored: CRASH_BOOK, failed: 0 });
        const back = (await client.get('/api/clients?tag=crash&limit=500')).body.clients.map(
          (c: { id: string }) => c.id,
        );
        expect(back.sort()).toEqual([...ids].sort());
      }
    },
  );
});

describe('closing the account', () => {
  it('erases the tag entries and counters, the segments and a bulk delete with its snapshots', async () => {
    const { client, user, details } = await proAgent();
    const ids = [await addClient(client, { tags: ['Buyer', 'VIP'] }), await addClient(client, { tags: ['Buyer'] })];
    await client.post(`/api/clients/${ids[0]}/touches`, {
      kind: 'note',
      date: '2026-02-03',
      note: 'Kept in a snapshot',
    });
    await client.post('/api/segments', { name: 'Buyers', filter: { tag: 'buyer' } });
    expect((await client.post('/api/clients/bulk', { action: 'delete', ids: [ids[0]] })).body.done).toBe(1);
    const closed = await client.delete('/api/user', { json: { password: details.password } });
    expect(closed.status).toBe(202);
    const mentions = async () =>
      (await everyItem()).filter(
        (item) => JSON.stringify(item).includes(user.id) || ids.some((id) => JSON.stringify(item).includes(id)),
      );
    let left = await mentions();
    for (let round = 0; round < 100 && left.length > 0; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = await mentions();
    }
    expect(left.map((item) => `${String(item.pk)} ${String(item.sk)}`)).toEqual([]);
  });
});
