import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { REGISTRATION_MESSAGES } from '../../../shared/client-registration';
import { CLIENT_MESSAGES } from '../../../shared/client-schema';
import { FREE_CLIENT_LIMIT } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/schemas';
import { sessionSecret } from '../../config';
import { db, table } from '../../data/db';
import { invitationKey } from '../../data/keys';
import { verifyToken } from '../../domain/signed-tokens';
import { clientInput, makePro } from '../../testing/factories';
import { inviteClient, registeredAdmin, signedInRealtor } from '../../testing/invitations';
import { startTestApi, type ApiClient, type TestApi } from '../../testing/local-api';
import { LOCAL_IP, resetLimit } from '../../testing/throttle';
import { PLAN_FULL_NOTICES_PER_DAY, REGISTRATION_LIMIT } from './post-client-registration';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => resetLimit('client-registration-ip', LOCAL_IP, REGISTRATION_LIMIT.windowSeconds));

const register = (body: Record<string, unknown>) => api.client().post('/api/client-registration', body);

async function fillToCap(agent: ApiClient): Promise<void> {
  for (let i = 0; i < FREE_CLIENT_LIMIT; i += 1) expect((await agent.post('/api/clients', clientInput())).status).toBe(201);
}

const capNoticesTo = async (email: string) => (await api.outbox()).filter((m) => m.to === email && m.subject?.includes('could not join'));

