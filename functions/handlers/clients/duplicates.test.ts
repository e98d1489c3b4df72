// Duplicates and merging: GET /api/clients/duplicates, POST /api/clients/merge and its undo.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientInput } from '@shared/client-schema';
import type { Client, ClientMerge, DuplicateGroups } from '@shared/api-types';
import { lockClients, unlockClients } from '../../data/client-merges';
import { changeClient, createPendingClient } from '../../client-record/record';
import type { ClientItem } from '../../data/clients';
import { db, table } from '../../data/db';
import { clientMergeKey, milestonePartition } from '../../data/keys/clients';
import { smsPhoneKey } from '../../data/keys/messages';
import { userKey } from '../../data/keys/users';
import { getConversation, noteConversationMessage } from '../../data/conversations';
import { rememberTextedPhone } from '../../data/texted-phones';
import { clientInput, makePro } from '../../testing/factories';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { partitionItems } from '../../testing/table';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

async function create(agent: ApiClient, fields: Record<string, unknown> = {}): Promise<Client> {
  const res = await agent.post('/api/clients', clientInput(fields));
  if (res.status !== 201) throw new Error(`client create failed: ${res.status} ${res.text}`);
  return res.body as Client;
}

/** Tags and custom dates, written through the client record (no route writes them in this branch). */
async function setListFields(agentId: string, clientId: string, fields: Partial<ClientItem>): Promise<void> {
  const change = await changeClient(agentId, clientId, { kind: 'merge-absorb', fields });
  if (change.kind !== 'changed') throw new Error(`fields not written: ${change.kind}`);
}

const touch = (agent: ApiClient, id: string, note: string, date = '2026-01-15') =>
  agent.post(`/api/clients/${id}/touches`, { kind: 'note', note, date });
const activityNotes = async (agent: ApiClient, id: string) => {
  const res = await agent.get(`/api/clients/${id}/messages`);
  return res.status === 200 ? (res.body.activity as Array<{ note?: string }>).map((a) => a.note).sort() : res.status;
};
const partitionKeys = async (clientId: string) =>
  (await partitionItems(milestonePartition(clientId))).map((item) => String(item.sk));
const clientCount = async (userId: string) =>
  Number((await db().send(new GetCommand({ TableName: table(), Key: userKey(userId) }))).Item?.clientCount ?? NaN);
const merge = (agent: ApiClient, keepId: string, mergeId: string) =>
  agent.post('/api/clients/merge', { keepId, mergeId });

describe('GET /api/clients/duplicates', () => {
  it('groups the same number, the same name with a same date, and similar names with one matching mailbox', async () => {
    const { client: agent } = await signedInAgent(api);
    const phoneA = await create(agent, { name: 'Dana White', phone: '(512) 555-0101' });
    const phoneB = await create(agent, { name: 'D. White-Smith', phone: '+1 512 555 0101' });
    const dateA = await create(agent, { name: 'José Álvarez', birthday: '1980-05-04' });
    const dateB = await create(agent, { name: 'jose alvarez', anniversary: '1980-05-04' });
    const similarA = await create(agent, { name: 'Jon Smith', email: 'jon.smith@gmail.com' });
    const similarB = await create(agent, { name: 'John Smyth', email: 'jonsmith+home@gmail.com' });
    await create(agent, { name: 'José Álvarez', birthday: '1990-01-01' });
    await create(agent, { name: 'Jon Smithers' });

    const res = await agent.get('/api/clients/duplicates');
    expect(res.status).toBe(200);
    const body = res.body as DuplicateGroups;
    expect(body.groups).toEqual([
      { clientIds: [phoneA.id, phoneB.id], reason: 'phone' },
      { clientIds: [dateA.id, dateB.id], reason: 'name-and-date' },
      { clientIds: [similarA.id, similarB.id], reason: 'similar-name' },
    ]);
    expect(body.clients.map((c) => c.id).sort()).toEqual(
      [phoneA, phoneB, dateA, dateB, similarA, similarB].map((c) => c.id).sort(),
    );
    expect(body.clients.find((c) => c.id === dateB.id)).toMatchObject({ name: 'jose alvarez', tags: [], keyDates: [] });
  });

  it('matches a custom key date, and sees only the agent’s own clients', async () => {
    const one = await signedInAgent(api);
    const other = await signedInAgent(api);
    const a = await create(one.client, { name: 'Lee Chan', phone: '(512) 555-0301' });
    const b = await create(one.client, { name: 'Lee Chan', phone: '(512) 555-0302' });
    await setListFields(one.user.id, a.id, { keyDates: [{ label: 'Lease ends', date: '2027-03-31' }] });
    await setListFields(one.user.id, b.id, { keyDates: [{ label: 'Move-in', date: '2027-03-31' }] });
    // The other agent's client with the same number and name is none of this agent's business.
    await create(other.client, { name: 'Lee Chan', phone: '(512) 555-0301' });

    expect((await one.client.get('/api/clients/duplicates')).body.groups).toEqual([
      { clientIds: [a.id, b.id], reason: 'name-and-date' },
    ]);
    expect((await other.client.get('/api/clients/duplicates')).body).toEqual({ groups: [], clients: [] });
  });

  it('leaves out a directory registration not yet confirmed', async () => {
    const { client: agent, user } = await signedInAgent(api);
    await create(agent, { phone: '(512) 555-0401' });
    await createPendingClient(user.id, clientInput({ phone: '(512) 555-0401' }) as ClientInput);
    expect((await agent.get('/api/clients/duplicates')).body.groups).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await api.client().get('/api/clients/duplicates')).status).toBe(401);
  });
});

