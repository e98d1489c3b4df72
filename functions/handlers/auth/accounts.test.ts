import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE } from '@shared/constants';
import { MESSAGES } from '@shared/schemas';
import { followVerificationLink, newAgent, signedInAgent } from '../../testing/local-api';
import { resetConfig } from '../../config';
import { LOCAL_IP, resetLimit } from '../../testing/throttle';
import { LOGIN_LIMITS } from '../../services/login';
import { startHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
beforeAll(async () => {
  api = await startHandlerApi({ adminEmails: 'Boss@Example.com' });
});
afterAll(() => api.close());

describe('registration', () => {
  it('creates an agent, signs them in and never returns the password hash', async () => {
    const client = api.client();
    const details = newAgent({ username: 'New.Agent@Example.com' });
    const res = await client.post('/api/register', details);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: 'new.agent@example.com',
      fullName: details.fullName,
      isPro: false,
      isAdmin: false,
    });
    expect(res.text).not.toMatch(/password|scrypt/i);
    const cookie = res.headers.getSetCookie()[0]!;
    // __Host-: Secure, Path=/ and no Domain, or the browser drops it (http://localhost counts as secure).
    expect(cookie).toMatch(/^__Host-session=[^;]+;/);
    expect(cookie.split('; ')).toEqual(expect.arrayContaining(['Path=/', 'Secure', 'HttpOnly', 'SameSite=Lax']));
    expect(cookie).not.toMatch(/Domain=/i);
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.id);
  });

  it('refuses a username already taken in any letter case', async () => {
    const details = newAgent();
    expect((await api.client().post('/api/register', details)).status).toBe(201);
    const again = await api.client().post('/api/register', { ...newAgent(), username: details.username.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.errors.username).toBe('An account with this email already exists.');
  });

  it('refuses a phone number already registered, whatever its formatting', async () => {
    const first = newAgent({ phone: '(512) 555-0147' });
    expect((await api.client().post('/api/register', first)).status).toBe(201);
    const refused = newAgent({ phone: '512-555-0147' });
    const second = await api.client().post('/api/register', refused);
    expect(second.status).toBe(409);
    expect(second.body.errors.phone).toMatch(/already registered/);
    // the refused registration released the username it had claimed
    const retry = await api.client().post('/api/register', { ...newAgent(), username: refused.username });
    expect(retry.status).toBe(201);
  });

  it.each([
    ['12345', MESSAGES.phoneTooShort],
    ['555-abc-12345', MESSAGES.phoneFormat],
    ['(55) 555-55--', MESSAGES.phoneDigits],
  ])('refuses the phone %p with %p', async (phone, message) => {
    const res = await api.client().post('/api/register', newAgent({ phone }));
    expect(res.status).toBe(400);
    expect(res.body.errors.phone).toBe(message);
  });

  it('requires username, password, fullName and phone', async () => {
    const res = await api.client().post('/api/register', {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['fullName', 'password', 'phone', 'username']);
  });

  it('ignores server-owned fields sent by the client (mass assignment)', async () => {
    const res = await api.client().post('/api/register', {
      ...newAgent(),
      isPro: true,
      isAdmin: true,
      clientCount: -50,
      id: 'chosen',
      stripeCustomerId: 'cus_x',
    });
    expect(res.status).toBe(201);
    expect(res.body.isPro).toBe(false);
    expect(res.body.isAdmin).toBe(false);
    expect(res.body.id).not.toBe('chosen');
  });

  it('makes users listed in ADMIN_EMAILS administrators, in any case, once their e-mail is verified', async () => {
    const client = api.client();
    const res = await client.post('/api/register', newAgent({ username: 'boss@example.com' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isAdmin: false, emailVerified: false });
    expect((await followVerificationLink(api, 'boss@example.com', client)).status).toBe(200);
    expect((await client.get('/api/user')).body).toMatchObject({ isAdmin: true, emailVerified: true });
  });
});

describe('login', () => {
  it('signs in with the right password, case-insensitively on the username, and records the login', async () => {
    const details = newAgent();
    await api.client().post('/api/register', details);
    const client = api.client();
    const res = await client.post('/api/login', {
      username: details.username.toUpperCase(),
      password: details.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.lastLoginDate).toEqual(expect.any(String));
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const details = newAgent();
    await api.client().post('/api/register', details);
    const wrong = await api.client().post('/api/login', { username: details.username, password: 'not it at all' });
    const unknown = await api
      .client()
      .post('/api/login', { username: 'nobody-here@example.com', password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('requires username and password', async () => {
    const res = await api.client().post('/api/login', { username: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('username');
    expect(res.body.errors).toHaveProperty('password');
  });

  it(`throttles an account after ${LOGIN_LIMITS.perAccountFromIp.free} failures from one address with 429 and Retry-After, even with the right password`, async () => {
    const details = newAgent();
    await api.client().post('/api/register', details);
    for (let i = 0; i < LOGIN_LIMITS.perAccountFromIp.free; i += 1) {
      expect(
        (await api.client().post('/api/login', { username: details.username, password: `wrong-${i}` })).status,
      ).toBe(401);
    }
    const blocked = await api.client().post('/api/login', { username: details.username, password: details.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many failed login attempts/);
  });

  it('promotes a user to administrator at login once their e-mail is in ADMIN_EMAILS (data kept across restarts)', async () => {
    await api.close(); // one runtime per process: its configuration is process-wide
    const dataDir = mkdtempSync(join(tmpdir(), 'hearthside-admin-'));
    const details = newAgent({ username: 'later-boss@example.com' });
    let first = await startHandlerApi({ dataDir });
    const registered = first.client();
    expect((await registered.post('/api/register', details)).body.isAdmin).toBe(false);
    expect((await followVerificationLink(first, details.username, registered)).body.user.isAdmin).toBe(false);
    await first.close();
    first = await startHandlerApi({ dataDir, adminEmails: 'boss@example.com, Later-Boss@example.com' });
    try {
      const res = await first.client().post('/api/login', { username: details.username, password: details.password });
      expect(res.status).toBe(200);
      expect(res.body.isAdmin).toBe(true);
    } finally {
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
      api = await startHandlerApi({ adminEmails: 'Boss@Example.com' });
    }
  });
});

/**
 * The per-IP limit counts in fixed windows: a run of failures that straddles a window's end would start counting
 * again. Begins where a whole run fits in one window (waiting at most `marginSeconds` for the next to open).
 */
async function clearOfWindowEnd(windowSeconds: number, marginSeconds = 30): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < marginSeconds) await new Promise((done) => setTimeout(done, left * 1000 + 100));
}

describe('per-IP throttling', () => {
  it(`refuses logins from an address after ${LOGIN_LIMITS.perIp.max} failures across accounts`, async () => {
    await clearOfWindowEnd(LOGIN_LIMITS.perIp.windowSeconds);
    const client = api.client();
    for (let i = 0; i < LOGIN_LIMITS.perIp.max; i += 1) {
      await client.post('/api/login', { username: `ghost${i}@example.com`, password: 'nope-nope' });
    }
    const details = newAgent();
    await api.client().post('/api/register', details);
    const res = await client.post('/api/login', { username: details.username, password: details.password });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });
});

describe('registration throttling per address', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.REGISTRATIONS_PER_IP_PER_HOUR;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.REGISTRATIONS_PER_IP_PER_HOUR;
    else process.env.REGISTRATIONS_PER_IP_PER_HOUR = saved;
    resetConfig();
  });

  it('refuses registrations from an address past REGISTRATIONS_PER_IP_PER_HOUR with 429 and Retry-After', async () => {
    process.env.REGISTRATIONS_PER_IP_PER_HOUR = '3';
    resetConfig();
    await resetLimit('register-ip', LOCAL_IP, 3600);
    for (let i = 0; i < 3; i += 1) expect((await api.client().post('/api/register', newAgent())).status).toBe(201);
    const refused = await api.client().post('/api/register', newAgent());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'Too many accounts were created from your network. Please try again later.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('registrations across the platform', () => {
  afterEach(() => {
    delete process.env.REGISTRATIONS_PER_HOUR;
    resetConfig();
  });

  it('refuses new accounts past REGISTRATIONS_PER_HOUR, from any address, with 429 REGISTRATIONS_BUSY and Retry-After', async () => {
    // Prepare: 2 accounts an hour for the whole platform (the per-address limit is far above it here).
    process.env.REGISTRATIONS_PER_HOUR = '2';
    resetConfig();
    await resetLimit('register-platform', 'all', 3600);
    const first = newAgent();

    // Act: an account, the same one again (refused as taken: it takes no place), another, and one too many.
    const created = await api.client().post('/api/register', first);
    const taken = await api.client().post('/api/register', first);
    const second = await api.client().post('/api/register', newAgent());
    const busy = newAgent();
    const refused = await api.client().post('/api/register', busy);

    // Assess
    expect([created.status, taken.status, second.status]).toEqual([201, 409, 201]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: expect.stringMatching(
        /^Many agents are signing up right now, so new accounts are paused for a little while\. Please try again in \d+ minutes?\.$/,
      ),
      code: 'REGISTRATIONS_BUSY',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Nothing of the refused account was made: with room again, the same details make a new account.
    process.env.REGISTRATIONS_PER_HOUR = '3';
    resetConfig();
    expect((await api.client().post('/api/register', busy)).status).toBe(201);
  });
});

describe('sessions', () => {
  it('answers 401 to GET /api/user when logged out', async () => {
    const res = await api.client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('ends the session on logout: a replayed old cookie gets 401', async () => {
    const { client } = await signedInAgent(api);
    const oldCookie = client.cookies.get(SESSION_COOKIE)!;
    const out = await client.post('/api/logout');
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);
    const replay = api.client();
    replay.cookies.set(SESSION_COOKIE, oldCookie);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('refuses a forged or tampered cookie', async () => {
    const { client } = await signedInAgent(api);
    const token = client.cookies.get(SESSION_COOKIE)!;
    const [header, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    const forged = api.client();
    forged.cookies.set(SESSION_COOKIE, `${header}.${forgedPayload}.${token.split('.')[2]}`);
    expect((await forged.get('/api/user')).status).toBe(401);
    const unsigned = api.client();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    unsigned.cookies.set(SESSION_COOKIE, `${none}.${payload}.`);
    expect((await unsigned.get('/api/user')).status).toBe(401);
    const garbage = api.client();
    garbage.cookies.set(SESSION_COOKIE, 'not-a-token');
    expect((await garbage.get('/api/user')).status).toBe(401);
  });
});
