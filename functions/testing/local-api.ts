// Test harness: the local runtime (in-memory dynalite, temporary s3rver, outbox in a temp dir) on
// a free port, and a small client with a cookie jar that sends what a browser would: over HTTP to the runtime, or in
// process to the handlers (functions/testing/handler-api.ts).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { User } from '@shared/api-types';
import type { OutboxMessage } from '../integrations/outbox';
import type { LocalRuntime, LocalRuntimeOptions } from '../local/server';
import { clientInput, setEmailVerified } from './factories';
import { textablePhone } from './phones';

/** What a test reaches the API through, whichever harness serves it (the whole runtime, or the handlers alone). */
export type ApiUnderTest = {
  /** The app's URL: the links in mail start with it, and the client sends it as Origin. */
  url: string;
  /** Where the outbox writes mail and texts. */
  outboxDir: string;
  /** Raw RFC 5322 files written here are received as SES would deliver them (where the harness watches it). */
  inboundEmailDir: string;
  client(): ApiClient;
  outbox(): Promise<OutboxMessage[]>;
  close(): Promise<void>;
};

/** The whole local runtime: HTTP server, edge, the twin's IAM and triggers. */
export type TestApi = ApiUnderTest & { runtime: LocalRuntime };

export async function startTestApi(options: LocalRuntimeOptions = {}): Promise<TestApi> {
  liftRegistrationLimits();
  // Loaded here, so a file on the handler harness never loads the runtime (the twin, the emulators' servers, the jobs).
  const { startLocalRuntime } = await import('../local/server');
  const runtime = await startLocalRuntime({
    seed: 'none',
    webDir: join(__dirname, '..', '..', 'dist', 'web'),
    // The test deploy, shared by every file: a test changes an operator setting in process.env, then resetConfig().
    liveSettings: true,
    ...options,
  });
  return {
    runtime,
    url: runtime.url,
    outboxDir: runtime.outboxDir,
    inboundEmailDir: runtime.inboundEmailDir,
    client: () => new ApiClient(runtime.url),
    outbox: () => readOutbox(runtime.outboxDir),
    close: () => runtime.close(),
  };
}

/** Starts the local API before the file's (or the block's) tests and closes it after them; `ready` receives it. */
export function useTestApi(ready: (api: TestApi) => void): void {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await startTestApi();
    ready(api);
  });
  afterAll(async () => {
    await api?.close();
  });
}

/** Tests and benches register many agents from 127.0.0.1; each registration limit's own test lowers it. */
export function liftRegistrationLimits(): void {
  process.env.REGISTRATIONS_PER_IP_PER_HOUR ??= '1000000';
  // And the platform's hourly intake.
  process.env.REGISTRATIONS_PER_HOUR ??= '1000000';
}

export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as OutboxMessage));
}

export type ApiResponse<T = any> = { status: number; body: T; text: string; headers: Headers };

export type RequestOptions = {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Leave out the Origin header a browser would send. */
  noOrigin?: boolean;
};

/** How a request reaches the API: `fetch` over HTTP, or a dispatcher that calls the handlers in process. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    private readonly transport: Transport = fetch,
  ) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    if (!options.noOrigin) headers.origin = this.baseUrl;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    Object.assign(headers, options.headers);
    const response = await this.transport(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
    return { status: response.status, body: body as T, text, headers: response.headers };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, json: unknown = {}, options?: RequestOptions) {
    return this.request<T>('POST', path, { json, ...options });
  }
  patch<T = any>(path: string, json: unknown = {}, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { json, ...options });
  }
  put<T = any>(path: string, json: unknown = {}, options?: RequestOptions) {
    return this.request<T>('PUT', path, { json, ...options });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, { json: {}, ...options });
  }
}

let counter = 0;
/** A registration body with a fresh e-mail and phone. */
export function newAgent(overrides: Partial<Record<'username' | 'password' | 'fullName' | 'phone', string>> = {}) {
  counter += 1;
  const n = `${Date.now() % 1_000_000}${counter}`.padStart(10, '0').slice(-10);
  return {
    username: `agent${n}@example.com`,
    password: 'correct horse',
    fullName: `Agent ${n}`,
    phone: textablePhone(n),
    ...overrides,
  };
}

