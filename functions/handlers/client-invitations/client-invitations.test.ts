import { INVITATIONS_PER_AGENT_PER_DAY, INVITATION_TTL_DAYS, REGISTRATION_MESSAGES } from '@shared/client-registration';
import { CLIENT_MESSAGES } from '@shared/client-schema';
import { resetConfig } from '../../config';
import { clientInput, makePro } from '../../testing/factories';
import { expireInvitation, invitationLinkFor, inviteClient, sha256, signedInRealtor } from '../../testing/invitations';
import { signedInAgent, splitTokenLink, tokenOf } from '../../testing/local-api';
import { everyItem } from '../../testing/table';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

describe('sending an invitation', () => {
  it("e-mails the client a friendly message from the agent, with the agent's name and business and an APP_URL link", async () => {
    const agent = await signedInRealtor(api, { businessName: 'Oak & <Pine> Homes' });
    const invitee = { name: 'Dana <Client>', email: 'Dana.Invited@Example.com' };
    const res = await agent.client.post('/api/client-invitations', invitee);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ name: invitee.name, email: 'dana.invited@example.com', expiresAt: expect.any(String) });

    const mail = (await api.outbox()).filter((m) => m.to === 'dana.invited@example.com');
    expect(mail).toHaveLength(1);
    const [message] = mail;
    expect(message!.subject).toContain(agent.details.fullName);
    expect(message!.subject).toContain('Oak & <Pine> Homes');
    expect(message!.text).toContain('Hi Dana <Client>,');
    expect(message!.text).toContain(`${agent.details.fullName}\nOak & <Pine> Homes`);
    expect(message!.html).toContain('Oak &amp; &lt;Pine&gt; Homes');
    expect(message!.html).toContain('Dana &lt;Client&gt;');
    expect(message!.html).not.toContain('<Pine>');
    const link = await invitationLinkFor(api, 'dana.invited@example.com');
    expect(link.startsWith(`${api.url}/client-registration#token=`)).toBe(true);
    expect(message!.html).toContain(`href="${link}"`);
  });

  it('carries its token only after #, so no server or CloudFront log sees it', async () => {
    const { client } = await signedInRealtor(api);
    const invitee = clientInput();
    expect((await client.post('/api/client-invitations', { name: invitee.name, email: invitee.email })).status).toBe(
      201,
    );
    const message = (await api.outbox()).filter((m) => m.to === invitee.email.toLowerCase()).at(-1)!;
    const link = await invitationLinkFor(api, invitee.email);
    const { sentToServer, token } = splitTokenLink(link);
    expect(sentToServer).toBe(`${api.url}/client-registration`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(`${message.text}${message.html}`).not.toMatch(/[?&]token=/);
  });

  it('makes tokens of 256 random bits that expire in 7 days', async () => {
    const { client } = await signedInRealtor(api);
    const invitee = clientInput();
    const res = await client.post('/api/client-invitations', { name: invitee.name, email: invitee.email });
    const token = tokenOf(await invitationLinkFor(api, invitee.email));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(res.body.expiresAt) - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(INVITATION_TTL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(INVITATION_TTL_DAYS);
  });

  it('stores only the SHA-256 hash of the token, never the token itself', async () => {
    const { client, user } = await signedInRealtor(api);
    const invitee = clientInput();
    const token = await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    const everything = await everyItem();
    const dump = JSON.stringify(everything);
    expect(dump).not.toContain(token);
    const stored = everything.find((item) => item.pk === `INVITE#${sha256(token)}`);
    expect(stored).toMatchObject({ agentId: user.id, email: invitee.email, name: invitee.name });
    expect(stored).not.toHaveProperty('token');
  });

  it('replaces the older invitation when the same e-mail is invited again', async () => {
    const { client } = await signedInRealtor(api);
    const invitee = clientInput();
    const first = await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    const second = await inviteClient(api, client, { name: 'New Name', email: invitee.email.toUpperCase() });
    expect(second).not.toBe(first);
    expect((await api.client().post('/api/client-invitations/preview', { token: first })).body).toEqual({
      valid: false,
      message: REGISTRATION_MESSAGES.invitationInvalid,
    });
    expect((await api.client().post('/api/client-invitations/preview', { token: second })).body).toMatchObject({
      valid: true,
      name: 'New Name',
    });
    const registered = await api.client().post('/api/client-registration', { token: first, phone: invitee.phone });
    expect(registered.status).toBe(410);
  });

  it("leaves another agent's invitation for the same e-mail alone", async () => {
    const a = await signedInRealtor(api);
    const b = await signedInRealtor(api);
    const invitee = clientInput();
    const fromA = await inviteClient(api, a.client, { name: invitee.name, email: invitee.email });
    await inviteClient(api, b.client, { name: invitee.name, email: invitee.email });
    expect((await api.client().post('/api/client-invitations/preview', { token: fromA })).body.valid).toBe(true);
  });

  it('withdraws the invitation and answers 502 when the e-mail cannot be sent', async () => {
    const { client, user } = await signedInRealtor(api);
    const outbox = process.env.OUTBOX_DIR;
    process.env.OUTBOX_DIR = '/dev/null/not-a-directory';
    resetConfig();
    let res;
    try {
      res = await client.post('/api/client-invitations', { name: 'Lost Mail', email: 'lost.mail@example.com' });
    } finally {
      process.env.OUTBOX_DIR = outbox;
      resetConfig();
    }
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: expect.stringMatching(/could not be sent/), code: 'MAIL_FAILED' });
    const items = await everyItem();
    expect(
      items.filter(
        (item) => item.email === 'lost.mail@example.com' || String(item.sk).startsWith(`INVITEEMAIL#lost.mail`),
      ),
    ).toEqual([]);
    expect(items.filter((item) => item.type === 'invitation' && item.agentId === user.id)).toEqual([]);
  });

  it('requires a name and a valid e-mail', async () => {
    const { client } = await signedInAgent(api);
    const missing = await client.post('/api/client-invitations', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ name: CLIENT_MESSAGES.nameRequired, email: CLIENT_MESSAGES.emailRequired });
    const bad = await client.post('/api/client-invitations', { name: 'X', email: 'not-an-email' });
    expect(bad.body.errors).toEqual({ email: 'Invalid email address' });
    expect((await client.post('/api/client-invitations', { name: ['X'], email: 'x@example.com' })).status).toBe(400);
  });

  it('is for signed-in agents only', async () => {
    const res = await api.client().post('/api/client-invitations', { name: 'X', email: 'x@example.com' });
    expect(res.status).toBe(401);
  });

  it(`sends at most ${INVITATIONS_PER_AGENT_PER_DAY} invitations a day per agent, then answers 429 with Retry-After`, async () => {
    // Pro agents: a new free account's cap on client e-mails (20 a day) would refuse before the invitations' own.
    const { client, user } = await signedInAgent(api);
    const other = await signedInAgent(api);
    await Promise.all([makePro(user.id), makePro(other.user.id)]);
    for (let i = 0; i < INVITATIONS_PER_AGENT_PER_DAY; i += 1) {
      expect(
        (await client.post('/api/client-invitations', { name: `Guest ${i}`, email: `guest${i}@example.com` })).status,
      ).toBe(201);
    }
    const before = (await api.outbox()).length;
    const refused = await client.post('/api/client-invitations', {
      name: 'One Too Many',
      email: 'too-many@example.com',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(24 * 3600);
    expect((await api.outbox()).length).toBe(before);
    expect(
      (await other.client.post('/api/client-invitations', { name: 'Fine', email: 'fine@example.com' })).status,
    ).toBe(201);
  });
});

