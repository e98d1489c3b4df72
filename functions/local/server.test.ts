import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { newAgent, startTestApi, tokenOf, type TestApi } from '../testing/local-api';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../testing/local-server-bundle';
import { PRERENDERED_PAGES } from '@shared/prerendered-pages';
import { pickEncoding } from './static-files';
import { writeToOutbox } from '../integrations/outbox';
import { STRIPE_PRICE_REQUIRED } from '../config';
import { TEST_SETTINGS } from './twin/deploy-settings';
import { CONFIGURED_DEPLOY } from './twin/template-dir';

const root = resolve(__dirname, '..', '..');

const startServer = startServerProcess;
const stop = stopServerProcess;

async function login(url: string, username: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}

describe('npm start (the built local runtime)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'hearthside-start-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // The demo that an empty data directory gets without SEED=none is seeded, signed into and read in
  // functions/local/demo/story.test.ts.
  it('keeps data across restarts, and stops cleanly on SIGTERM and SIGINT', async () => {
    const first = await startServer({ DATA_DIR: dataDir, SEED: 'none' });
    const register = await fetch(`${first.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url },
      body: JSON.stringify({
        username: 'kept@example.com',
        password: 'kept-password',
        fullName: 'Kept Person',
        phone: '(555) 222-3333',
      }),
    });
    expect(register.status).toBe(201);
    expect(await stop(first.child, 'SIGTERM')).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir });
    expect(second.output()).not.toMatch(/Demo accounts/);
    expect(await login(second.url, 'kept@example.com', 'kept-password')).toBe(200);
    expect(await stop(second.child, 'SIGINT')).toBe(0);
  });

  it('refuses to start with a Stripe key but no STRIPE_PRICE_ID, saying why', async () => {
    // Act
    const started = startServer({ DATA_DIR: join(dataDir, 'stripe'), SEED: 'none', STRIPE_SECRET_KEY: 'sk_test_1' });
    // Assess: it exits before listening (no payment simulator behind a key), naming the missing setting.
    await expect(started).rejects.toThrow('server exited with 1');
    await expect(started).rejects.toThrow(STRIPE_PRICE_REQUIRED);
  });

  describe('started empty (SEED=none) with every provider set up: Twilio keys and our price', () => {
    // One start for both tests: the configured deploy's settings (its template is ready), with the test deploy's
    // ADMIN_EMAILS (the routes get it as the stack gives it: the -c adminEmails of the template synthesized for it).
    const chief = TEST_SETTINGS.ADMIN_EMAILS!;
    const twilioToken = 'twilio-token-of-npm-start';
    const dir = () => join(dataDir, 'empty');
    let server: ServerProcess | undefined;
    beforeAll(async () => {
      server = await startServer({
        DATA_DIR: dir(),
        SEED: 'none',
        ADMIN_EMAILS: chief,
        TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
        TWILIO_AUTH_TOKEN: twilioToken,
        TWILIO_FROM: '+15125550000',
        STRIPE_PRICE_ID: CONFIGURED_DEPLOY.stripePriceId!,
      });
    });
    afterAll(async () => {
      if (server) await stop(server.child, 'SIGTERM');
    });

    it('starts empty and makes ADMIN_EMAILS users administrators once they verify their e-mail', async () => {
      const { url, output } = server!;
      expect(output()).not.toMatch(/Demo accounts/);
      expect(await login(url, 'agent@demo.hearthside.app', 'demo-agent-2026')).toBe(401);
      const res = await fetch(`${url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({
          username: chief,
          password: 'chief-password',
          fullName: 'Chief',
          phone: '(555) 444-3333',
        }),
      });
      expect(((await res.json()) as { isAdmin: boolean }).isAdmin).toBe(false);
      const outbox = join(dir(), 'outbox');
      const mail = readdirSync(outbox).map(
        (f) => JSON.parse(readFileSync(join(outbox, f), 'utf8')) as { to: string; text: string },
      );
      const link =
        /https?:\/\/\S+\/verify-email#token=\S+/.exec(mail.find((m) => m.to === chief)?.text ?? '')?.[0] ?? '';
      // Verifying takes the session of the account the link was mailed for: the one registration started.
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const verified = await fetch(`${url}/api/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, cookie },
        body: JSON.stringify({ token: tokenOf(link) }),
      });
      expect(((await verified.json()) as { user: { isAdmin: boolean } }).user.isAdmin).toBe(true);
    });

    it("verifies Twilio's signed webhook with TWILIO_AUTH_TOKEN: the key reaches the webhook through the Twilio secret", async () => {
      // Prepare
      const params = {
        AccountSid: 'AC00000000000000000000000000000000',
        From: '+15125559876',
        To: '+15125550000',
        Body: 'STOP',
      };
      const post = (signedWith: string) => {
        const url = `${server!.url}/api/twilio/inbound`;
        const signed = Object.keys(params)
          .sort()
          .reduce((data, key) => data + key + params[key as keyof typeof params], url);
        return fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-twilio-signature': createHmac('sha1', signedWith).update(signed).digest('base64'),
          },
          body: new URLSearchParams(params).toString(),
        });
      };
      // Act
      const signed = await post(twilioToken);
      const forged = await post('another-token');
      // Assess
      expect(signed.status).toBe(200);
      expect(await signed.text()).toContain('<Response></Response>');
      expect(forged.status).toBe(403);
      expect(((await forged.json()) as { message: string }).message).toBe('The Twilio signature is missing or wrong.');
    });
  });
});

/** The app's frame: what every path that is no file or prerendered page is answered. */
const APP_FRAME = '<!doctype html><title>app</title>';

/** Runs `use` on the local API serving a web build of these files (by path) from a temporary folder, removed after. */
async function withWebBuild(files: Record<string, string | Buffer>, use: (api: TestApi) => Promise<void>) {
  const webDir = mkdtempSync(join(tmpdir(), 'hearthside-web-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(webDir, path)), { recursive: true });
    writeFileSync(join(webDir, path), content);
  }
  const api = await startTestApi({ webDir });
  try {
    await use(api);
  } finally {
    await api.close();
    rmSync(webDir, { recursive: true, force: true });
  }
}

describe('the local server', () => {
  it('serves the web app with SPA fallback, and 404 for missing files', async () => {
    const pages = PRERENDERED_PAGES.map((page) => [join(page, 'index.html'), `<!doctype html><title>${page}</title>`]);
    const files = { 'index.html': APP_FRAME, 'assets/main-abc.js': 'console.log(1)', ...Object.fromEntries(pages) };
    await withWebBuild(files, async (api) => {
      const titleOf = async (path: string) => {
        const res = await fetch(`${api.url}${path}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        return /<title>(.*)<\/title>/.exec(await res.text())?.[1];
      };
      const deep = await fetch(`${api.url}/clients/some/deep/link`);
      expect(deep.status).toBe(200);
      expect(await deep.text()).toContain('<title>app</title>');
      expect(deep.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      // The prerendered pages, with or without a trailing slash or a query; the app's frame for every other path.
      for (const page of PRERENDERED_PAGES) {
        expect(await titleOf(page)).toBe(page);
        expect(await titleOf(`${page}/`)).toBe(page);
      }
      expect(await titleOf('/find-realtor?q=ann')).toBe('/find-realtor');
      expect(await titleOf('/client-registration?agentId=a1')).toBe('/client-registration');
      for (const path of ['/', '/clients', '/client-registration/confirm', '/authors'])
        expect(await titleOf(path)).toBe('app');
      // A token with dots in the path is a page (unsubscribe links mailed before tokens moved to the fragment).
      expect(await titleOf('/unsubscribe/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln')).toBe('app');
      const asset = await fetch(`${api.url}/assets/main-abc.js`);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      expect(asset.headers.get('cache-control')).toMatch(/immutable/);
      expect((await fetch(`${api.url}/assets/missing.js`)).status).toBe(404);
      expect((await fetch(`${api.url}/../../etc/passwd.txt`)).status).toBe(404);
    });
  });

  it('serves the installable app: the manifest, its icons and the service worker, each with its type and caching', async () => {
    const files = {
      'index.html': APP_FRAME,
      'manifest.webmanifest': JSON.stringify({ name: 'Hearthside', start_url: '/today' }),
      'icons/icon-192.png': readFileSync(join(root, 'web/public/icons/icon-192.png')),
      'sw.js': 'self.addEventListener("fetch", () => {});',
    };
    await withWebBuild(files, async (api) => {
      const headersOf = async (path: string) => {
        const res = await fetch(`${api.url}${path}`);
        expect(res.status).toBe(200);
        return { type: res.headers.get('content-type'), cache: res.headers.get('cache-control') };
      };
      expect(await headersOf('/manifest.webmanifest')).toEqual({
        type: 'application/manifest+json',
        cache: 'no-cache',
      });
      expect(await headersOf('/icons/icon-192.png')).toEqual({ type: 'image/png', cache: 'no-cache' });
      // The browser checks the service worker for an update on each visit: it is never served from a cache unchecked.
      expect(await headersOf('/sw.js')).toEqual({ type: 'text/javascript; charset=utf-8', cache: 'no-cache' });
    });
  });

  it('sends text files compressed when the browser accepts it (Brotli first, then gzip), and as they are otherwise', async () => {
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Client ${i}` })))};`;
    const files = { 'index.html': APP_FRAME, 'assets/big-abc.js': script, 'assets/tiny-abc.js': 'console.log(1)' };
    await withWebBuild(files, async (api) => {
      const get = (path: string, acceptEncoding?: string) =>
        new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
          const req = httpRequest(
            `${api.url}${path}`,
            { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          );
          req.on('error', fail);
          req.end();
        });
      const br = await get('/assets/big-abc.js', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('accept-encoding');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(script.length / 4);
      expect(brotliDecompressSync(br.body).toString()).toBe(script);
      const gz = await get('/assets/big-abc.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(script);
      const plain = await get('/assets/big-abc.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(script);
      const tiny = await get('/assets/tiny-abc.js', 'br');
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.body.toString()).toBe('console.log(1)');
    });
  });

  it('picks the encoding from Accept-Encoding, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('BR')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('gzip;q=0, br;q=0')).toBeUndefined();
  });

  it('writes one JSON file per message to the outbox with channel, to, subject, text, html and sentAt', async () => {
    const api = await startTestApi();
    try {
      await api.client().post('/api/register', {
        username: 'mail-me@example.com',
        password: 'secret-1',
        fullName: 'Mail Me',
        phone: '(555) 777-8888',
      });
      await api.client().post('/api/password-reset/request', { username: 'mail-me@example.com' });
      const files = readdirSync(api.runtime.outboxDir).sort();
      expect(files).toHaveLength(2); // the verification link mailed at registration, then the reset link
      for (const file of files) {
        const message = JSON.parse(readFileSync(join(api.runtime.outboxDir, file), 'utf8'));
        expect(Object.keys(message).sort()).toEqual(['channel', 'html', 'sentAt', 'subject', 'text', 'to']);
        expect(message).toMatchObject({ channel: 'email', to: 'mail-me@example.com' });
      }
    } finally {
      await api.close();
    }
  });

  it('writes each outbox message whole: a reader listing the folder meanwhile opens no half-written file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearthside-outbox-'));
    try {
      const text = `A long message ${'x'.repeat(2_000_000)}`;
      let writing = true;
      const read: string[] = [];
      const reader = (async () => {
        while (writing) {
          for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')))
            read.push(JSON.parse(readFileSync(join(dir, file), 'utf8')).to as string);
          await new Promise((done) => setImmediate(done));
        }
      })();
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          writeToOutbox(dir, { channel: 'email', to: `reader-${i}@example.com`, subject: 'Hi', text, html: null }),
        ),
      );
      writing = false;
      await reader;
      expect(read.length).toBeGreaterThan(0);
      expect(readdirSync(dir).filter((name) => name.endsWith('.json'))).toHaveLength(8);
      expect(readdirSync(dir).filter((name) => !name.endsWith('.json'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('treats every origin it listens on as same-site when APP_URL is not set', async () => {
    const api = await startTestApi();
    try {
      for (const host of ['localhost', '127.0.0.1', '[::1]']) {
        const origin = `http://${host}:${api.runtime.port}`;
        const registered = await api.client().post('/api/register', newAgent(), { headers: { origin } });
        expect(registered.status).toBe(201);
        expect(
          (
            await api
              .client()
              .post('/api/login', { username: 'nobody@example.com', password: 'wrong-one' }, { headers: { origin } })
          ).status,
        ).toBe(401);
      }
      const otherPort = await api
        .client()
        .post(
          '/api/login',
          { username: 'a@b.co', password: 'x' },
          { headers: { origin: `http://127.0.0.1:${api.runtime.port + 1}` } },
        );
      expect(otherPort.status).toBe(403);
      expect(otherPort.body.message).toBe(`Cross-site request refused: expected http://localhost:${api.runtime.port}.`);
    } finally {
      await api.close();
    }
  });

  it('with an APP_URL of its own, treats only that origin as same-site', async () => {
    const api = await startTestApi({ appUrl: 'https://crm.example.com' });
    try {
      const local = await api
        .client()
        .post(
          '/api/login',
          { username: 'a@b.co', password: 'x' },
          { headers: { origin: `http://127.0.0.1:${api.runtime.port}` } },
        );
      expect(local.status).toBe(403);
      expect(local.body).toEqual({
        message: 'Cross-site request refused: expected https://crm.example.com.',
        code: 'CROSS_SITE',
      });
      const own = await api
        .client()
        .post(
          '/api/login',
          { username: 'nobody@example.com', password: 'wrong-one' },
          { headers: { origin: 'https://crm.example.com' } },
        );
      expect(own.status).toBe(401);
    } finally {
      await api.close();
    }
  });
});