/** Registers a fresh agent and returns a client signed in as them, their e-mail verified unless `verified: false`. */
export async function signedInAgent(
  api: ApiUnderTest,
  { verified = true, ...overrides }: Parameters<typeof newAgent>[0] & { verified?: boolean } = {},
) {
  const client = api.client();
  const details = newAgent(overrides);
  const res = await client.post('/api/register', details);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  const user = await verifiedAs(client, res.body as User, verified);
  return { client, user, details };
}

/**
 * Every client of the signed-in agent, page by page, by name: GET /api/clients answers pages like every list. Typed
 * loosely, as the answers' JSON is.
 */
export async function allClients(client: ApiClient): Promise<any[]> {
  const clients: unknown[] = [];
  let cursor: string | null = null;
  do {
    const page = `/api/clients?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res: ApiResponse<{ clients: unknown[]; nextCursor: string | null }> = await client.get(page);
    if (res.status !== 200) throw new Error(`GET /api/clients: ${res.status} ${res.text.slice(0, 200)}`);
    clients.push(...res.body.clients);
    cursor = res.body.nextCursor;
  } while (cursor);
  return clients;
}

/** `count` new clients (clientInput) of the agent signed in as `client`, made through POST /api/clients: their ids. */
export async function addClients(client: ApiClient, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await client.post('/api/clients', clientInput());
    if (res.status !== 201) throw new Error(`client create failed: ${res.status} ${res.text}`);
    ids.push(res.body.id as string);
  }
  return ids;
}

/** Verifies the new account's e-mail (unless `verified` is false) and returns the user as the API now sees them. */
export async function verifiedAs(client: ApiClient, user: User, verified = true): Promise<User> {
  if (!verified) return user;
  await setEmailVerified(user.id);
  const res = await client.get('/api/user');
  if (res.status !== 200) throw new Error(`GET /api/user failed: ${res.status} ${res.text}`);
  return res.body as User;
}

/**
 * An e-mailed app link split at `#`: the part every server (and CloudFront's log) sees, and the token only the browser
 * sees.
 */
export function splitTokenLink(link: string): { sentToServer: string; token: string } {
  const at = link.indexOf('#');
  const sentToServer = at < 0 ? link : link.slice(0, at);
  return { sentToServer, token: at < 0 ? '' : (new URLSearchParams(link.slice(at + 1)).get('token') ?? '') };
}

/** The token of an e-mailed app link, read from the fragment only (as the web app reads new links). */
export const tokenOf = (link: string): string => splitTokenLink(link).token;

/** The newest e-mail verification link mailed to `email`. */
export async function verificationLinkFor(api: ApiUnderTest, email: string): Promise<string> {
  const mail = (await api.outbox()).filter(
    (m) => m.to === email.toLowerCase() && m.text.includes('/verify-email#token='),
  );
  const link = /https?:\/\/\S+/.exec(mail.at(-1)?.text ?? '')?.[0];
  if (!link) throw new Error(`no verification link mailed to ${email}`);
  return link;
}

/** Follows the newest verification link mailed to `email`, as the agent's browser would: signed in as `client`. */
export async function followVerificationLink(
  api: ApiUnderTest,
  email: string,
  client: ApiClient,
): Promise<ApiResponse> {
  const token = tokenOf(await verificationLinkFor(api, email));
  return client.post('/api/verify-email', { token });
}

/** A runtime whose ADMIN_EMAILS lists `adminEmail`, and that administrator signed in (verified). */
export async function startAdminApi(adminEmail: string): Promise<{ api: TestApi; admin: ApiClient }> {
  const api = await startTestApi({ adminEmails: adminEmail });
  return { api, admin: (await signedInAgent(api, { username: adminEmail })).client };
}
