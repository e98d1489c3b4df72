import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '@shared/schemas';
import { db, table } from '../../data/db';
import { throttleDelayKey } from '../../data/keys/counters';
import { newAgent, signedInAgent, splitTokenLink, tokenOf } from '../../testing/local-api';
import { LOGIN_LIMITS } from '../../services/login';
import { RESET_LIMITS } from '../../services/password-reset';
import { RESET_REQUEST_ANSWER } from './post-password-reset-request';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

async function resetLinksFor(email: string): Promise<string[]> {
  const mail = (await api.outbox()).filter((m) => m.to === email && m.subject?.includes('Reset'));
  return mail.map((m) => /https?:\/\/\S+/.exec(m.text ?? '')?.[0]).filter((link): link is string => Boolean(link));
}
async function resetLinkFor(email: string): Promise<string> {
  const link = (await resetLinksFor(email)).at(-1);
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return link;
}

describe('password reset request', () => {
  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const { details } = await signedInAgent(api);
    const before = (await api.outbox()).length;
    const known = await api.client().post('/api/password-reset/request', { username: details.username });
    const unknown = await api.client().post('/api/password-reset/request', { username: 'no-such-user@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(RESET_REQUEST_ANSWER);
    const mail = (await api.outbox()).slice(before);
    expect(mail.map((m) => m.to)).toEqual([details.username]);
    expect(mail[0]).toMatchObject({
      channel: 'email',
      subject: expect.any(String),
      html: expect.stringContaining('reset-password#token='),
    });
  });

  it('builds the link from APP_URL, never from the Host header', async () => {
    const { details } = await signedInAgent(api);
    await api
      .client()
      .post(
        '/api/password-reset/request',
        { username: details.username },
        { headers: { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' } },
      );
    const link = await resetLinkFor(details.username);
    expect(link.startsWith(`${api.url}/reset-password#token=`)).toBe(true);
  });

  it('carries its token only after #, so no server or CloudFront log sees it', async () => {
    const { details } = await signedInAgent(api);
    await api.client().post('/api/password-reset/request', { username: details.username });
    const { sentToServer, token } = splitTokenLink(await resetLinkFor(details.username));
    expect(sentToServer).toBe(`${api.url}/reset-password`);
    expect(token.split('.')).toHaveLength(3);
    const mail = (await api.outbox()).filter((m) => m.to === details.username).at(-1)!;
    expect(`${mail.text}${mail.html}`).not.toMatch(/[?&]token=/);
  });

  it("refuses an invalid e-mail with 'Invalid email address'", async () => {
    const res = await api.client().post('/api/password-reset/request', { username: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.errors.username).toBe(MESSAGES.invalidEmail);
  });
});

describe('password reset confirm', () => {
  it('sets the new password, ends every other session, and works only once', async () => {
    const { client: oldSession, details } = await signedInAgent(api);
    await api.client().post('/api/password-reset/request', { username: details.username });
    const token = tokenOf(await resetLinkFor(details.username));
    expect(token.split('.')).toHaveLength(3);

    const ok = await api.client().post('/api/password-reset/confirm', { token, newPassword: 'brand-new-secret' });
    expect(ok.status).toBe(200);
    expect((await oldSession.get('/api/user')).status).toBe(401);
    expect(
      (await api.client().post('/api/login', { username: details.username, password: details.password })).status,
    ).toBe(401);
    expect(
      (await api.client().post('/api/login', { username: details.username, password: 'brand-new-secret' })).status,
    ).toBe(200);

    const reuse = await api.client().post('/api/password-reset/confirm', { token, newPassword: 'another-secret' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toMatch(/invalid or has expired/);
  });

  it("refuses a short password with 'Password must be at least 6 characters'", async () => {
    const res = await api.client().post('/api/password-reset/confirm', { token: 'aaa.bbb.ccc', newPassword: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.errors.newPassword).toBe(MESSAGES.passwordTooShort);
  });

  it.each(['no-dots-here', 'a.b.c.d', 'bad chars.in.token', ''])(
    "refuses the malformed token %p with 'Invalid reset token format'",
    async (token) => {
      const res = await api.client().post('/api/password-reset/confirm', { token, newPassword: 'long enough' });
      expect(res.status).toBe(400);
      expect(res.body.errors.token).toBe(MESSAGES.invalidResetToken);
    },
  );

  it('refuses a well-formed but forged token', async () => {
    const res = await api.client().post('/api/password-reset/confirm', {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
      newPassword: 'long enough',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_RESET_TOKEN');
  });

  it('lets exactly one of concurrent confirmations with the same token succeed', async () => {
    const details = newAgent();
    await api.client().post('/api/register', details);
    await api.client().post('/api/password-reset/request', { username: details.username });
    const token = tokenOf(await resetLinkFor(details.username));
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.client().post('/api/password-reset/confirm', { token, newPassword: `concurrent-${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(7);
  });

  it('revokes every other reset link of the user once one is used, and no other user’s', async () => {
    const owner = newAgent();
    const other = newAgent();
    for (const details of [owner, other]) await api.client().post('/api/register', details);
    for (const details of [owner, owner, other])
      await api.client().post('/api/password-reset/request', { username: details.username });
    const [first, second] = (await resetLinksFor(owner.username)).map(tokenOf);
    expect(
      (await api.client().post('/api/password-reset/confirm', { token: second, newPassword: 'second-link-used' }))
        .status,
    ).toBe(200);
    const revoked = await api
      .client()
      .post('/api/password-reset/confirm', { token: first, newPassword: 'first-link-later' });
    expect(revoked.status).toBe(400);
    expect(revoked.body.code).toBe('INVALID_RESET_TOKEN');
    expect(
      (await api.client().post('/api/login', { username: owner.username, password: 'second-link-used' })).status,
    ).toBe(200);
    const othersLink = tokenOf(await resetLinkFor(other.username));
    expect(
      (await api.client().post('/api/password-reset/confirm', { token: othersLink, newPassword: 'still-my-own-link' }))
        .status,
    ).toBe(200);
  });

  it('keeps the latest link mailed working however many more resets are requested for the account', async () => {
    const owner = newAgent();
    await api.client().post('/api/register', owner);
    for (let i = 0; i < RESET_LIMITS.perAccountPerHour + 3; i += 1) {
      expect((await api.client().post('/api/password-reset/request', { username: owner.username })).status).toBe(202);
    }
    const mailed = (await resetLinksFor(owner.username)).map(tokenOf);
    expect(mailed).toHaveLength(RESET_LIMITS.perAccountPerHour);
    expect(
      (
        await api
          .client()
          .post('/api/password-reset/confirm', { token: mailed.at(-1), newPassword: 'owner-got-back-in' })
      ).status,
    ).toBe(200);
  });
});

describe('a completed reset', () => {
  async function resetPassword(username: string, newPassword: string) {
    await api.client().post('/api/password-reset/request', { username });
    const token = tokenOf(await resetLinkFor(username));
    expect((await api.client().post('/api/password-reset/confirm', { token, newPassword })).status).toBe(200);
  }
  const signIn = async (username: string, password: string) => {
    const client = api.client();
    const res = await client.post('/api/login', { username, password });
    return { res, client };
  };

  it('verifies the address: the link proves the mailbox', async () => {
    const { details } = await signedInAgent(api, { verified: false });
    await resetPassword(details.username, 'mailbox-proven');
    const { res } = await signIn(details.username, 'mailbox-proven');
    expect(res.status).toBe(200);
    expect(res.body.emailVerified).toBe(true);
  });

  it("clears the account's login delay: the owner signs in at once after a guesser ran it up", async () => {
    const { details } = await signedInAgent(api);
    for (let i = 0; i < LOGIN_LIMITS.perAccountFromIp.free; i += 1)
      expect((await signIn(details.username, 'a wrong guess')).res.status).toBe(401);
    expect((await signIn(details.username, details.password)).res.status).toBe(429);
    const accountDelay = () =>
      db().send(
        new GetCommand({
          TableName: table(),
          Key: throttleDelayKey('login-account', details.username),
          ConsistentRead: true,
        }),
      );
    expect((await accountDelay()).Item?.failures).toBeGreaterThanOrEqual(LOGIN_LIMITS.perAccountFromIp.free);

    await resetPassword(details.username, 'back-in-at-once');

    expect((await accountDelay()).Item).toBeUndefined();
    expect((await signIn(details.username, 'back-in-at-once')).res.status).toBe(200);
  });

  it("replaces the calendar feed's secret: the old URL answers 404, Settings shows the new one", async () => {
    const { client, details } = await signedInAgent(api);
    const oldUrl = (await client.post('/api/user/calendar-secret')).body.url as string;
    const feed = (url: string) => api.client().get(new URL(url).pathname, { noOrigin: true });
    expect((await feed(oldUrl)).status).toBe(200);

    await resetPassword(details.username, 'feed-rotated');

    expect((await feed(oldUrl)).status).toBe(404);
    const { client: again } = await signIn(details.username, 'feed-rotated');
    const shown = (await again.get('/api/user/calendar')).body;
    expect(shown).toMatchObject({ exists: true, url: expect.stringContaining('/api/calendar/') });
    expect(shown.url).not.toBe(oldUrl);
    expect((await feed(shown.url)).status).toBe(200);
  });

  it('creates no calendar feed for an agent who had none', async () => {
    const { details } = await signedInAgent(api);
    await resetPassword(details.username, 'still-no-feed');
    const { client } = await signIn(details.username, 'still-no-feed');
    expect((await client.get('/api/user/calendar')).body).toEqual({ exists: false, url: null, createdAt: null });
  });
});
