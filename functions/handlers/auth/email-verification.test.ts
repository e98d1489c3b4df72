// E-mail verification: the mailed link, single use and 24 hours; administrators
// only when verified and listed (at every request); nothing sent to clients until verified.
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { EMAIL_VERIFICATION_TTL_SECONDS } from '@shared/constants';
import { MESSAGES } from '@shared/schemas';
import { resetConfig, sessionSecret } from '../../config';
import { db, table } from '../../data/db';
import { emailVerificationKey, userKey } from '../../data/keys/users';
import { createEmailVerificationRecord } from '../../data/email-verifications';
import { randomId, signToken, verifyToken } from '../../domain/signed-tokens';
import { EMAIL_UNVERIFIED_MESSAGE } from '../../http/send-refusals';
import { clientInput, setEmailVerified, updateUserItem } from '../../testing/factories';
import {
  followVerificationLink,
  newAgent,
  signedInAgent,
  splitTokenLink,
  tokenOf,
  verificationLinkFor,
} from '../../testing/local-api';
import { ANOTHER_ACCOUNT_MESSAGE, EMAIL_VERIFIED_MESSAGE, SIGN_IN_TO_VERIFY_MESSAGE } from './post-verify-email';
import { VERIFICATION_RESEND_LIMIT } from './post-verify-email-resend';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

const BOSS = 'verify-boss@example.com';
let api: HandlerApi;
useHandlerApi((started) => (api = started), { adminEmails: BOSS });

const storedUser = async (id: string) =>
  (await db().send(new GetCommand({ TableName: table(), Key: userKey(id), ConsistentRead: true }))).Item!;

