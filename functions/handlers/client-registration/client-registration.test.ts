import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REGISTRATION_MESSAGES, REGISTRATION_SUBMISSION_TTL_DAYS } from '@shared/client-registration';
import { CLIENT_MESSAGES } from '@shared/client-schema';
import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { MESSAGES } from '@shared/schemas';
import { config, resetConfig, sessionSecret } from '../../config';
import { db, table } from '../../data/db';
import { invitationKey, occasionsPartition, registrationSubmissionKey } from '../../data/keys/clients';
import { reconcileClientCount } from '../../data/plan-slots';
import { getUserById } from '../../data/users';
import { defang } from '../../domain/message-text';
import { verifyToken } from '../../domain/signed-tokens';
import { clientInput, makePro } from '../../testing/factories';
import {
  directoryRegistration,
  expireInvitation,
  inviteClient,
  registeredAdmin,
  sha256,
  signedInRealtor,
} from '../../testing/invitations';
import { splitTokenLink, tokenOf, type ApiClient, allClients } from '../../testing/local-api';
import { LOCAL_IP, resetLimit } from '../../testing/throttle';
import {
  completeVideoUpload,
  requestVideoUpload,
  TEST_VIDEO,
  uploadExists,
  uploadTestimonial,
} from '../../testing/videos';
import { s3 } from '../../integrations/storage';
import {
  CONFIRMATION_MAILS_PER_CLIENT_PER_DAY,
  PLAN_FULL_NOTICES_PER_DAY,
  REGISTRATION_LIMIT,
} from '../../services/client-registration';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { s3: true });
beforeEach(() => resetLimit('client-registration-ip', LOCAL_IP, REGISTRATION_LIMIT.windowSeconds));

const register = (body: Record<string, unknown>) => api.client().post('/api/client-registration', body);
const confirm = (token: string) => api.client().post('/api/client-registration/confirm', { token });
const DAY_SECONDS = 24 * 3600;

async function fillToCap(agent: ApiClient): Promise<void> {
  for (let i = 0; i < FREE_CLIENT_LIMIT; i += 1)
    expect((await agent.post('/api/clients', clientInput())).status).toBe(201);
}

const capNoticesTo = async (email: string) =>
  (await api.outbox()).filter((m) => m.to === email && m.subject?.includes('could not join'));

