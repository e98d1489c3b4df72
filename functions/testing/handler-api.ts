// Test harness for a handler's or a use case's rules: each request dispatched in process to the route table's handler,
// as API Gateway calls it (the event of functions/local/http-event.ts, the route's context), over the table alone
// (in-process dynalite), with the environment the local runtime sets. No HTTP server, no edge, no twin: a rule only
// those show (a header the edge adds, an IAM refusal, compression, the server's own 413) is tested on the runtime
// (startTestApi in local-api.ts). S3, the background tasks queue, the inbound e-mail folder and the fake Google start
// when asked.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { resetConfig } from '../config';
import { resetDb } from '../data/db';
import { findRoute, FUNCTION_FAILED, gatewayResult, invokeRoute } from '../local/api-dispatch';
import { startDynamo, startS3 } from '../local/emulators';
import { httpApiEvent, httpApiResponse } from '../local/http-event';
import { BUCKETS, ensureBuckets, ensureTable, setLocalEnvironment } from '../local/local-environment';
import { startFakeGoogleServer } from './fake-google-server';
import { ApiClient, liftRegistrationLimits, readOutbox, signedInAgent, type ApiUnderTest } from './local-api';

export type HandlerApiOptions = {
  adminEmails?: string;
  /** Where the table, the outbox and the secrets live across restarts, as the runtime's; omitted: a temporary one. */
  dataDir?: string;
  /** s3rver with the uploads and exports buckets: uploads, exports, videos, an import's file and report. */
  s3?: boolean;
  /** The background tasks queue played in process: imports, bulk actions, account erasure, broadcasts. */
  backgroundTasks?: boolean;
  /** The inbound e-mail folder (inboundEmailDir) watched as the runtime does; with S3, where received mail is kept. */
  inboundEmail?: boolean;
  /** The fake Google (functions/local/fake-google.ts) on a server of its own, the app's Google calls pointed at it. */
  google?: boolean;
};

export type HandlerApi = ApiUnderTest & {
  /** With `google`: the fake Google's files (contacts.json, faults.json, grants.json, …). */
  fakeGoogleDir?: string;
};

/**
 * The app's URL in mail and the Origin the client sends. Port 9 (discard) is one fetch refuses, so a handler that calls
 * back into the app over HTTP (the payment simulator's pages, the fake Google unless `google` serves it on a server of
 * its own) fails at once: such a test needs the runtime.
 */
const APP_URL = 'http://localhost:9';
/** Where S3 is when the file did not ask for it: nowhere (an S3 call, or a presigned upload, fails at once). */
const NO_S3 = 'http://127.0.0.1:9';
/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export async function startHandlerApi(options: HandlerApiOptions = {}): Promise<HandlerApi> {
  liftRegistrationLimits();
  const { dataDir } = options;
  const scratch = dataDir ?? (await mkdtemp(join(tmpdir(), 'hearthside-handlers-')));
  const outboxDir = join(scratch, 'outbox');
  const inboundEmailDir = join(scratch, 'inbound-email');
  mkdirSync(outboxDir, { recursive: true });
  const dynamo = await startDynamo(dataDir);
  const s3 =
    options.s3 || options.inboundEmail ? await startS3({ dataDir, buckets: Object.values(BUCKETS) }) : undefined;
  const fakeGoogleClient = setLocalEnvironment({
    url: APP_URL,
    dataDir,
    outboxDir,
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3?.endpoint ?? NO_S3,
    adminEmails: options.adminEmails,
  });
  const google =
    options.google && fakeGoogleClient
      ? await startFakeGoogleServer(join(scratch, 'fake-google'), fakeGoogleClient)
      : undefined;
  if (google)
    Object.assign(process.env, {
      GOOGLE_OAUTH_BASE_URL: `${google.base}/oauth`,
      GOOGLE_API_BASE_URL: `${google.base}/api`,
    });
  resetConfig();
  resetDb();
  await ensureTable(dynamo.endpoint);
  if (s3) await ensureBuckets(s3.endpoint);

  const stops: Array<() => Promise<void>> = [];
  if (options.backgroundTasks) {
    const { startLocalImportQueue } = await import('../local/import-jobs');
    const queue = startLocalImportQueue({ onError: report('import job') });
    stops.push(() => queue.close());
  }
  if (options.inboundEmail) {
    const { watchInboundEmail } = await import('../local/inbound-email-job');
    stops.push(watchInboundEmail(inboundEmailDir, report('inbound e-mail')));
  }
  return {
    url: APP_URL,
    outboxDir,
    inboundEmailDir,
    fakeGoogleDir: google?.dir,
    client: () => new ApiClient(APP_URL, dispatchInProcess),
    outbox: () => readOutbox(outboxDir),
    async close() {
      for (const stop of stops) await stop();
      await google?.close();
      await s3?.close();
      await dynamo.close();
      resetDb();
      if (!dataDir) await rm(scratch, { recursive: true, force: true });
    },
  };
}

