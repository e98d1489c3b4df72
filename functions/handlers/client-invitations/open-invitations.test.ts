// The agent's open invitations: listed until the client registers from one, resent with a new link
// (the old one refused) and cancelled (the link refused), each only by the agent who sent it.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { OpenInvitation } from '@shared/api-types';
import { INVITATION_TTL_DAYS, REGISTRATION_MESSAGES } from '@shared/client-registration';
import { db, table } from '../../data/db';
import { invitationEmailKey, invitationIndexKeys, invitationKey } from '../../data/keys/clients';
import { INVITATION_NOT_FOUND } from '../../http/send-refusals';
import { clientInput, setEmailVerified } from '../../testing/factories';
import { expireInvitation, invitationLinkFor, inviteClient, sha256, signedInRealtor } from '../../testing/invitations';
import { tokenOf, type ApiClient, allClients } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

const INVALID = { valid: false, message: REGISTRATION_MESSAGES.invitationInvalid };

async function openOf(agent: ApiClient): Promise<OpenInvitation[]> {
  const res = await agent.get<OpenInvitation[]>('/api/client-invitations');
  expect(res.status).toBe(200);
  return res.body;
}

/** The client confirms their directory registration with the newest link mailed to them. */
async function confirmFromMail(email: string) {
  const mail = (await api.outbox())
    .filter((m) => m.to === email && m.text.includes('/client-registration/confirm#token='))
    .at(-1)!;
  return api
    .client()
    .post('/api/client-registration/confirm', { token: tokenOf(/https?:\/\/\S+/.exec(mail.text)![0]) });
}

const preview = async (token: string) =>
  (await api.client().post('/api/client-invitations/preview', { token })).body as unknown;
const register = (token: string, phone = '(512) 555-0142') =>
  api.client().post('/api/client-registration', { token, phone });
const invitationMail = async (email: string) =>
  (await api.outbox()).filter((m) => m.to === email.toLowerCase() && m.text.includes('/client-registration#token='));