describe('the verification link', () => {
  it('is mailed at registration as {APP_URL}/verify-email#token=…, its record stored under a hash only', async () => {
    const details = newAgent();
    const res = await api.client().post('/api/register', details);
    expect(res.status).toBe(201);
    expect(res.body.emailVerified).toBe(false);
    const link = await verificationLinkFor(api, details.username);
    // The token rides after # only: no server, CloudFront log or Referer sees it.
    expect(splitTokenLink(link).sentToServer).toBe(`${api.url}/verify-email`);
    const mail = (await api.outbox()).filter((m) => m.to === details.username).at(-1)!;
    expect(`${mail.text}${mail.html}`).not.toMatch(/[?&]token=/);
    const verified = await verifyToken(await sessionSecret(), 'verify-email', tokenOf(link));
    expect(verified?.sub).toBe(res.body.id);
    expect(Number(verified?.claims.exp) - Number(verified?.claims.iat)).toBe(EMAIL_VERIFICATION_TTL_SECONDS);
    const hash = createHash('sha256').update(verified!.jti).digest('hex');
    const record = (
      await db().send(new GetCommand({ TableName: table(), Key: emailVerificationKey(hash), ConsistentRead: true }))
    ).Item;
    expect(record).toMatchObject({ userId: res.body.id });
    expect(JSON.stringify(record)).not.toContain(verified!.jti);
  });

  it('verifies the e-mail once, signed in as its account: emailVerifiedAt set, the same link refused afterwards', async () => {
    const { client, user, details } = await signedInAgent(api, { verified: false });
    const token = tokenOf(await verificationLinkFor(api, details.username));
    const ok = await client.post('/api/verify-email', { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: EMAIL_VERIFIED_MESSAGE, user: { emailVerified: true } });
    expect((await client.get('/api/user')).body.emailVerified).toBe(true);
    expect(Date.parse(String((await storedUser(user.id)).emailVerifiedAt))).toBeGreaterThan(Date.now() - 60_000);

    const again = await client.post('/api/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_VERIFICATION_TOKEN', message: MESSAGES.invalidVerificationLink });
  });

  it('refuses without a session with 401 SIGN_IN_REQUIRED, and verifies nothing', async () => {
    const { user, details } = await signedInAgent(api, { verified: false });
    const token = tokenOf(await verificationLinkFor(api, details.username));
    const res = await api.client().post('/api/verify-email', { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'SIGN_IN_REQUIRED', message: SIGN_IN_TO_VERIFY_MESSAGE });
    expect((await storedUser(user.id)).emailVerifiedAt).toBeUndefined();
  });

  it("refuses another account's session with 403 and leaves the link for its owner", async () => {
    const owner = await signedInAgent(api, { verified: false });
    const other = await signedInAgent(api, { verified: false });
    const token = tokenOf(await verificationLinkFor(api, owner.details.username));
    const res = await other.client.post('/api/verify-email', { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'ANOTHER_ACCOUNT', message: ANOTHER_ACCOUNT_MESSAGE });
    expect((await storedUser(owner.user.id)).emailVerifiedAt).toBeUndefined();
    expect((await storedUser(other.user.id)).emailVerifiedAt).toBeUndefined();
    expect((await owner.client.post('/api/verify-email', { token })).status).toBe(200);
  });

  it('refuses a forged, malformed, reset or expired token with a clear 400', async () => {
    const { client, user } = await signedInAgent(api, { verified: false });
    const secret = await sessionSecret();
    const jti = randomId();
    // A record whose 24 hours are over (the signature alone still looks fine).
    await createEmailVerificationRecord(
      jti,
      user.id,
      EMAIL_VERIFICATION_TTL_SECONDS,
      new Date(Date.now() - EMAIL_VERIFICATION_TTL_SECONDS * 1000 - 1000),
    );
    const expired = await signToken(secret, 'verify-email', { sub: user.id, jti }, 600);
    const reset = await signToken(secret, 'reset', { sub: user.id, jti }, 600);
    for (const token of [expired, reset, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl', 'not a token', '']) {
      const res = await client.post('/api/verify-email', { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.invalidVerificationLink);
    }
    expect((await storedUser(user.id)).emailVerifiedAt).toBeUndefined();
  });
});

describe('administrators are proven', () => {
  it('an address in ADMIN_EMAILS is no administrator until verified, and is demoted when removed from the list', async () => {
    const client = api.client();
    const reg = await client.post('/api/register', newAgent({ username: BOSS }));
    expect(reg.body.isAdmin).toBe(false);
    expect((await client.get('/api/admin/analytics')).status).toBe(403);
    expect((await client.patch('/api/clients/some-client', { agentId: 'another-agent', name: 'X' })).body.code).toBe(
      'NOT_ADMIN',
    );

    expect((await followVerificationLink(api, BOSS, client)).body.user.isAdmin).toBe(true);
    expect((await client.get('/api/admin/analytics')).status).toBe(200);

    const before = process.env.ADMIN_EMAILS;
    process.env.ADMIN_EMAILS = 'someone-else@example.com';
    resetConfig();
    try {
      expect((await client.get('/api/admin/analytics')).status).toBe(403);
      expect((await client.get('/api/user')).body.isAdmin).toBe(false);
      expect((await client.patch('/api/clients/some-client', { agentId: 'another-agent', name: 'X' })).body.code).toBe(
        'NOT_ADMIN',
      );
    } finally {
      process.env.ADMIN_EMAILS = before;
      resetConfig();
    }
  });

  it('a stored isAdmin flag grants nothing without verification', async () => {
    const { client, user } = await signedInAgent(api, {
      username: BOSS.replace('verify-boss', 'flagged'),
      verified: false,
    });
    await updateUserItem(user.id, 'SET isAdmin = :t', { ':t': true });
    expect((await client.get('/api/admin/analytics')).status).toBe(403);
    expect((await client.get('/api/user')).body.isAdmin).toBe(false);
  });

  it('login decides again from the list: a verified, listed account logs in as administrator; unlisted, not', async () => {
    const details = newAgent({ username: BOSS.replace('verify-boss', 'login-boss') });
    const reg = await api.client().post('/api/register', details);
    await setEmailVerified(reg.body.id);
    const login = () => api.client().post('/api/login', { username: details.username, password: details.password });
    expect((await login()).body.isAdmin).toBe(false);
    const before = process.env.ADMIN_EMAILS;
    process.env.ADMIN_EMAILS = `${BOSS},${details.username}`;
    resetConfig();
    try {
      expect((await login()).body.isAdmin).toBe(true);
      expect((await storedUser(reg.body.id)).isAdmin).toBe(true);
    } finally {
      process.env.ADMIN_EMAILS = before;
      resetConfig();
    }
    expect((await login()).body.isAdmin).toBe(false);
    expect((await storedUser(reg.body.id)).isAdmin).toBe(false);
  });
});

describe('until verified, nothing is sent to clients', () => {
  const refused = { code: 'EMAIL_UNVERIFIED', message: EMAIL_UNVERIFIED_MESSAGE };

  it('refuses invitations and review requests with 403 EMAIL_UNVERIFIED and sends nothing, then allows them once verified', async () => {
    const { client, details } = await signedInAgent(api, { verified: false });
    await client.patch('/api/user/business', {
      googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
      businessName: 'Unverified Homes',
      businessLocation: 'Austin, TX',
    });
    const created = await client.post('/api/clients', clientInput());
    expect(created.status).toBe(201);
    const invitee = clientInput();
    const outboxBefore = (await api.outbox()).length;

    const invite = await client.post('/api/client-invitations', { name: invitee.name, email: invitee.email });
    expect(invite.status).toBe(403);
    expect(invite.body).toEqual(refused);
    const review = await client.post(`/api/clients/${created.body.id}/request-review`);
    expect(review.status).toBe(403);
    expect(review.body).toEqual(refused);
    expect((await api.outbox()).length).toBe(outboxBefore);

    await followVerificationLink(api, details.username, client);
    expect((await client.post('/api/client-invitations', { name: invitee.name, email: invitee.email })).status).toBe(
      201,
    );
    expect((await client.post(`/api/clients/${created.body.id}/request-review`)).status).toBe(200);
  });
});

describe('resending the link', () => {
  it(`mails a new link that works, at most ${VERIFICATION_RESEND_LIMIT.perAccountPerHour} an hour per account`, async () => {
    const { client, details } = await signedInAgent(api, { verified: false });
    const first = await verificationLinkFor(api, details.username);
    for (let i = 0; i < VERIFICATION_RESEND_LIMIT.perAccountPerHour; i += 1) {
      const res = await client.post('/api/verify-email/resend');
      expect(res.status).toBe(202);
    }
    const limited = await client.post('/api/verify-email/resend');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const mailed = (await api.outbox()).filter(
      (m) => m.to === details.username && m.text.includes('/verify-email#token='),
    );
    expect(mailed).toHaveLength(1 + VERIFICATION_RESEND_LIMIT.perAccountPerHour);
    const newest = await verificationLinkFor(api, details.username);
    expect(newest).not.toBe(first);
    expect((await client.post('/api/verify-email', { token: tokenOf(newest) })).status).toBe(200);
  });

  it('answers 409 once the e-mail is verified, and 401 when signed out', async () => {
    const { client } = await signedInAgent(api);
    expect((await client.post('/api/verify-email/resend')).status).toBe(409);
    expect((await api.client().post('/api/verify-email/resend')).status).toBe(401);
  });
});

describe('registration validates googlePlaceId as the business profile does', () => {
  it('refuses a Place ID with characters Google never uses, and accepts a real one', async () => {
    const bad = await api.client().post('/api/register', { ...newAgent(), googlePlaceId: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.googlePlaceId).toMatch(/A Google Place ID has only letters, digits, - and _/);
    const good = await api
      .client()
      .post('/api/register', { ...newAgent(), googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4' });
    expect(good.status).toBe(201);
    expect(good.body.googlePlaceId).toBe('ChIJN1t_tDeuEmsRUsoyG83frY4');
  });
});
