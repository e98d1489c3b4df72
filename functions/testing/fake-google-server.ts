// The local fake Google on a plain HTTP server of its own, for the adapters' tests (functions/integrations/google-*)
// and the handler harness (functions/testing/handler-api.ts, `google`): its files in a fresh directory, the adapters
// pointed at it (GOOGLE_API_BASE_URL), an access token for any scopes through its consent page and token endpoint
// (PKCE), and a hook that records what is POSTed to it (the watch channels' notifications).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeGoogle, FAKE_GOOGLE_PREFIX } from '../local/fake-google';
import { useOwnEnvironment } from './settings';

const CLIENT = { clientId: 'adapter-test-client', clientSecret: 'adapter-test-secret' };
const HOOK = '/hook';

export type FakeGoogleServer = {
  /** The fake's directory (contacts.json, calendars/…, faults.json). */
  dir: string;
  /** Where its watch notifications may be sent: each POST there is recorded in `hooked`. */
  hookUrl: string;
  hooked: IncomingHttpHeaders[];
  accessToken(scopes: string[]): Promise<string>;
};

/** Starts the fake for the file's tests (before all) and stops it after; `ready` gets it. */
export function useFakeGoogleServer(ready: (fake: FakeGoogleServer) => void): void {
  const environment = useOwnEnvironment({ APP_URL: 'http://localhost:3000', TABLE_NAME: 'adapter-test' });
  let started: StartedFakeGoogle;
  beforeAll(async () => {
    started = await startFakeGoogleServer(mkdtempSync(join(tmpdir(), 'fake-google-')), CLIENT);
    const { dir, origin, base, hooked } = started;
    environment({ GOOGLE_API_BASE_URL: `${base}/api` });
    ready({ dir, hookUrl: `${origin}${HOOK}`, hooked, accessToken: (scopes) => accessToken(base, scopes) });
  });
  afterAll(async () => {
    await started.close();
    rmSync(started.dir, { recursive: true, force: true });
  });
}

export type StartedFakeGoogle = {
  dir: string;
  /** The server's origin; its watch notifications' hook is HOOK there. */
  origin: string;
  /** Where the fake answers: {base}/oauth/… and {base}/api/…. */
  base: string;
  hooked: IncomingHttpHeaders[];
  close(): Promise<void>;
};

/**
 * The fake Google (its files in `dir`, `client` its OAuth client) on a plain HTTP server of its own, on a free port:
 * for a harness that has no runtime to serve it (the adapters' tests, the handler harness).
 */
export async function startFakeGoogleServer(
  dir: string,
  client: { clientId: string; clientSecret: string },
): Promise<StartedFakeGoogle> {
  const fake = createFakeGoogle(dir, client);
  const hooked: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === HOOK) {
      hooked.push(req.headers);
      req.resume();
      res.writeHead(200).end();
      return;
    }
    void fake.handle(req, res, url).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    dir,
    origin,
    base: `${origin}${FAKE_GOOGLE_PREFIX.slice(0, -1)}`,
    hooked,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** An access token of the fake for these scopes: its consent page allowed, the code traded with PKCE. */
async function accessToken(base: string, scopes: string[]): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = 'http://localhost/api/google/callback';
  const consent = new URL(`${base}/oauth/o/oauth2/v2/auth`);
  consent.search = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: scopes.join(' '),
    state: 'test',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const allowed = await fetch(consent, {
    method: 'POST',
    body: new URLSearchParams({ approve: 'yes' }),
    redirect: 'manual',
  });
  const code = new URL(allowed.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
    }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}