describe('registering from an invitation', () => {
  it('creates the client under the inviting agent with the invited name and e-mail, and the given profile', async () => {
    const agent = await signedInRealtor(api);
    const token = await inviteClient(api, agent.client, { name: 'Casey Invited', email: 'casey@example.com' });
    const res = await register({ token, phone: '(555) 123-4567', address: '1 Main St', birthday: '1990-05-01', purchaseDate: '2020-07-15' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ clientId: expect.any(String), created: true, clientToken: expect.any(String), clientTokenExpiresAt: expect.any(String) });
    const clients = (await agent.client.get('/api/clients')).body;
    expect(clients).toEqual([
      expect.objectContaining({
        id: res.body.clientId,
        name: 'Casey Invited',
        email: 'casey@example.com',
        phone: '(555) 123-4567',
        address: '1 Main St',
        birthday: '1990-05-01',
        purchaseDate: '2020-07-15',
        anniversary: null,
        reviewStatus: 'pending',
        hasTestimonial: false,
      }),
    ]);
  });

  it('requires the phone, with SPEC messages, and valid optional dates', async () => {
    const agent = await signedInRealtor(api);
    const token = await inviteClient(api, agent.client, { name: 'No Phone', email: 'nophone@example.com' });
    expect((await register({ token })).body.errors).toEqual({ phone: CLIENT_MESSAGES.phoneRequired });
    expect((await register({ token, phone: '12345' })).body.errors.phone).toBe(MESSAGES.phoneTooShort);
    expect((await register({ token, phone: '555-123-abcd' })).body.errors.phone).toBe(MESSAGES.phoneFormat);
    expect((await register({ token, phone: '(555) 123-4567', birthday: '1990-02-30' })).body.errors).toEqual({ birthday: CLIENT_MESSAGES.invalidDate });
    expect((await register({ token, phone: 5551234567 })).status).toBe(400);
    // none of these used the invitation up
    expect((await register({ token, phone: '(555) 123-4567' })).status).toBe(201);
  });

  it('works once: a second submission is refused', async () => {
    const agent = await signedInRealtor(api);
    const invitee = clientInput();
    const token = await inviteClient(api, agent.client, { name: invitee.name, email: invitee.email });
    expect((await register({ token, phone: invitee.phone })).status).toBe(201);
    const again = await register({ token, phone: invitee.phone });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ message: REGISTRATION_MESSAGES.invitationInvalid, code: 'INVITATION_INVALID' });
  });

  it('lets exactly one of 20 concurrent submissions succeed, creating one client', async () => {
    const agent = await signedInRealtor(api);
    const invitee = clientInput();
    const token = await inviteClient(api, agent.client, { name: invitee.name, email: invitee.email });
    const results = await Promise.all(Array.from({ length: 20 }, () => register({ token, phone: invitee.phone })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect([409, 410]).toContain(r.status);
      expect(['INVITATION_IN_USE', 'INVITATION_INVALID']).toContain(r.body.code);
    }
    expect((await agent.client.get('/api/clients')).body).toHaveLength(1);
  });

  it('waits out a redemption in progress, and takes over one left by a crash after a minute', async () => {
    const agent = await signedInRealtor(api);
    const invitee = clientInput();
    const token = await inviteClient(api, agent.client, { name: invitee.name, email: invitee.email });
    const claimAt = (msAgo: number) =>
      db().send(
        new UpdateCommand({
          TableName: table(),
          Key: invitationKey(createHash('sha256').update(token).digest('hex')),
          UpdateExpression: 'SET claimId = :c, claimedAt = :t',
          ExpressionAttributeValues: { ':c': 'crashed-request', ':t': new Date(Date.now() - msAgo).toISOString() },
        }),
      );
    await claimAt(1000);
    const busy = await register({ token, phone: invitee.phone });
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ message: REGISTRATION_MESSAGES.invitationInUse, code: 'INVITATION_IN_USE' });
    await claimAt(61_000);
    expect((await register({ token, phone: invitee.phone })).status).toBe(201);
  });

  it('refuses an expired invitation', async () => {
    const agent = await signedInRealtor(api);
    const invitee = clientInput();
    const token = await inviteClient(api, agent.client, { name: invitee.name, email: invitee.email });
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: invitationKey(createHash('sha256').update(token).digest('hex')),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const res = await register({ token, phone: invitee.phone });
    expect(res.status).toBe(410);
    expect((await agent.client.get('/api/clients')).body).toEqual([]);
  });

  it.each(['A'.repeat(43), 'short', 'a'.repeat(44), '../../etc'])('refuses the unknown or malformed token %p', async (token) => {
    const res = await register({ token, phone: '(555) 123-4567' });
    expect([400, 410]).toContain(res.status);
    expect(res.body.message).toBe(REGISTRATION_MESSAGES.invitationInvalid);
  });

  it("updates the agent's existing client with that e-mail instead of duplicating it", async () => {
    const agent = await signedInRealtor(api);
    const existing = (await agent.client.post('/api/clients', clientInput({ name: 'Known Client', email: 'known@example.com', birthday: '1970-01-01', anniversary: '2000-06-01' }))).body;
    const token = await inviteClient(api, agent.client, { name: 'Known Client', email: 'KNOWN@example.com' });
    const res = await register({ token, phone: '(555) 777-8888', purchaseDate: '2019-09-09' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clientId: existing.id, created: false });
    const clients = (await agent.client.get('/api/clients')).body;
    expect(clients).toHaveLength(1);
    expect(clients[0]).toMatchObject({ id: existing.id, phone: '(555) 777-8888', purchaseDate: '2019-09-09', birthday: '1970-01-01', anniversary: '2000-06-01' });
  });

  it('at the free-plan cap: a clear 403 for the client, an e-mail to the agent, and the invitation still good after upgrading', async () => {
    const agent = await signedInRealtor(api);
    await fillToCap(agent.client);
    const invitee = clientInput({ name: 'Late Comer' });
    const token = await inviteClient(api, agent.client, { name: invitee.name, email: invitee.email });
    const refused = await register({ token, phone: invitee.phone });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "Your realtor can't add new clients right now. Please contact them directly.", code: 'AGENT_AT_CAPACITY' });
    const [notice] = await capNoticesTo(agent.details.username);
    expect(notice!.text).toContain('Late Comer');
    expect(notice!.text).toContain(invitee.email);
    expect(notice!.text).toMatch(/free plan/);
    expect(notice!.text).toMatch(/Upgrade to Pro/);
    expect(notice!.text).toContain(`${api.url}/settings`);

    expect((await api.client().get(`/api/client-invitations/${token}`)).body.valid).toBe(true);
    await makePro(agent.user.id);
    expect((await register({ token, phone: invitee.phone })).status).toBe(201);
    expect((await agent.client.get('/api/clients')).body).toHaveLength(FREE_CLIENT_LIMIT + 1);
  });
});