describe('registering from an invitation', () => {
  it('creates the client under the inviting agent with the invited name and e-mail, and the given profile', async () => {
    const agent = await signedInRealtor(api);
    const token = await inviteClient(api, agent.client, { name: 'Casey Invited', email: 'casey@example.com' });
    const res = await register({
      token,
      phone: '(555) 123-4567',
      address: '1 Main St',
      birthday: '1990-05-01',
      purchaseDate: '2020-07-15',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      clientId: expect.any(String),
      created: true,
      clientToken: expect.any(String),
      clientTokenExpiresAt: expect.any(String),
    });
    const clients = await allClients(agent.client);
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
    expect((await register({ token, phone: '(555) 123-4567', birthday: '1990-02-30' })).body.errors).toEqual({
      birthday: CLIENT_MESSAGES.invalidDate,
    });
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
    expect(await allClients(agent.client)).toHaveLength(1);
  });

  it('waits out a redemption in progress, and takes over one left by a crash after a minute', async () => {
    const agent = await signedInRealtor(api);
    const invitee = clientInput();
    const token = await inviteClient(api, agent.client, { name: invitee.name, email: invitee.email });
    const claimAt = (msAgo: number) =>
      db().send(
        new UpdateCommand({
          TableName: table(),
          Key: invitationKey(sha256(token)),
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
    await expireInvitation(token);
    const res = await register({ token, phone: invitee.phone });
    expect(res.status).toBe(410);
    expect(await allClients(agent.client)).toEqual([]);
  });

  it.each(['A'.repeat(43), 'short', 'a'.repeat(44), '../../etc'])(
    'refuses the unknown or malformed token %p',
    async (token) => {
      const res = await register({ token, phone: '(555) 123-4567' });
      expect([400, 410]).toContain(res.status);
      expect(res.body.message).toBe(REGISTRATION_MESSAGES.invitationInvalid);
    },
  );

  it("updates the agent's existing client with that e-mail instead of duplicating it", async () => {
    const agent = await signedInRealtor(api);
    const existing = (
      await agent.client.post(
        '/api/clients',
        clientInput({
          name: 'Known Client',
          email: 'known@example.com',
          birthday: '1970-01-01',
          anniversary: '2000-06-01',
        }),
      )
    ).body;
    const token = await inviteClient(api, agent.client, { name: 'Known Client', email: 'KNOWN@example.com' });
    const res = await register({ token, phone: '(555) 777-8888', purchaseDate: '2019-09-09' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clientId: existing.id, created: false });
    const clients = await allClients(agent.client);
    expect(clients).toHaveLength(1);
    expect(clients[0]).toMatchObject({
      id: existing.id,
      phone: '(555) 777-8888',
      purchaseDate: '2019-09-09',
      birthday: '1970-01-01',
      anniversary: '2000-06-01',
    });
  });

  it('at the free-plan cap: a clear 403 for the client, an e-mail to the agent, and the invitation still good after upgrading', async () => {
    const agent = await signedInRealtor(api);
    await fillToCap(agent.client);
    const invitee = clientInput({ name: 'Late Comer' });
    const token = await inviteClient(api, agent.client, { name: invitee.name, email: invitee.email });
    const refused = await register({ token, phone: invitee.phone });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: "Your realtor can't add new clients right now. Please contact them directly.",
      code: 'AGENT_AT_CAPACITY',
    });
    const [notice] = await capNoticesTo(agent.details.username);
    expect(notice!.text).toContain('Late Comer');
    // The e-mail came from the visitor: it reads as text, never as a link.
    expect(notice!.text).toContain(defang(invitee.email));
    expect(notice!.text).toMatch(/free plan/);
    expect(notice!.text).toMatch(/Upgrade to Pro/);
    expect(notice!.text).toContain(`${api.url}/settings`);

    expect((await api.client().post('/api/client-invitations/preview', { token })).body.valid).toBe(true);
    await makePro(agent.user.id);
    expect((await register({ token, phone: invitee.phone })).status).toBe(201);
    expect(await allClients(agent.client)).toHaveLength(FREE_CLIENT_LIMIT + 1);
  });
});

describe('registering after choosing a realtor', () => {
  it('keeps the client pending (no plan slot, no occasions) until they confirm from the e-mail we send them', async () => {
    // Prepare, and act
    const { agent, res } = await directoryRegistration(api, {
      name: 'Sam Self',
      email: 'Sam.Self@Example.com',
      phone: '(555) 222-3333',
      birthday: '1985-03-03',
    });
    // Assess
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created: true, clientId: expect.any(String), clientToken: expect.any(String) });
    const pending = {
      name: 'Sam Self',
      email: 'sam.self@example.com',
      phone: '(555) 222-3333',
      birthday: '1985-03-03',
    };
    expect(await allClients(agent.client)).toEqual([
      expect.objectContaining({ ...pending, registrationPending: true }),
    ]);
    expect(await planCountOf(agent.user.id)).toBe(0);
    expect(await reconcileClientCount(agent.user.id)).toBe('consistent'); // the reconcile counts it out too
    expect(await occasionEntriesOf(agent.user.id)).toBe(0);
    const [mail] = await confirmationsTo('sam.self@example.com');
    expect(mail!.subject).toBe(`Confirm your registration with ${agent.user.fullName}`);

    expect((await confirm(await confirmTokenFor('sam.self@example.com'))).status).toBe(200);
    const [confirmed] = (await allClients(agent.client)) as Array<Record<string, unknown>>;
    expect(confirmed).toMatchObject(pending);
    expect(confirmed).not.toHaveProperty('registrationPending');
    expect(await planCountOf(agent.user.id)).toBe(1);
    expect(await occasionEntriesOf(agent.user.id)).toBe(1);
  });

  it('lets the agent accept a pending client instead: the plan slot is taken then (403 when the free plan is full)', async () => {
    const agent = await signedInRealtor(api);
    await register({ agentId: agent.user.id, name: 'Ada Accepted', email: 'ada@example.com', phone: '(555) 222-3334' });
    const [pending] = (await allClients(agent.client)) as Array<{ id: string }>;
    const stranger = await signedInRealtor(api);
    expect((await stranger.client.post(`/api/clients/${pending!.id}/accept-registration`, {})).status).toBe(404);
    expect((await agent.client.post('/api/clients/not%20an%20id/accept-registration', {})).status).toBe(404);
    await fillToCap(agent.client);
    const full = await agent.client.post(`/api/clients/${pending!.id}/accept-registration`, {});
    expect(full.status).toBe(403);
    expect(full.body.code).toBe('UPGRADE_REQUIRED');
    await makePro(agent.user.id);
    // Act
    const accepted = await agent.client.post(`/api/clients/${pending!.id}/accept-registration`, {});
    // Assess
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: pending!.id, name: 'Ada Accepted' });
    expect(accepted.body).not.toHaveProperty('registrationPending');
    expect(await planCountOf(agent.user.id)).toBe(FREE_CLIENT_LIMIT + 1);
    // accepted again: answered as is, nothing counted twice
    expect((await agent.client.post(`/api/clients/${pending!.id}/accept-registration`, {})).status).toBe(200);
    expect(await planCountOf(agent.user.id)).toBe(FREE_CLIENT_LIMIT + 1);
  });

  it('requires name, e-mail and phone', async () => {
    const agent = await signedInRealtor(api);
    const res = await register({ agentId: agent.user.id });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: CLIENT_MESSAGES.nameRequired,
      email: CLIENT_MESSAGES.emailRequired,
      phone: CLIENT_MESSAGES.phoneRequired,
    });
    expect(
      (await register({ agentId: agent.user.id, name: 'X', email: 'nope', phone: '(555) 222-3333' })).body.errors,
    ).toEqual({ email: MESSAGES.invalidEmail });
  });

  it('refuses an unknown agent, and an administrator who is not a realtor', async () => {
    const admin = await registeredAdmin(api);
    for (const agentId of ['no-such-agent', admin.user.id]) {
      const res = await register({ agentId, name: 'Lost Visitor', email: 'lost@example.com', phone: '(555) 222-3333' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(REGISTRATION_MESSAGES.agentNotFound);
    }
    expect(
      (
        await register({
          agentId: '../USER#x',
          name: 'Lost Visitor',
          email: 'lost@example.com',
          phone: '(555) 222-3333',
        })
      ).status,
    ).toBe(400);
  });

  it(`counts against the agent's plan: 403 at the cap, and at most ${PLAN_FULL_NOTICES_PER_DAY} notices a day to the agent however often retried`, async () => {
    const agent = await signedInRealtor(api);
    await fillToCap(agent.client);
    for (let i = 0; i < 8; i += 1) {
      // This test is about the notices, not the per-address daily cap (tested on its own below).
      await resetLimit('directory-registration', `${agent.user.id}#${LOCAL_IP}`, DAY_SECONDS);
      const res = await register({
        agentId: agent.user.id,
        name: `Visitor ${i}`,
        email: `visitor${i}@example.com`,
        phone: '(555) 222-3333',
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('AGENT_AT_CAPACITY');
      expect(res.body.message).toBe(REGISTRATION_MESSAGES.agentAtCapacity);
    }
    expect(await allClients(agent.client)).toHaveLength(FREE_CLIENT_LIMIT);
    const notices = await capNoticesTo(agent.details.username);
    expect(notices).toHaveLength(PLAN_FULL_NOTICES_PER_DAY);
  });
});

describe('the answer', () => {
  it('carries a clientToken for this client and agent only, valid about 30 minutes', async () => {
    const { agent, res } = await directoryRegistration(api, clientInput());
    const verified = await verifyToken(await sessionSecret(), 'client-upload', res.body.clientToken);
    expect(verified).toMatchObject({
      sub: res.body.clientId,
      claims: expect.objectContaining({ agent: agent.user.id, pur: 'client-upload' }),
    });
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
    const crossSite = await api.client().request('POST', '/api/client-registration', {
      body,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example.com' },
    });
    expect(crossSite.status).toBe(403);
    const form = await api
      .client()
      .request('POST', '/api/client-registration', { body, headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(415);
  });
});

describe('registration rate limit', () => {
  it(`allows ${REGISTRATION_LIMIT.max} registrations an hour from one address, then answers 429`, async () => {
    const agent = await signedInRealtor(api);
    for (let i = 0; i < REGISTRATION_LIMIT.max; i += 1) expect((await register({})).status).toBe(400);
    const refused = await register({
      agentId: agent.user.id,
      name: 'One More',
      email: 'one.more@example.com',
      phone: '(555) 222-3333',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await allClients(agent.client)).toEqual([]);
  });
});

/** An agent with one client they added themselves, and what a stranger would post for that client's e-mail. */
async function agentWithKnownClient() {
  const agent = await signedInRealtor(api);
  const known = (
    await agent.client.post(
      '/api/clients',
      clientInput({ name: 'Known Client', address: '1 Old Road', birthday: '1970-01-01' }),
    )
  ).body;
  const stranger = {
    agentId: agent.user.id,
    name: 'Someone Else',
    email: known.email.toUpperCase(),
    phone: '(555) 666-7777',
    address: '9 New Street',
    purchaseDate: '2021-02-03',
  };
  return { agent, known, stranger };
}

const clientOf = async (agent: ApiClient, id: string) =>
  ((await allClients(agent)) as Array<Record<string, unknown>>).find((c) => c.id === id);

/** The agent's plan counter (clientCount). */
const planCountOf = async (agentId: string) => (await getUserById(agentId, true))!.clientCount;

/** The agent's occasion entries (what the automations and the digests read). */
const occasionEntriesOf = async (agentId: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': occasionsPartition(agentId) },
      }),
    )
  ).Items!.length;

const confirmationsTo = async (email: string) =>
  (await api.outbox()).filter((m) => m.to === email && m.text.includes('/client-registration/confirm#token='));

async function confirmTokenFor(email: string): Promise<string> {
  const link = /https?:\/\/\S+/.exec((await confirmationsTo(email)).at(-1)?.text ?? '')?.[0];
  if (!link) throw new Error(`no confirmation mailed to ${email}`);
  return tokenOf(link);
}

describe('a directory registration for an e-mail the agent already has', () => {
  it('changes nothing about the client', async () => {
    const { agent, known, stranger } = await agentWithKnownClient();
    const before = await clientOf(agent.client, known.id);

    expect((await register(stranger)).status).toBe(201);

    expect(await clientOf(agent.client, known.id)).toEqual(before);
    expect(await allClients(agent.client)).toHaveLength(1);
  });

  it('answers exactly as a new registration does: status, shape, an id of the same form, a working upload token', async () => {
    const { agent, known, stranger } = await agentWithKnownClient();
    const fresh = await register({ ...stranger, email: 'brand.new@example.com' });
    const existing = await register(stranger);

    expect(existing.status).toBe(fresh.status);
    expect(fresh.status).toBe(201);
    expect(Object.keys(existing.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(existing.body).toEqual({
      clientId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      created: true,
      clientToken: expect.any(String),
      clientTokenExpiresAt: expect.any(String),
    });
    expect(fresh.body.clientId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(existing.body.clientId).not.toBe(known.id);
    const claimsOf = async (token: string) =>
      Object.keys((await verifyToken(await sessionSecret(), 'client-upload', token))!.claims).sort();
    expect(await claimsOf(existing.body.clientToken)).toEqual(await claimsOf(fresh.body.clientToken));
    // The video step is still offered.
    expect(
      (await requestVideoUpload(api, { clientId: existing.body.clientId, clientToken: existing.body.clientToken }))
        .status,
    ).toBe(201);
    expect(JSON.stringify(existing.body)).not.toContain(known.id);
    expect(await allClients(agent.client)).toHaveLength(2);
  });

  it('mails the client a link to confirm the details, subject "You\'re already connected with {agent}", the token stored only hashed', async () => {
    const { agent, known, stranger } = await agentWithKnownClient();
    const res = await register(stranger);

    const [mail, ...more] = await confirmationsTo(known.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`You're already connected with ${agent.user.fullName}`);
    const link = /https?:\/\/\S+/.exec(mail!.text)![0];
    // The token rides after # only: no server, CloudFront log or Referer sees it.
    expect(splitTokenLink(link).sentToServer).toBe(`${api.url}/client-registration/confirm`);
    expect(`${mail!.text}${mail!.html}`).not.toMatch(/[?&]token=/);
    expect(mail!.text).toContain('(555) 666-7777');
    const token = await confirmTokenFor(known.email);
    expect(JSON.stringify(res.body)).not.toContain(token);
    const stored = (
      await db().send(new GetCommand({ TableName: table(), Key: registrationSubmissionKey(res.body.clientId) }))
    ).Item!;
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.tokenHash).toBe(sha256(token));
    const days = (stored.ttl * 1000 - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(REGISTRATION_SUBMISSION_TTL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(REGISTRATION_SUBMISSION_TTL_DAYS);
  });

  it(`mails one client at most ${CONFIRMATION_MAILS_PER_CLIENT_PER_DAY} times a day, however often a stranger posts`, async () => {
    const { agent, known, stranger } = await agentWithKnownClient();
    for (let i = 0; i < CONFIRMATION_MAILS_PER_CLIENT_PER_DAY + 2; i += 1) {
      await resetLimit('directory-registration', `${agent.user.id}#${LOCAL_IP}`, DAY_SECONDS);
      expect((await register(stranger)).status).toBe(201);
    }
    expect(await confirmationsTo(known.email)).toHaveLength(CONFIRMATION_MAILS_PER_CLIENT_PER_DAY);
  });

  it('confirming applies the details, and the video uploaded with them is attached to the client and shown to the agent', async () => {
    const { agent, known, stranger } = await agentWithKnownClient();
    const res = await register(stranger);
    const who = { clientId: res.body.clientId, clientToken: res.body.clientToken };
    const waitingKey = await uploadTestimonial(api, who);
    expect(waitingKey).toMatch(new RegExp(`^registrations/${agent.user.id}/${res.body.clientId}/`));
    expect(await uploadExists(waitingKey)).toBe(true);
    expect((await clientOf(agent.client, known.id))!.hasTestimonial).toBe(false);
    expect((await agent.client.get(`/api/clients/${known.id}/testimonials`)).body).toEqual([]);

    const confirmed = await confirm(await confirmTokenFor(known.email));

    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ agentName: agent.user.fullName, videos: 1 });
    expect(await clientOf(agent.client, known.id)).toMatchObject({
      id: known.id,
      email: known.email,
      name: 'Someone Else',
      phone: '(555) 666-7777',
      address: '9 New Street',
      purchaseDate: '2021-02-03',
      birthday: '1970-01-01',
      hasTestimonial: true,
    });
    const [testimonial, ...others] = (await agent.client.get(`/api/clients/${known.id}/testimonials`)).body;
    expect(others).toEqual([]);
    const video = await fetch(testimonial.url);
    expect(Buffer.from(await video.arrayBuffer())).toEqual(TEST_VIDEO);
    const waiting = await s3().send(
      new ListObjectsV2Command({
        Bucket: config().uploadsBucket,
        Prefix: `registrations/${agent.user.id}/${res.body.clientId}/`,
      }),
    );
    expect(waiting.Contents ?? []).toEqual([]);
    expect(await uploadExists(waitingKey)).toBe(false);
  });

  it("a video confirmed after the client's confirmation goes straight to the client", async () => {
    const { agent, known, stranger } = await agentWithKnownClient();
    const res = await register(stranger);
    const who = { clientId: res.body.clientId, clientToken: res.body.clientToken };
    const upload = (await requestVideoUpload(api, who)).body;
    expect((await confirm(await confirmTokenFor(known.email))).body.videos).toBe(0);
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(TEST_VIDEO)], { type: 'video/mp4' }), 'late.mp4');
    expect((await fetch(upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);

    expect((await completeVideoUpload(api, upload.uploadId, who)).status).toBe(201);
    expect((await agent.client.get(`/api/clients/${known.id}/testimonials`)).body).toHaveLength(1);
  });

  it('the link works once, even when clicked many times at once', async () => {
    const { known, stranger } = await agentWithKnownClient();
    await register(stranger);
    const token = await confirmTokenFor(known.email);

    const results = await Promise.all(Array.from({ length: 5 }, () => confirm(token)));

    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410]);
    const again = await confirm(token);
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ message: REGISTRATION_MESSAGES.confirmationUsed, code: 'CONFIRMATION_USED' });
  });

  it('an expired link is refused with 410 and changes nothing', async () => {
    const { agent, known, stranger } = await agentWithKnownClient();
    const res = await register(stranger);
    const before = await clientOf(agent.client, known.id);
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: registrationSubmissionKey(res.body.clientId),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );

    const refused = await confirm(await confirmTokenFor(known.email));

    expect(refused.status).toBe(410);
    expect(refused.body).toEqual({ message: REGISTRATION_MESSAGES.confirmationExpired, code: 'CONFIRMATION_EXPIRED' });
    expect(await clientOf(agent.client, known.id)).toEqual(before);
    expect(
      (await requestVideoUpload(api, { clientId: res.body.clientId, clientToken: res.body.clientToken })).status,
    ).toBe(404);
  });

  it('refuses an unknown, forged or malformed token with a clear 4xx', async () => {
    const { agent, known, stranger } = await agentWithKnownClient();
    const res = await register(stranger);
    const before = await clientOf(agent.client, known.id);
    const forged = `${res.body.clientId}.${'A'.repeat(43)}`;
    for (const token of [forged, `${'B'.repeat(22)}.${'A'.repeat(43)}`, 'not-a-token']) {
      const refused = await confirm(token);
      expect({ token, status: refused.status, body: refused.body }).toEqual({
        token,
        status: 410,
        body: { message: REGISTRATION_MESSAGES.confirmationInvalid, code: 'CONFIRMATION_INVALID' },
      });
    }
    expect((await confirm('')).status).toBe(400);
    expect((await api.client().post('/api/client-registration/confirm', {})).body.message).toBe(
      REGISTRATION_MESSAGES.confirmationInvalid,
    );
    expect(await clientOf(agent.client, known.id)).toEqual(before);
  });

  it('at the free-plan cap answers as a new e-mail does (403), and the client can still confirm', async () => {
    const agent = await signedInRealtor(api);
    await fillToCap(agent.client);
    const known = (await allClients(agent.client))[0];
    const fresh = await register({
      agentId: agent.user.id,
      name: 'New Face',
      email: 'new.face@example.com',
      phone: '(555) 999-0000',
    });
    const existing = await register({
      agentId: agent.user.id,
      name: known.name,
      email: known.email,
      phone: '(555) 999-0000',
    });
    expect(existing.status).toBe(403);
    expect(existing.body).toEqual(fresh.body);
    expect((await clientOf(agent.client, known.id))!.phone).toBe(known.phone);

    expect((await confirm(await confirmTokenFor(known.email))).status).toBe(200);
    expect((await clientOf(agent.client, known.id))!.phone).toBe('(555) 999-0000');
  });
});