describe('POST /api/clients/merge', () => {
  it("keeps the kept client's values, fills its empty fields, unites tags and dates, moves the history and deletes the other", async () => {
    const { client: agent, user } = await signedInAgent(api);
    const keep = await create(agent, { name: 'Maria Lopez', phone: '(512) 555-0501', address: '1 Main St' });
    const other = await create(agent, {
      name: 'Maria López',
      phone: '(512) 555-0501',
      address: '9 Other Rd',
      birthday: '1980-05-04',
      purchaseDate: '2019-06-01',
    });
    await setListFields(user.id, keep.id, { tags: ['Buyer'], keyDates: [{ label: 'Lease ends', date: '2027-03-31' }] });
    await setListFields(user.id, other.id, {
      tags: ['buyer', 'Past client'],
      keyDates: [{ label: "Son's 16th", date: '--08-14' }],
    });
    expect((await touch(agent, keep.id, 'kept note')).status).toBe(201);
    expect((await touch(agent, other.id, 'merged note 1', '2026-02-01')).status).toBe(201);
    expect((await touch(agent, other.id, 'merged note 2')).status).toBe(201);
    expect((await agent.post(`/api/clients/${other.id}/review-status`, { status: 'submitted' })).status).toBe(200);
    await rememberTextedPhone('+15125550501', user.id, other.id);
    const countBefore = await clientCount(user.id);

    const res = await merge(agent, keep.id, other.id);
    expect(res.status).toBe(200);
    const merged = res.body as ClientMerge;
    expect(merged.mergedId).toBe(other.id);
    expect(Date.parse(merged.undoUntil) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(merged.client).toMatchObject({
      id: keep.id,
      name: 'Maria Lopez',
      address: '1 Main St',
      birthday: '1980-05-04',
      purchaseDate: '2019-06-01',
      tags: ['Buyer', 'Past client'],
      keyDates: [
        { label: 'Lease ends', date: '2027-03-31' },
        { label: "Son's 16th", date: '--08-14' },
      ],
      lastContactDate: '2026-02-01T12:00:00.000Z',
      reviewStatus: 'submitted',
    });
    // The whole history is the kept client's: the activity, the milestone, the texted number.
    expect(await activityNotes(agent, keep.id)).toEqual(['kept note', 'merged note 1', 'merged note 2']);
    expect((await agent.get(`/api/clients/${keep.id}/milestones`)).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'review-submitted' })]),
    );
    const texted = await db().send(
      new GetCommand({ TableName: table(), Key: smsPhoneKey('+15125550501', user.id, keep.id) }),
    );
    expect(texted.Item).toMatchObject({ clientId: keep.id });
    // The other client is gone, with nothing left under it, and its plan slot is free.
    expect(await partitionKeys(other.id)).toEqual([]);
    expect((await agent.get(`/api/clients/${other.id}/messages`)).status).toBe(404);
    expect((await allClients(agent)).map((c: Client) => c.id)).toEqual([keep.id]);
    expect(await clientCount(user.id)).toBe(countBefore - 1);
    expect((await agent.get('/api/clients/duplicates')).body.groups).toEqual([]);
  });

  it('keeps at most 20 tags and 10 key dates, the kept ones first', async () => {
    const { client: agent, user } = await signedInAgent(api);
    const keep = await create(agent);
    const other = await create(agent);
    const tags = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    const dates = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ label: `${prefix}${i}`, date: '2027-01-01' }));
    await setListFields(user.id, keep.id, { tags: tags('k', 12), keyDates: dates('k', 7) });
    await setListFields(user.id, other.id, { tags: tags('o', 12), keyDates: dates('o', 7) });
    const res = await merge(agent, keep.id, other.id);
    expect(res.status).toBe(200);
    expect(res.body.client.tags).toEqual([...tags('k', 12), ...tags('o', 8)]);
    expect(res.body.client.keyDates).toEqual([...dates('k', 7), ...dates('o', 3)]);
  });

  it("refuses another agent's client with 404, and changes nothing", async () => {
    const one = await signedInAgent(api);
    const other = await signedInAgent(api);
    const mine = await create(one.client);
    const theirs = await create(other.client);
    for (const [keepId, mergeId] of [
      [mine.id, theirs.id],
      [theirs.id, mine.id],
    ]) {
      const res = await merge(one.client, keepId!, mergeId!);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Client not found' });
    }
    expect((await allClients(other.client)).map((c: Client) => c.id)).toEqual([theirs.id]);
  });

  it('refuses a pending directory registration with 409 REGISTRATION_PENDING', async () => {
    const { client: agent, user } = await signedInAgent(api);
    const keep = await create(agent);
    const pending = await createPendingClient(user.id, clientInput() as ClientInput);
    const res = await merge(agent, keep.id, pending.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('REGISTRATION_PENDING');
    expect(res.body.message).toMatch(/not confirmed yet/);
  });

  it('refuses with 409 MERGE_IN_PROGRESS while another merge holds either client, and merges once it is done', async () => {
    const { client: agent, user } = await signedInAgent(api);
    const keep = await create(agent);
    const other = await create(agent);
    expect(await lockClients(user.id, [other.id], 'another-merge', new Date())).toBe(true);
    const refused = await merge(agent, keep.id, other.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MERGE_IN_PROGRESS');
    expect(await allClients(agent)).toHaveLength(2);
    await unlockClients(user.id, [other.id], 'another-merge');
    expect((await merge(agent, keep.id, other.id)).status).toBe(200);
  });

  it.each([
    [{}, 'keepId is required'],
    [{ keepId: 'a' }, 'mergeId is required'],
    [{ keepId: 'same', mergeId: 'same' }, 'Choose two different clients: keepId and mergeId are the same'],
    [{ keepId: 42, mergeId: 'b' }, undefined],
    [{ keepId: 'a/../b', mergeId: 'b' }, 'keepId is not a client id'],
    [{ keepId: 'x'.repeat(65), mergeId: 'b' }, 'keepId must be at most 64 characters'],
  ])('answers 400 VALIDATION_FAILED to %j', async (body, message) => {
    const { client: agent } = await signedInAgent(api);
    const res = await agent.post('/api/clients/merge', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    if (message) expect(res.body.message).toBe(message);
  });
});

describe('POST /api/clients/merge/{id}/undo', () => {
  it('restores both clients as they were, with their histories, within 10 minutes, once', async () => {
    const { client: agent, user } = await signedInAgent(api);
    const keep = await create(agent, { phone: '(512) 555-0601' });
    const other = await create(agent, { phone: '(512) 555-0601', birthday: '1970-02-03', address: '2 Elm St' });
    await setListFields(user.id, other.id, { tags: ['Seller'] });
    await touch(agent, keep.id, 'kept');
    await touch(agent, other.id, 'theirs');
    await rememberTextedPhone('+15125550601', user.id, other.id);
    const countBefore = await clientCount(user.id);
    const otherKeys = await partitionKeys(other.id);
    const merged = (await merge(agent, keep.id, other.id)).body as ClientMerge;

    const res = await agent.post(`/api/clients/merge/${merged.id}/undo`, {});
    expect(res.status).toBe(200);
    const [kept, restored] = res.body.clients as Client[];
    expect(kept).toMatchObject({ id: keep.id, birthday: null, address: null, tags: [] });
    expect(restored).toMatchObject({
      id: other.id,
      createdAt: other.createdAt,
      birthday: '1970-02-03',
      address: '2 Elm St',
      tags: ['Seller'],
    });
    expect(await activityNotes(agent, keep.id)).toEqual(['kept']);
    expect(await activityNotes(agent, other.id)).toEqual(['theirs']);
    expect((await partitionKeys(other.id)).sort()).toEqual(otherKeys.sort());
    const texted = await db().send(
      new GetCommand({ TableName: table(), Key: smsPhoneKey('+15125550601', user.id, other.id) }),
    );
    expect(texted.Item).toMatchObject({ clientId: other.id });
    expect(
      (await db().send(new GetCommand({ TableName: table(), Key: smsPhoneKey('+15125550601', user.id, keep.id) })))
        .Item,
    ).toBeUndefined();
    expect(await clientCount(user.id)).toBe(countBefore);
    expect((await allClients(agent)).map((c: Client) => c.id).sort()).toEqual([keep.id, other.id].sort());

    const again = await agent.post(`/api/clients/merge/${merged.id}/undo`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_UNDONE');
  });

  it("keeps the kept client's own conversation and milestone where both have one, and brings the other's back on undo", async () => {
    const { client: agent, user } = await signedInAgent(api);
    const keep = await create(agent);
    const other = await create(agent);
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await noteConversationMessage(user.id, keep.id, {
      direction: 'outbound',
      channel: 'email',
      excerpt: 'Hi',
      at: at(9),
    });
    await noteConversationMessage(user.id, other.id, {
      direction: 'inbound',
      channel: 'sms',
      excerpt: 'Thursday works',
      at: at(5),
    });
    for (const id of [keep.id, other.id]) {
      expect((await agent.post(`/api/clients/${id}/review-status`, { status: 'submitted' })).status).toBe(200);
    }
    const unread = async () => (await agent.get('/api/conversations')).body.unreadTotal as number;
    expect(await unread()).toBe(1);
    const keptMilestone = (await agent.get(`/api/clients/${keep.id}/milestones`)).body;

    const merged = (await merge(agent, keep.id, other.id)).body as ClientMerge;
    expect(await getConversation(user.id, keep.id)).toMatchObject({ lastMessage: { excerpt: 'Hi' } });
    expect(await unread()).toBe(0);
    expect((await agent.get(`/api/clients/${keep.id}/milestones`)).body).toEqual(keptMilestone);

    expect((await agent.post(`/api/clients/merge/${merged.id}/undo`, {})).status).toBe(200);
    expect(await getConversation(user.id, other.id)).toMatchObject({
      unread: true,
      lastMessage: { excerpt: 'Thursday works' },
    });
    expect(await getConversation(user.id, keep.id)).toMatchObject({ lastMessage: { excerpt: 'Hi' } });
    expect(await unread()).toBe(1);
    expect((await agent.get(`/api/clients/${other.id}/milestones`)).body).toEqual([
      expect.objectContaining({ type: 'review-submitted' }),
    ]);
  });

  it('answers 404 to a merge id no merge could have', async () => {
    const { client: agent } = await signedInAgent(api);
    for (const id of ['x'.repeat(200), 'a.b', 'MERGE%23x']) {
      const res = await agent.post(`/api/clients/merge/${id}/undo`, {});
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Merge not found' });
    }
  });

  it('answers 410 UNDO_EXPIRED after 10 minutes, and the merge stands', async () => {
    const { client: agent, user } = await signedInAgent(api);
    const keep = await create(agent);
    const other = await create(agent);
    const merged = (await merge(agent, keep.id, other.id)).body as ClientMerge;
    // Ten minutes and a second later, as the record sees it.
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: clientMergeKey(user.id, merged.id),
        UpdateExpression: 'SET undoUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const res = await agent.post(`/api/clients/merge/${merged.id}/undo`, {});
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ code: 'UNDO_EXPIRED', message: expect.stringMatching(/10 minutes/) });
    expect((await allClients(agent)).map((c: Client) => c.id)).toEqual([keep.id]);
  });

  it("answers 404 for another agent's merge and for an unknown one", async () => {
    const one = await signedInAgent(api);
    const other = await signedInAgent(api);
    const keep = await create(one.client);
    const gone = await create(one.client);
    const merged = (await merge(one.client, keep.id, gone.id)).body as ClientMerge;
    const res = await other.client.post(`/api/clients/merge/${merged.id}/undo`, {});
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Merge not found' });
    expect((await one.client.post('/api/clients/merge/no-such-merge/undo', {})).status).toBe(404);
    expect((await allClients(one.client)).map((c: Client) => c.id)).toEqual([keep.id]);
  });

  it('answers 403 UPGRADE_REQUIRED when the free plan filled up since, and the merge can be undone later', async () => {
    const { client: agent, user } = await signedInAgent(api);
    const clients = [];
    for (let i = 0; i < 10; i += 1) clients.push(await create(agent));
    const merged = (await merge(agent, clients[0]!.id, clients[1]!.id)).body as ClientMerge;
    await create(agent);
    const res = await agent.post(`/api/clients/merge/${merged.id}/undo`, {});
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('UPGRADE_REQUIRED');
    await makePro(user.id);
    expect((await agent.post(`/api/clients/merge/${merged.id}/undo`, {})).status).toBe(200);
  });
});
