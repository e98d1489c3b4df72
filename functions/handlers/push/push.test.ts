// Web push end to end on the local runtime: a push service on 127.0.0.1 inside this test receives what the API and
// the jobs send, checks it as a browser vendor's would (aes128gcm, TTL, a VAPID JWT signed by the key GET /api/push/key
// hands out), and decrypts the payload with the device's own keys (RFC 8291), made here with node:crypto.
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import { MAX_PUSH_SUBSCRIPTIONS, PUSH_TESTS_PER_HOUR } from '@shared/push';
import { sqsEvent } from '../../local/reminders-job';
import { receiveInboundEmail } from '../../local/inbound-email-job';
import { delivered } from '../../local/twin/deliveries';
import { handler as worker } from '../../jobs/reminders-worker';
import { clientInput } from '../../testing/factories';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { emailedClient } from '../../testing/sending';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { s3: true });

// The push service: every request kept by path; a device whose path starts with /gone, /missing or /broken is
// answered 410, 404 or 500 (a subscription the browser dropped, one the service never knew, a service failing).
type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };
let received: Received[] = [];
let pushService: Server;
let pushOrigin: string;
beforeAll(async () => {
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = path.startsWith('/gone')
        ? 410
        : path.startsWith('/missing')
          ? 404
          : path.startsWith('/broken')
            ? 500
            : 201;
      res.end();
    });
  });
  await new Promise<void>((done) => pushService.listen(0, '127.0.0.1', done));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => pushService.close(() => done())));
beforeEach(() => {
  received = [];
});

/** A browser's side of a subscription: its ECDH key pair and auth secret, at a path of the push service. */
function newDevice(kind: 'ok' | 'gone' | 'missing' | 'broken' = 'ok') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `${pushOrigin}/${kind}/${randomBytes(8).toString('hex')}`;
  return {
    ecdh,
    auth,
    endpoint,
    path: new URL(endpoint).pathname,
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}
type Device = ReturnType<typeof newDevice>;

const hmac = (key: Buffer, ...data: Buffer[]) => createHmac('sha256', key).update(Buffer.concat(data)).digest();