describe('GET /api/client-invitations', () => {
  it('lists each invitation once it is sent, newest first, with when it was sent and when it expires', async () => {
    const { client } = await signedInRealtor(api);
    expect(await openOf(client)).toEqual([]);
    const first = clientInput({ name: 'First Invitee' });
    const second = clientInput({ name: 'Second Invitee' });
    const before = Date.now();
    await inviteClient(api, client, { name: first.name, email: first.email });
    await inviteClient(api, client, { name: second.name, email: second.email.toUpperCase() });

    const open = await openOf(client);
    expect(open).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        name: 'Second Invitee',
        email: second.email.toLowerCase(),
        sentAt: expect.any(String),
        expiresAt: expect.any(String),
        expired: false,
      },
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        name: 'First Invitee',
        email: first.email.toLowerCase(),
        sentAt: expect.any(String),
        expiresAt: expect.any(String),
        expired: false,
      },
    ]);
    expect(open[0]!.sentAt >= open[1]!.sentAt).toBe(true);
    expect(Date.parse(open[1]!.sentAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(open[1]!.expiresAt) - Date.parse(open[1]!.sentAt)).toBe(INVITATION_TTL_DAYS * 24 * 3600 * 1000);
  });

  it('shows neither the token nor its hash', async () => {
    const { client } = await signedInRealtor(api);
    const invitee = clientInput();
    const token = await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    const res = await client.get('/api/client-invitations');
    expect(res.text).not.toContain(token);
    expect(res.text).not.toContain(sha256(token));
    expect(res.text).not.toContain(Buffer.from(sha256(token), 'hex').toString('base64url').slice(0, 20));
  });

  it('lists a re-invited e-mail once, as its newest invitation', async () => {
    const { client } = await signedInRealtor(api);
    const invitee = clientInput();
    await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    const [before] = await openOf(client);
    await inviteClient(api, client, { name: 'Renamed Invitee', email: invitee.email });
    const open = await openOf(client);
    expect(open).toEqual([expect.objectContaining({ name: 'Renamed Invitee', email: invitee.email })]);
    expect(open[0]!.id).not.toBe(before!.id);
  });

  it('no longer lists an invitation once the client registers from it, and clears its pointer', async () => {
    const { client, user } = await signedInRealtor(api);
    const invitee = clientInput({ name: 'Registers Soon' });
    const token = await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    expect(await openOf(client)).toHaveLength(1);
    expect((await register(token, invitee.phone)).status).toBe(201);
    expect(await openOf(client)).toEqual([]);
    const pointer = await db().send(
      new GetCommand({ TableName: table(), Key: invitationEmailKey(user.id, invitee.email), ConsistentRead: true }),
    );
    expect(pointer.Item).toBeUndefined();
    expect(await allClients(client)).toEqual([
      expect.objectContaining({ name: 'Registers Soon', email: invitee.email }),
    ]);
  });

  it('no longer lists an invitation once the client who joined through the directory instead confirms; its link is then used', async () => {
    const { client, user } = await signedInRealtor(api);
    const invitee = clientInput({ name: 'Finds Me Online' });
    const token = await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    const other = clientInput({ name: 'Still Invited' });
    await inviteClient(api, client, { name: other.name, email: other.email });
    const joined = await api.client().post('/api/client-registration', {
      agentId: user.id,
      name: invitee.name,
      email: invitee.email.toUpperCase(),
      phone: invitee.phone,
    });
    expect(joined.status).toBe(201);
    // Anyone can type an e-mail into the directory: until the client confirms, the invitation stays open.
    expect(await openOf(client)).toHaveLength(2);
    expect((await confirmFromMail(invitee.email)).status).toBe(200);
    expect(await openOf(client)).toEqual([expect.objectContaining({ name: 'Still Invited' })]);
    expect(
      (
        await db().send(
          new GetCommand({ TableName: table(), Key: invitationEmailKey(user.id, invitee.email), ConsistentRead: true }),
        )
      ).Item,
    ).toBeUndefined();
    const [joinedClient] = ((await client.get('/api/clients?q=finds')).body as { clients: { id: string }[] }).clients;
    const invitation = (
      await db().send(new GetCommand({ TableName: table(), Key: invitationKey(sha256(token)), ConsistentRead: true }))
    ).Item!;
    expect(invitation).toMatchObject({ usedAt: expect.any(String), clientId: joinedClient!.id });
    expect(await preview(token)).toEqual(INVALID);
  });

  it('no longer lists the invitation of a known client once they confirm the details they sent through the directory', async () => {
    const { client, user } = await signedInRealtor(api);
    const invitee = clientInput({ name: 'Known Client' });
    expect((await client.post('/api/clients', invitee)).status).toBe(201);
    await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    const sent = await api.client().post('/api/client-registration', {
      agentId: user.id,
      name: invitee.name,
      email: invitee.email,
      phone: '(512) 555-0177',
    });
    expect(sent.status).toBe(201);
    // Anyone can type an e-mail into the directory: until the client confirms, the invitation stays open.
    expect(await openOf(client)).toEqual([expect.objectContaining({ email: invitee.email })]);
    expect((await confirmFromMail(invitee.email)).status).toBe(200);
    expect(await openOf(client)).toEqual([]);
  });

  it('leaves out a used invitation whose pointer was left behind (a crash between the two writes)', async () => {
    const { client, user } = await signedInRealtor(api);
    const invitee = clientInput();
    const token = await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    const pointer = (
      await db().send(new GetCommand({ TableName: table(), Key: invitationEmailKey(user.id, invitee.email) }))
    ).Item!;
    expect((await register(token, invitee.phone)).status).toBe(201);
    await db().send(new PutCommand({ TableName: table(), Item: pointer }));
    expect(await openOf(client)).toEqual([]);
  });

  it('lists an expired invitation as expired, and resending it gives a working link', async () => {
    const { client } = await signedInRealtor(api);
    const invitee = clientInput();
    const token = await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    await expireInvitation(token);
    const [expired] = await openOf(client);
    expect(expired).toMatchObject({ email: invitee.email, expired: true });
    expect(await preview(token)).toEqual(INVALID);

    const resent = await client.post(`/api/client-invitations/${expired!.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ email: invitee.email, expired: false });
    expect(await preview(tokenOf(await invitationLinkFor(api, invitee.email)))).toMatchObject({ valid: true });
  });

  it('lists an invitation sent before invitations had ids under an id that is not its hash, and cancels it', async () => {
    const { client, user } = await signedInRealtor(api);
    const tokenHash = sha256('an old token');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 24 * 3600 * 1000).toISOString();
    const ttl = Math.floor(Date.parse(expiresAt) / 1000) + 3600;
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...invitationKey(tokenHash),
          ...invitationIndexKeys(now.toISOString(), tokenHash),
          type: 'invitation',
          agentId: user.id,
          name: 'Old Invitee',
          email: 'old.invitee@example.com',
          createdAt: now.toISOString(),
          expiresAt,
          ttl,
        },
      }),
    );
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...invitationEmailKey(user.id, 'old.invitee@example.com'),
          type: 'invitation-pointer',
          tokenHash,
          createdAt: now.toISOString(),
          ttl,
        },
      }),
    );

    const [old] = await openOf(client);
    expect(old).toMatchObject({ name: 'Old Invitee', email: 'old.invitee@example.com', expired: false });
    expect(old!.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tokenHash).not.toContain(old!.id);
    expect((await client.delete(`/api/client-invitations/${old!.id}`)).status).toBe(204);
    expect(await openOf(client)).toEqual([]);
    expect(
      (await db().send(new GetCommand({ TableName: table(), Key: invitationKey(tokenHash) }))).Item,
    ).toBeUndefined();
  });
});

describe('POST /api/client-invitations/{id}/resend', () => {
  it('mails the same client the same e-mail with a new link; the old link is refused and the new one registers', async () => {
    const agent = await signedInRealtor(api, { businessName: 'Resend Realty' });
    const invitee = clientInput({ name: 'Resent Invitee' });
    const oldToken = await inviteClient(api, agent.client, { name: invitee.name, email: invitee.email });
    const [open] = await openOf(agent.client);
    const [original] = await invitationMail(invitee.email);

    const res = await agent.client.post(`/api/client-invitations/${open!.id}/resend`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Resent Invitee',
      email: invitee.email,
      sentAt: expect.any(String),
      expiresAt: expect.any(String),
      expired: false,
    });
    expect(res.body.id).not.toBe(open!.id);
    expect(res.body.sentAt >= open!.sentAt).toBe(true);

    const mail = await invitationMail(invitee.email);
    expect(mail).toHaveLength(2);
    const newToken = tokenOf(await invitationLinkFor(api, invitee.email));
    expect(newToken).not.toBe(oldToken);
    // The same e-mail as the first: only the link differs.
    expect(mail[1]!.subject).toBe(original!.subject);
    expect(mail[1]!.text.replace(newToken, 'TOKEN')).toBe(original!.text.replace(oldToken, 'TOKEN'));

    expect(await openOf(agent.client)).toEqual([res.body]);
    expect(await preview(oldToken)).toEqual(INVALID);
    expect((await register(oldToken, invitee.phone)).status).toBe(410);
    expect(await preview(newToken)).toMatchObject({ valid: true, name: 'Resent Invitee' });
    expect((await register(newToken, invitee.phone)).status).toBe(201);
    expect(await openOf(agent.client)).toEqual([]);
  });

  it('answers 404 for an id that is no longer open (resent, cancelled or used)', async () => {
    const { client } = await signedInRealtor(api);
    const invitee = clientInput();
    await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    const [first] = await openOf(client);
    expect((await client.post(`/api/client-invitations/${first!.id}/resend`)).status).toBe(200);
    const stale = await client.post(`/api/client-invitations/${first!.id}/resend`);
    expect(stale.status).toBe(404);
    expect(stale.body).toEqual({ message: INVITATION_NOT_FOUND, code: 'NOT_FOUND' });

    const [second] = await openOf(client);
    expect((await register(tokenOf(await invitationLinkFor(api, invitee.email)), invitee.phone)).status).toBe(201);
    expect((await client.post(`/api/client-invitations/${second!.id}/resend`)).status).toBe(404);
  });

  it('refuses an agent whose e-mail is not verified, as the first invitation does', async () => {
    const { client, user } = await signedInRealtor(api);
    const invitee = clientInput();
    await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    const [open] = await openOf(client);
    await setEmailVerified(user.id, false);
    const res = await client.post(`/api/client-invitations/${open!.id}/resend`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('EMAIL_UNVERIFIED');
    expect(await openOf(client)).toEqual([open]);
  });
});

describe('DELETE /api/client-invitations/{id}', () => {
  it('cancels the invitation: 204, no longer listed, and its link is refused', async () => {
    const { client } = await signedInRealtor(api);
    const kept = clientInput({ name: 'Kept Invitee' });
    const cancelled = clientInput({ name: 'Cancelled Invitee' });
    const keptToken = await inviteClient(api, client, { name: kept.name, email: kept.email });
    const token = await inviteClient(api, client, { name: cancelled.name, email: cancelled.email });
    const target = (await openOf(client)).find((i) => i.email === cancelled.email)!;

    const res = await client.delete(`/api/client-invitations/${target.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await openOf(client)).map((i) => i.name)).toEqual(['Kept Invitee']);
    expect(await preview(token)).toEqual(INVALID);
    const refused = await register(token, cancelled.phone);
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe(REGISTRATION_MESSAGES.invitationInvalid);
    expect(await preview(keptToken)).toMatchObject({ valid: true });

    const again = await client.delete(`/api/client-invitations/${target.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: INVITATION_NOT_FOUND, code: 'NOT_FOUND' });
  });
});

describe('tenancy and bad ids', () => {
  it("never shows, resends or cancels another agent's invitation", async () => {
    const a = await signedInRealtor(api);
    const b = await signedInRealtor(api);
    const invitee = clientInput({ name: 'Belongs To A' });
    const token = await inviteClient(api, a.client, { name: invitee.name, email: invitee.email });
    const [ofA] = await openOf(a.client);
    expect(await openOf(b.client)).toEqual([]);

    const mailBefore = (await api.outbox()).length;
    for (const res of [
      await b.client.post(`/api/client-invitations/${ofA!.id}/resend`),
      await b.client.delete(`/api/client-invitations/${ofA!.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: INVITATION_NOT_FOUND, code: 'NOT_FOUND' });
    }
    expect((await api.outbox()).length).toBe(mailBefore);
    expect(await openOf(a.client)).toEqual([ofA]);
    expect(await preview(token)).toMatchObject({ valid: true, name: 'Belongs To A' });
  });

  it('answers unknown and malformed ids with 404 and a clear message, never 500', async () => {
    const { client } = await signedInRealtor(api);
    const invitee = clientInput();
    const token = await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    // Well-formed but no invitation of this agent's (the token and its hash are not ids either): 404.
    for (const id of ['made-up-id-123', 'A'.repeat(22), token, sha256(token), '__proto__']) {
      for (const res of [
        await client.post(`/api/client-invitations/${id}/resend`),
        await client.delete(`/api/client-invitations/${id}`),
      ]) {
        expect({ id, status: res.status, body: res.body }).toEqual({
          id,
          status: 404,
          body: { message: INVITATION_NOT_FOUND, code: 'NOT_FOUND' },
        });
      }
    }
    // Malformed: 404, or 400 where the HTTP stack refuses the path parameter itself.
    for (const id of [
      encodeURIComponent('not an id'),
      '%00',
      'x'.repeat(300),
      encodeURIComponent('../preview'),
      encodeURIComponent('<x>'),
    ]) {
      for (const res of [
        await client.post(`/api/client-invitations/${id}/resend`),
        await client.delete(`/api/client-invitations/${id}`),
      ]) {
        expect({ id, status: [400, 404].includes(res.status), message: typeof res.body.message }).toEqual({
          id,
          status: true,
          message: 'string',
        });
      }
    }
    expect(await openOf(client)).toHaveLength(1);
  });

  it('is for signed-in agents only', async () => {
    const anonymous = api.client();
    expect((await anonymous.get('/api/client-invitations')).status).toBe(401);
    expect((await anonymous.post('/api/client-invitations/x/resend')).status).toBe(401);
    expect((await anonymous.delete('/api/client-invitations/x')).status).toBe(401);
  });

  it('forgets the pointer of a cancelled invitation so the e-mail can be invited afresh', async () => {
    const { client, user } = await signedInRealtor(api);
    const invitee = clientInput();
    await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    const [open] = await openOf(client);
    expect((await client.delete(`/api/client-invitations/${open!.id}`)).status).toBe(204);
    expect(
      (
        await db().send(
          new GetCommand({ TableName: table(), Key: invitationEmailKey(user.id, invitee.email), ConsistentRead: true }),
        )
      ).Item,
    ).toBeUndefined();
    const token = await inviteClient(api, client, { name: invitee.name, email: invitee.email });
    expect(await openOf(client)).toEqual([expect.objectContaining({ email: invitee.email })]);
    expect(await preview(token)).toMatchObject({ valid: true });
    await db().send(new DeleteCommand({ TableName: table(), Key: invitationKey(sha256(token)) }));
    expect(await openOf(client)).toEqual([]);
  });
});