describe('registering after choosing a realtor', () => {
  it('creates the client under that agent with the name and e-mail given', async () => {
    const agent = await signedInRealtor(api);
    const res = await register({ agentId: agent.user.id, name: 'Sam Self', email: 'Sam.Self@Example.com', phone: '(555) 222-3333', birthday: '1985-03-03' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created: true, clientId: expect.any(String), clientToken: expect.any(String) });
    expect((await agent.client.get('/api/clients')).body).toEqual([
      expect.objectContaining({ id: res.body.clientId, name: 'Sam Self', email: 'sam.self@example.com', phone: '(555) 222-3333', birthday: '1985-03-03' }),
    ]);
  });

  it('updates a client with the same e-mail, never a duplicate', async () => {
    const agent = await signedInRealtor(api);
    const first = await register({ agentId: agent.user.id, name: 'Twice Over', email: 'twice@example.com', phone: '(555) 222-3333' });
    const second = await register({ agentId: agent.user.id, name: 'Twice Over', email: 'TWICE@example.com', phone: '(555) 444-5555' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ clientId: first.body.clientId, created: false });
    const clients = (await agent.client.get('/api/clients')).body;
    expect(clients).toHaveLength(1);
    expect(clients[0].phone).toBe('(555) 444-5555');
  });

  it('requires name, e-mail and phone', async () => {
    const agent = await signedInRealtor(api);
    const res = await register({ agentId: agent.user.id });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: CLIENT_MESSAGES.nameRequired, email: CLIENT_MESSAGES.emailRequired, phone: CLIENT_MESSAGES.phoneRequired });
    expect((await register({ agentId: agent.user.id, name: 'X', email: 'nope', phone: '(555) 222-3333' })).body.errors).toEqual({ email: MESSAGES.invalidEmail });
  });

  it('refuses an unknown agent, and an administrator who is not a realtor', async () => {
    const admin = await registeredAdmin(api);
    for (const agentId of ['no-such-agent', admin.user.id]) {
      const res = await register({ agentId, name: 'Lost Visitor', email: 'lost@example.com', phone: '(555) 222-3333' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(REGISTRATION_MESSAGES.agentNotFound);
    }
    expect((await register({ agentId: '../USER#x', name: 'Lost Visitor', email: 'lost@example.com', phone: '(555) 222-3333' })).status).toBe(400);
  });

  it(`counts against the agent's plan: 403 at the cap, and at most ${PLAN_FULL_NOTICES_PER_DAY} notices a day to the agent however often retried`, async () => {
    const agent = await signedInRealtor(api);
    await fillToCap(agent.client);
    for (let i = 0; i < 8; i += 1) {
      const res = await register({ agentId: agent.user.id, name: `Visitor ${i}`, email: `visitor${i}@example.com`, phone: '(555) 222-3333' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('AGENT_AT_CAPACITY');
      expect(res.body.message).toBe(REGISTRATION_MESSAGES.agentAtCapacity);
    }
    expect((await agent.client.get('/api/clients')).body).toHaveLength(FREE_CLIENT_LIMIT);
    const notices = await capNoticesTo(agent.details.username);
    expect(notices).toHaveLength(PLAN_FULL_NOTICES_PER_DAY);
  });

  it("still updates an existing client's profile when the plan is full", async () => {
    const agent = await signedInRealtor(api);
    await fillToCap(agent.client);
    const known = (await agent.client.get('/api/clients')).body[0];
    const res = await register({ agentId: agent.user.id, name: known.name, email: known.email, phone: '(555) 999-0000' });
    expect(res.status).toBe(200);
    expect(res.body.clientId).toBe(known.id);
  });
});

describe('the answer', () => {
  it('carries a clientToken for this client and agent only, valid about 30 minutes', async () => {
    const agent = await signedInRealtor(api);
    const res = await register({ agentId: agent.user.id, name: 'Token Holder', email: 'holder@example.com', phone: '(555) 222-3333' });
    const verified = await verifyToken(await sessionSecret(), 'client-upload', res.body.clientToken);
    expect(verified).toMatchObject({ sub: res.body.clientId, claims: expect.objectContaining({ agent: agent.user.id, pur: 'client-upload' }) });
    const minutes = (Number(verified!.claims.exp) * 1000 - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(await verifyToken(await sessionSecret(), 'session', res.body.clientToken)).toBeNull();
  });

  it('asks for exactly one of token and agentId', async () => {
    const neither = await register({ name: 'X', email: 'x@example.com', phone: '(555) 222-3333' });
    expect(neither.status).toBe(400);
    expect(neither.body).toEqual({ message: REGISTRATION_MESSAGES.oneForm, code: 'ONE_FORM' });
    expect((await register({ token: 'A'.repeat(43), agentId: 'abc', phone: '(555) 222-3333' })).status).toBe(400);
  });

  it('refuses cross-site and non-JSON submissions', async () => {
    const agent = await signedInRealtor(api);
    const body = JSON.stringify({ agentId: agent.user.id, name: 'X', email: 'x@example.com', phone: '(555) 222-3333' });
    const crossSite = await api.client().request('POST', '/api/client-registration', { body, headers: { 'content-type': 'application/json', origin: 'https://evil.example.com' } });
    expect(crossSite.status).toBe(403);
    const form = await api.client().request('POST', '/api/client-registration', { body, headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(415);
  });
});

describe('registration rate limit', () => {
  it(`allows ${REGISTRATION_LIMIT.max} registrations an hour from one address, then answers 429`, async () => {
    const agent = await signedInRealtor(api);
    for (let i = 0; i < REGISTRATION_LIMIT.max; i += 1) expect((await register({})).status).toBe(400);
    const refused = await register({ agentId: agent.user.id, name: 'One More', email: 'one.more@example.com', phone: '(555) 222-3333' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await agent.client.get('/api/clients')).body).toEqual([]);
  });
});