/** RFC 8291 §3.4 and RFC 8188: the payload as the device's browser decrypts it (one record). */
function decrypt(device: Device, body: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const ecdhSecret = device.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(hmac(device.auth, ecdhSecret), keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(-16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

const pushesTo = (device: Device) => received.filter((r) => r.path === device.path);

async function subscribe(client: ApiClient, device: Device): Promise<string> {
  const res = await client.post('/api/push/subscriptions', device.subscription);
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${res.text}`);
  return res.body.id as string;
}

/** An agent with one subscribed device. */
async function agentWithDevice(options: Parameters<typeof signedInAgent>[1] = {}) {
  const agent = await signedInAgent(api, options);
  const device = newDevice();
  const subscriptionId = await subscribe(agent.client, device);
  return { ...agent, device, subscriptionId };
}

describe('GET /api/push/key', () => {
  it('answers the VAPID public key: an uncompressed P-256 point in base64url, the same each time', async () => {
    const { client } = await signedInAgent(api);
    const first = await client.get('/api/push/key');
    const second = await client.get('/api/push/key');
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    const bytes = Buffer.from(first.body.publicKey as string, 'base64url');
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(second.body.publicKey).toBe(first.body.publicKey);
  });

  it('asks for a sign-in first', async () => {
    const res = await api.client().get('/api/push/key');
    expect(res.status).toBe(401);
  });
});

describe('POST /api/push/subscriptions', () => {
  it('keeps the same endpoint as the same subscription (same id), and another endpoint as another', async () => {
    const { client } = await signedInAgent(api);
    const device = newDevice();
    const first = await client.post('/api/push/subscriptions', device.subscription);
    const again = await client.post('/api/push/subscriptions', device.subscription);
    const other = await client.post('/api/push/subscriptions', newDevice().subscription);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{10,}$/) });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(other.body.id).not.toBe(first.body.id);
  });

  it.each([
    ['an http endpoint elsewhere', { endpoint: 'http://push.example.com/abc' }, 'endpoint'],
    ['a non-URL endpoint', { endpoint: 'not a url' }, 'endpoint'],
    ['userinfo in the endpoint', { endpoint: 'https://user:pw@push.example.com/abc' }, 'endpoint'],
    ['an https endpoint at no push service', { endpoint: 'https://push.example.com/abc' }, 'endpoint'],
    ['a missing endpoint', { endpoint: undefined }, 'endpoint'],
    ['a p256dh of 64 bytes', { keys: { p256dh: randomBytes(64).toString('base64url') } }, 'keys.p256dh'],
    ['a p256dh in standard base64', { keys: { p256dh: `+/${randomBytes(63).toString('base64url')}` } }, 'keys.p256dh'],
    [
      'a p256dh off the curve',
      { keys: { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') } },
      'keys.p256dh',
    ],
    ['an auth of 15 bytes', { keys: { auth: randomBytes(15).toString('base64url') } }, 'keys.auth'],
    ['keys as a string', { keys: 'abc' }, 'keys'],
  ] as Array<[string, Record<string, any>, string]>)(
    'refuses %s with 400 and the field',
    async (_name, change, field) => {
      const { client } = await signedInAgent(api);
      const base = newDevice().subscription;
      const body = {
        ...base,
        ...change,
        keys: typeof change.keys === 'string' ? change.keys : { ...base.keys, ...change.keys },
      };
      const res = await client.post('/api/push/subscriptions', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    },
  );

  it(`takes ${MAX_PUSH_SUBSCRIPTIONS} devices, refuses one more with 409 TOO_MANY_DEVICES, and still renews a known one`, async () => {
    const { client } = await signedInAgent(api);
    const devices = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, () => newDevice());
    for (const device of devices) await subscribe(client, device);
    const refused = await client.post('/api/push/subscriptions', newDevice().subscription);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_DEVICES', message: expect.stringContaining('10 devices') });
    expect((await client.post('/api/push/subscriptions', devices[0]!.subscription)).status).toBe(201);
  });
});

describe('DELETE /api/push/subscriptions/{id}', () => {
  it("removes the agent's own subscription: no more pushes to it, and a second delete is 404", async () => {
    const { client, subscriptionId, device } = await agentWithDevice();
    expect((await client.delete(`/api/push/subscriptions/${subscriptionId}`)).status).toBe(204);
    const test = await client.post('/api/push/test');
    expect(test.body).toEqual({ sent: 0 });
    expect(pushesTo(device)).toHaveLength(0);
    const again = await client.delete(`/api/push/subscriptions/${subscriptionId}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('NOT_FOUND');
  });

  it("answers 404 for another agent's subscription and leaves it alone", async () => {
    const owner = await agentWithDevice();
    const other = await signedInAgent(api);
    const res = await other.client.delete(`/api/push/subscriptions/${owner.subscriptionId}`);
    expect(res.status).toBe(404);
    expect((await owner.client.post('/api/push/test')).body).toEqual({ sent: 1 });
  });
});

