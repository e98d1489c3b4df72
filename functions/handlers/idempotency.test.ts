// Idempotency-Key on the writes a phone queues offline and sends again (log a touch, approve or skip an automatic
// message): the first request runs, the same request with the same key gets the same answer without running again.
import { randomUUID } from 'node:crypto';
import { dateParts, todayIn } from '@shared/dates';
import { deleteAgentPartitions } from '../data/account-erasure';
import { idempotencyPartition } from '../data/keys/users';
import { getUserById } from '../data/users';
import { automaticMessageId, runAutomations } from '../services/automations';
import { automationRule, clientInput } from '../testing/factories';
import { signedInAgent, type ApiClient } from '../testing/local-api';
import { partitionItems } from '../testing/table';
import { useHandlerApi, type HandlerApi } from '../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

async function agentWithClient(overrides: Record<string, unknown> = {}) {
  const agent = await signedInAgent(api);
  const res = await agent.client.post('/api/clients', clientInput({ name: 'Maria Lopez', ...overrides }));
  if (res.status !== 201) throw new Error(`client create failed: ${res.status} ${res.text}`);
  return { ...agent, clientId: res.body.id as string, clientEmail: res.body.email as string };
}

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
const call = { kind: 'call', date: '2026-03-02', note: 'Asked about the open house' };
const logTouch = (client: ApiClient, clientId: string, key: string, touch: Record<string, unknown> = call) =>
  client.post(`/api/clients/${clientId}/touches`, touch, withKey(key));
const touchesOf = async (client: ApiClient, clientId: string) => {
  const res = await client.get(`/api/clients/${clientId}/messages`);
  return (res.body.activity as Array<{ type: string }>).filter((item) => item.type === 'touch');
};

describe('Idempotency-Key on POST /api/clients/{id}/touches', () => {
  it('answers a repeat with the first answer and writes the touch once', async () => {
    // Prepare
    const { client, clientId } = await agentWithClient();
    const key = randomUUID();
    // Act
    const first = await logTouch(client, clientId, key);
    const again = await logTouch(client, clientId, key);
    // Assess
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await touchesOf(client, clientId)).toHaveLength(1);
  });

  it('runs each new key, and requests without a key, as they always ran', async () => {
    const { client, clientId } = await agentWithClient();
    expect((await logTouch(client, clientId, randomUUID())).status).toBe(201);
    expect((await logTouch(client, clientId, randomUUID())).status).toBe(201);
    expect((await client.post(`/api/clients/${clientId}/touches`, call)).status).toBe(201);
    expect(await touchesOf(client, clientId)).toHaveLength(3);
  });

  it('refuses the same key with another body or another route with 422 IDEMPOTENCY_KEY_REUSED, writing nothing', async () => {
    const { client, clientId } = await agentWithClient();
    const key = randomUUID();
    expect((await logTouch(client, clientId, key)).status).toBe(201);
    const otherBody = await logTouch(client, clientId, key, { ...call, note: 'Another note' });
    const otherRoute = await client.post(`/api/outgoing/${randomUUID()}/skip`, {}, withKey(key));
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('another'),
    });
    expect(otherRoute.status).toBe(422);
    expect(otherRoute.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await touchesOf(client, clientId)).toHaveLength(1);
  });

  it.each(['not-a-uuid', '', '3f2c1e9a8b7d4c6e9f102a3b4c5d6e7f', `${randomUUID()}x`])(
    'refuses the key %p with 400 IDEMPOTENCY_KEY_INVALID, writing nothing',
    async (key) => {
      const { client, clientId } = await agentWithClient();
      const res = await logTouch(client, clientId, key);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID', message: expect.stringContaining('UUID') });
      expect(await touchesOf(client, clientId)).toHaveLength(0);
    },
  );

  it("keeps each agent's keys apart: another agent's same key is a new request, and their client stays a 404", async () => {
    const maria = await agentWithClient();
    const other = await agentWithClient({ name: 'Ann Other' });
    const key = randomUUID();
    const first = await logTouch(maria.client, maria.clientId, key);
    const theirs = await logTouch(other.client, other.clientId, key);
    const intoMaria = await logTouch(other.client, maria.clientId, randomUUID());
    expect(first.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.touch.id).not.toBe(first.body.touch.id);
    expect(intoMaria.status).toBe(404);
    expect(await touchesOf(maria.client, maria.clientId)).toHaveLength(1);
    expect(await touchesOf(other.client, other.clientId)).toHaveLength(1);
  });

  it('lets a key whose request failed be used again (nothing was kept for it)', async () => {
    const { client, clientId } = await agentWithClient();
    const key = randomUUID();
    const missing = await logTouch(client, randomUUID(), key);
    expect(missing.status).toBe(404);
    const retried = await logTouch(client, randomUUID(), key);
    expect(retried.status).toBe(404);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await touchesOf(client, clientId)).toHaveLength(0);
  });
});

describe('the answers kept for keys', () => {
  const keptFor = (agentId: string) => partitionItems(idempotencyPartition(agentId));

  it("go with the agent's partitions when their account is erased", async () => {
    const { client, clientId, user } = await agentWithClient();
    expect((await logTouch(client, clientId, randomUUID())).status).toBe(201);
    expect(await keptFor(user.id)).toHaveLength(1);
    expect((await client.delete(`/api/clients/${clientId}`)).status).toBe(204);

    expect(await deleteAgentPartitions((await getUserById(user.id))!)).toBe(true);

    expect(await keptFor(user.id)).toEqual([]);
  });
});

describe('Idempotency-Key on POST /api/outgoing/{id}/approve and /skip', () => {
  /** A verified agent with a birthday rule, a client born today and the morning run's message waiting for approval. */
  async function waitingMessage(): Promise<Agent & { messageId: string; clientEmail: string }> {
    const agent = await signedInAgent(api);
    const rules = await agent.client.request('PUT', '/api/user/automations', { json: { rules: [automationRule()] } });
    if (rules.status !== 200) throw new Error(`rules failed: ${rules.status} ${rules.text}`);
    const user = (await getUserById(agent.user.id, true))!;
    const date = todayIn(user.timeZone);
    const res = await agent.client.post(
      '/api/clients',
      clientInput({ name: 'Maria Lopez', birthday: `1984-${date.slice(5)}` }),
    );
    if (res.status !== 201) throw new Error(`client create failed: ${res.status} ${res.text}`);
    await runAutomations(user, date, new Date());
    const messageId = automaticMessageId(res.body.id as string, 'birthday', dateParts(date).year);
    return { ...agent, messageId, clientEmail: res.body.email as string };
  }

  it('sends an approved message once when the approval is sent twice with one key', async () => {
    const { client, messageId, clientEmail } = await waitingMessage();
    const key = randomUUID();
    const first = await client.post(`/api/outgoing/${messageId}/approve`, {}, withKey(key));
    const again = await client.post(`/api/outgoing/${messageId}/approve`, {}, withKey(key));
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('sent');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await api.outbox()).filter((m) => m.to === clientEmail)).toHaveLength(1);
  });

  it('answers a repeated skip with the first answer', async () => {
    const { client, messageId } = await waitingMessage();
    const key = randomUUID();
    const first = await client.post(`/api/outgoing/${messageId}/skip`, {}, withKey(key));
    const again = await client.post(`/api/outgoing/${messageId}/skip`, {}, withKey(key));
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});