/** The handler harness with ADMIN_EMAILS listing `adminEmail`, and that administrator signed in (verified). */
export async function startHandlerAdminApi(
  adminEmail: string,
  options: Omit<HandlerApiOptions, 'adminEmails'> = {},
): Promise<{ api: HandlerApi; admin: ApiClient }> {
  const api = await startHandlerApi({ ...options, adminEmails: adminEmail });
  return { api, admin: (await signedInAgent(api, { username: adminEmail })).client };
}

/**
 * The administrator's harness (startHandlerAdminApi) started before the file's tests and closed after them; `ready`
 * receives the harness and the signed-in administrator.
 */
export function useHandlerAdminApi(
  adminEmail: string,
  ready: (started: { api: HandlerApi; admin: ApiClient }) => void,
  options: Omit<HandlerApiOptions, 'adminEmails'> = {},
): void {
  forTheFile(
    () => startHandlerAdminApi(adminEmail, options),
    (started) => started.api,
    ready,
  );
}

/**
 * Starts the handler harness before the file's tests and closes it after them; `ready` receives it (a file that only
 * needs the table it sets up may leave `ready` out).
 */
export function useHandlerApi(ready: (api: HandlerApi) => void = () => {}, options: HandlerApiOptions = {}): void {
  forTheFile(
    () => startHandlerApi(options),
    (api) => api,
    ready,
  );
}

/** `start` run before the file's tests (what it started handed to `ready`), and its harness closed after them. */
function forTheFile<T>(
  start: () => Promise<T>,
  harness: (started: T) => HandlerApi,
  ready: (started: T) => void,
): void {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    ready(started);
  });
  afterAll(async () => {
    if (started !== undefined) await harness(started).close();
  });
}

/**
 * The client's transport: the request as API Gateway hands it to the route's handler (or API Gateway's own answer
 * when no route takes it), and the handler's result as the response API Gateway sends.
 */
async function dispatchInProcess(url: string, init: RequestInit): Promise<Response> {
  const request = new Request(url, init);
  const target = new URL(request.url);
  const found = findRoute(request.method, target.pathname);
  let result: APIGatewayProxyStructuredResultV2;
  if (!('route' in found)) result = gatewayResult(found);
  else {
    const headers = { host: target.host, ...Object.fromEntries(request.headers) };
    const body = Buffer.from(await request.arrayBuffer());
    const event = httpApiEvent(
      { method: request.method, url: target, headers, body, sourceIp: '127.0.0.1', protocol: 'HTTP/1.1' },
      found.route,
      found.params,
    );
    result = await invokeRoute(found, event).catch((error: unknown) => {
      // As the runtime's server answers a function that threw.
      report('handler')(error);
      return gatewayResult(FUNCTION_FAILED);
    });
  }
  const { status, headers, body } = httpApiResponse(result);
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(headers))
    for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
  return new Response(NULL_BODY_STATUSES.has(status) ? null : Uint8Array.from(body), {
    status,
    headers: responseHeaders,
  });
}

const report = (what: string) => (error: unknown) =>
  process.stderr.write(`${what} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
