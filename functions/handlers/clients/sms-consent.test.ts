// Consent to texts on every path: the client record's field and its history, the agent's attestation, the
// registration forms' checkbox, imports, every way a text leaves, and opt-outs that outlive the client.
import { setSmsConsent } from '../../data/sms-consent';
import { clientInput } from '../../testing/factories';
import { resetSendingSettings, useTestApi, zoneAtLocalHour } from '../../testing/sending';
import { signedInAgent, type ApiClient, type TestApi } from '../../testing/local-api';

let api: TestApi;
useTestApi((started) => (api = started));
afterEach(resetSendingSettings);

async function agentWithClient(client: Record<string, unknown> = {}) {
  const agent = await signedInAgent(api);
  const res = await agent.client.post('/api/clients', clientInput({ timeZone: zoneAtLocalHour(12), ...client }));
  if (res.status !== 201) throw new Error(`client create failed: ${res.text}`);
  return { ...agent, clientId: res.body.id as string, created: res.body };
}
const attest = (client: ApiClient, id: string, smsConsent: unknown) =>
  client.patch(`/api/clients/${id}`, { smsConsent });
async function clientOf(client: ApiClient, id: string): Promise<Record<string, any>> {
  const list = (await client.get('/api/clients')).body as Array<Record<string, unknown>>;
  return list.find((entry) => entry.id === id)!;
}
const activityOf = async (client: ApiClient, id: string) =>
  (await client.get(`/api/clients/${id}/messages`)).body.activity as Array<Record<string, unknown>>;

describe('the consent field', () => {
  it('is none, from no source, for a client the agent adds', async () => {
    const { created } = await agentWithClient();
    expect(created.smsConsent).toEqual({ status: 'none', source: null, at: null });
  });

  it('is set by setSmsConsent, which adds each change to the client’s activity', async () => {
    const { client, user, clientId } = await agentWithClient();
    const at = new Date('2026-02-01T10:00:00.000Z');
    const set = await setSmsConsent(user.id, clientId, { status: 'granted', source: 'keyword' }, at);
    expect(set).toMatchObject({ changed: true, client: { smsConsent: { status: 'granted', source: 'keyword' } } });
    await setSmsConsent(user.id, clientId, { status: 'revoked', source: 'keyword' }, new Date('2026-02-02T10:00:00Z'));
    const got = { body: await clientOf(client, clientId) };
    expect(got.body.smsConsent).toEqual({ status: 'revoked', source: 'keyword', at: '2026-02-02T10:00:00.000Z' });
    expect(got.body.smsOptedOut).toBe(true);
    expect(await activityOf(client, clientId)).toEqual([
      expect.objectContaining({
        type: 'consent',
        status: 'revoked',
        source: 'keyword',
        at: '2026-02-02T10:00:00.000Z',
      }),
      expect.objectContaining({ type: 'consent', status: 'granted', source: 'keyword', at: at.toISOString() }),
    ]);
  });
});

describe('PATCH /api/clients/{id} { smsConsent }', () => {
  it('records the agent’s attestation with its time, and takes it back with "none"', async () => {
    const { client, clientId } = await agentWithClient();
    const before = Date.now();
    const granted = await attest(client, clientId, 'granted');
    expect(granted.status).toBe(200);
    expect(granted.body.smsConsent).toMatchObject({ status: 'granted', source: 'agent-attested' });
    expect(Date.parse(granted.body.smsConsent.at)).toBeGreaterThanOrEqual(before - 1000);
    const withdrawn = await attest(client, clientId, 'none');
    expect(withdrawn.body.smsConsent).toMatchObject({ status: 'none', source: 'agent-attested' });
    const history = (await activityOf(client, clientId)).filter((entry) => entry.type === 'consent');
    expect(history.map((entry) => entry.status)).toEqual(['none', 'granted']);
  });

  it('refuses the agent’s attestation after the client’s STOP with 409 OPTED_OUT, and applies nothing else sent', async () => {
    const { client, user, clientId } = await agentWithClient({ name: 'Stopped Client' });
    await setSmsConsent(user.id, clientId, { status: 'revoked', source: 'keyword' }, new Date());
    const refused = await client.patch(`/api/clients/${clientId}`, { smsConsent: 'granted', name: 'Renamed' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('OPTED_OUT');
    expect(await clientOf(client, clientId)).toMatchObject({
      name: 'Stopped Client',
      smsConsent: { status: 'revoked' },
    });
    // The client's own START gives it back.
    await setSmsConsent(user.id, clientId, { status: 'granted', source: 'keyword' }, new Date());
    expect((await attest(client, clientId, 'granted')).status).toBe(200);
  });

  it('answers 400 for a value other than "granted" or "none" (the agent cannot record a revocation or a form)', async () => {
    const { client, clientId } = await agentWithClient();
    for (const value of ['revoked', true, 'yes', null, { status: 'granted' }]) {
      const res = await attest(client, clientId, value);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('smsConsent');
    }
  });

  it('answers 404 for another agent’s client', async () => {
    const { clientId } = await agentWithClient();
    const other = await signedInAgent(api);
    expect((await attest(other.client, clientId, 'granted')).status).toBe(404);
  });
});