describe('GET /api/push/subscriptions', () => {
  const CHROME_ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';

  it("lists the agent's devices: a label from the browser, when each was added, and when a push last reached it", async () => {
    const { client } = await signedInAgent(api);
    const res = await client.post('/api/push/subscriptions', newDevice().subscription, {
      headers: { 'user-agent': CHROME_ANDROID },
    });
    const id = res.body.id as string;

    const before = await client.get('/api/push/subscriptions');
    await client.post('/api/push/test');
    const after = await client.get('/api/push/subscriptions');

    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      subscriptions: [{ id, deviceLabel: 'Chrome on Android', createdAt: expect.any(String), lastUsedAt: null }],
    });
    expect(Date.parse(before.body.subscriptions[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(after.body.subscriptions[0].lastUsedAt).toEqual(expect.any(String));
    expect(Date.parse(after.body.subscriptions[0].lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("shows no other agent's devices, and asks for a sign-in first", async () => {
    await agentWithDevice();
    const { client } = await signedInAgent(api);
    expect((await client.get('/api/push/subscriptions')).body).toEqual({ subscriptions: [] });
    expect((await api.client().get('/api/push/subscriptions')).status).toBe(401);
  });
});

describe('POST /api/push/test', () => {
  it(`answers the ${PUSH_TESTS_PER_HOUR + 1}th test of the hour 429 RATE_LIMITED with Retry-After`, async () => {
    const { client } = await signedInAgent(api);
    for (let i = 0; i < PUSH_TESTS_PER_HOUR; i += 1) expect((await client.post('/api/push/test')).status).toBe(200);

    const refused = await client.post('/api/push/test');

    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('test notifications'),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sends an aes128gcm payload with a TTL and a VAPID Authorization whose key is GET /api/push/key, signed by it', async () => {
    const { client, device } = await agentWithDevice();
    const { publicKey } = (await client.get('/api/push/key')).body as { publicKey: string };

    const res = await client.post('/api/push/test');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 1 });
    const [push] = pushesTo(device);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(push!.headers.urgency).toBe('normal');
    const auth = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(String(push!.headers.authorization));
    expect(auth).not.toBeNull();
    expect(auth![2]).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(auth![1]!, key, { algorithms: ['ES256'], audience: pushOrigin });
    expect(payload.sub).toMatch(/^(mailto:|https:)/);
    expect(payload.exp! - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);
    expect(decrypt(device, push!.body)).toEqual({
      title: 'Hearthside',
      body: 'Notifications are on for this device.',
      url: '/settings',
    });
  });

  it('removes a subscription the push service answers 410 or 404 for, and keeps one that failed otherwise', async () => {
    const { client } = await signedInAgent(api);
    const devices = {
      ok: newDevice(),
      gone: newDevice('gone'),
      missing: newDevice('missing'),
      broken: newDevice('broken'),
    };
    const ids = Object.fromEntries(
      await Promise.all(Object.entries(devices).map(async ([kind, device]) => [kind, await subscribe(client, device)])),
    ) as Record<keyof typeof devices, string>;

    const first = await client.post('/api/push/test');
    expect(first.body).toEqual({ sent: 1 });
    expect(received.map((r) => r.path).sort()).toEqual(
      Object.values(devices)
        .map((d) => d.path)
        .sort(),
    );

    received = [];
    const second = await client.post('/api/push/test');
    expect(second.body).toEqual({ sent: 1 });
    expect(received.map((r) => r.path).sort()).toEqual([devices.ok.path, devices.broken.path].sort());
    expect((await client.delete(`/api/push/subscriptions/${ids.gone}`)).status).toBe(404);
    expect((await client.delete(`/api/push/subscriptions/${ids.missing}`)).status).toBe(404);
    expect((await client.delete(`/api/push/subscriptions/${ids.broken}`)).status).toBe(204);
  });
});

describe('PATCH /api/user/preferences { push }', () => {
  it('is all on by default, changes only the switches sent, and GET /api/user shows them', async () => {
    const { client, user } = await signedInAgent(api);
    expect(user.pushPrefs).toEqual({ digest: true, replies: true, approvals: true });
    const res = await client.patch('/api/user/preferences', { push: { replies: false } });
    expect(res.status).toBe(200);
    expect(res.body.pushPrefs).toEqual({ digest: true, replies: false, approvals: true });
    await client.patch('/api/user/preferences', { push: { digest: false }, leadDays: 14 });
    const after = (await client.get('/api/user')).body;
    expect(after.pushPrefs).toEqual({ digest: false, replies: false, approvals: true });
    expect(after.reminderPrefs.leadDays).toBe(14);
  });

  it.each([
    ['a string for a switch', { push: { digest: 'yes' } }],
    ['push as a list', { push: [true] }],
    ['an empty push', { push: {} }],
  ])('refuses %s with 400', async (_name, body) => {
    const { client } = await signedInAgent(api);
    const res = await client.patch('/api/user/preferences', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

// Sunday 9 March 2025 (the reminders-jobs tests' day).
const DAY = '2025-03-09';

describe('the morning digest', () => {
  it("pushes today's key dates to the agent's devices when the digest switch is on, and nothing when it is off", async () => {
    const on = await agentWithDevice();
    const off = await agentWithDevice();
    await off.client.patch('/api/user/preferences', { push: { digest: false } });
    for (const agent of [on, off])
      await agent.client.post('/api/clients', clientInput({ name: 'Maria Lopez', birthday: '1985-03-09' }));

    const result = await worker(
      sqsEvent([
        { agentId: on.user.id, date: DAY },
        { agentId: off.user.id, date: DAY },
      ]),
    );

    expect(result.batchItemFailures).toEqual([]);
    const [push] = pushesTo(on.device);
    expect(pushesTo(on.device)).toHaveLength(1);
    expect(push!.headers.topic).toBe('digest');
    expect(decrypt(on.device, push!.body)).toEqual({
      title: "Today's reminders",
      body: expect.stringContaining('Maria Lopez'),
      url: '/today',
    });
    expect(pushesTo(off.device)).toHaveLength(0);
  });

  it('pushes the automatic messages waiting for approval once, to /today, and not again on a retry', async () => {
    const agent = await agentWithDevice();
    await agent.client.patch('/api/user/preferences', { push: { digest: false } });
    const rules = await agent.client.put('/api/user/automations', {
      rules: [{ occasion: 'birthday', enabled: true, channel: 'email', mode: 'approve', sendTime: '09:00' }],
    });
    expect(rules.status).toBe(200);
    await agent.client.post('/api/clients', clientInput({ name: 'Hana Holm', birthday: '1985-03-09' }));

    await worker(sqsEvent([{ agentId: agent.user.id, date: DAY }]));
    await worker(sqsEvent([{ agentId: agent.user.id, date: DAY }]));

    expect(pushesTo(agent.device)).toHaveLength(1);
    expect(decrypt(agent.device, pushesTo(agent.device)[0]!.body)).toEqual({
      title: 'Messages to approve',
      body: '1 automatic message is waiting for your approval.',
      url: '/today',
    });
  });
});

describe("a client's reply", () => {
  /** The agent e-mails a client, who replies to the Reply-To address. */
  async function replyFromClient(agent: Awaited<ReturnType<typeof agentWithDevice>>) {
    const { clientId, email, replyTo } = await emailedClient(
      api,
      agent.client,
      { name: 'Anna Keller' },
      { subject: 'The house on Elm Street', body: 'Hi Anna, would Thursday work?' },
    );
    const address = /<(r-[a-z2-7]+@reply\.localhost)>$/.exec(replyTo)![1]!;
    const raw = [
      `From: Anna Keller <${email}>`,
      `To: <${address}>`,
      'Subject: Re: The house on Elm Street',
      `Message-ID: <${randomBytes(8).toString('hex')}@mail.example>`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=UTF-8',
      '',
      'Thursday works, see you at 5!',
      '',
    ].join('\r\n');
    const [outcome] = delivered(await receiveInboundEmail(Buffer.from(raw), [address]));
    return { clientId, outcome };
  }

  it('is pushed with the client and the start of the reply, opening their conversation', async () => {
    const agent = await agentWithDevice();
    const { clientId } = await replyFromClient(agent);
    const pushes = pushesTo(agent.device);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.headers.urgency).toBe('high');
    expect(decrypt(agent.device, pushes[0]!.body)).toEqual({
      title: 'Anna Keller replied',
      body: expect.stringContaining('Thursday works, see you at 5!'),
      url: `/inbox/${clientId}`,
    });
  });

  it('is not pushed when the replies switch is off, and is still taken in', async () => {
    const agent = await agentWithDevice();
    await agent.client.patch('/api/user/preferences', { push: { replies: false } });
    const { clientId } = await replyFromClient(agent);
    expect(pushesTo(agent.device)).toHaveLength(0);
    const activity = (await agent.client.get(`/api/clients/${clientId}/messages`)).body;
    expect(activity.activity[0]).toMatchObject({ direction: 'inbound', body: 'Thursday works, see you at 5!' });
  });
});