describe('reading an invitation', () => {
  it('greets the client with the invited name and the agent and business', async () => {
    const agent = await signedInRealtor(api, { businessName: 'Maple Street Realty' });
    const token = await inviteClient(api, agent.client, { name: 'Robin Guest', email: 'robin.guest@example.com' });
    const res = await api.client().post('/api/client-invitations/preview', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: true,
      name: 'Robin Guest',
      email: 'robin.guest@example.com',
      agentName: agent.details.fullName,
      businessName: 'Maple Street Realty',
      expiresAt: expect.any(String),
    });
  });

  it('says an unknown, malformed, used or expired link is invalid, the same way each time', async () => {
    const { client } = await signedInRealtor(api);
    const used = clientInput();
    const usedToken = await inviteClient(api, client, { name: used.name, email: used.email });
    expect((await api.client().post('/api/client-registration', { token: usedToken, phone: used.phone })).status).toBe(
      201,
    );
    const expired = clientInput();
    const expiredToken = await inviteClient(api, client, { name: expired.name, email: expired.email });
    await expireInvitation(expiredToken);

    const invalid = { valid: false, message: REGISTRATION_MESSAGES.invitationInvalid };
    for (const token of [usedToken, expiredToken, 'A'.repeat(43), 'not-a-token', 'spaces inside', '\u0000..']) {
      const res = await api.client().post('/api/client-invitations/preview', { token });
      expect({ token, status: res.status, body: res.body }).toEqual({ token, status: 200, body: invalid });
    }
    // No token, or not a string, is a bad request with a clear message.
    for (const body of [{}, { token: 42 }, { token: 'x'.repeat(201) }]) {
      const res = await api.client().post('/api/client-invitations/preview', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});