describe('registrations from one address for one agent a day', () => {
  afterEach(() => {
    delete process.env.DIRECTORY_REGISTRATIONS_PER_DAY;
    resetConfig();
  });

  it('allows 5 by default, then answers 429 with a clear message; other agents are not affected', async () => {
    const agent = await signedInRealtor(api);
    const other = await signedInRealtor(api);
    for (let i = 0; i < 5; i += 1)
      expect((await register({ agentId: agent.user.id, ...clientInput() })).status).toBe(201);

    const refused = await register({ agentId: agent.user.id, ...clientInput() });

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: REGISTRATION_MESSAGES.tooManyDirectoryRegistrations,
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await allClients(agent.client)).toHaveLength(5);
    expect((await register({ agentId: other.user.id, ...clientInput() })).status).toBe(201);
  });

  it('counts registrations for known e-mails too, and follows DIRECTORY_REGISTRATIONS_PER_DAY', async () => {
    process.env.DIRECTORY_REGISTRATIONS_PER_DAY = '2';
    resetConfig();
    const { agent, stranger } = await agentWithKnownClient();
    expect((await register(stranger)).status).toBe(201);
    expect((await register({ agentId: agent.user.id, ...clientInput() })).status).toBe(201);
    expect((await register({ agentId: agent.user.id, ...clientInput() })).status).toBe(429);
  });
});
