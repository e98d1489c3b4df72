// The local runtime: emulators in-process, the route table's handlers behind a Node HTTP server
// that speaks API Gateway's payload v2.0, and the built web app. The same handler code and SDK
// clients as in AWS, pointed at the emulators by configuration.
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { resetConfig } from '../config';
import { parseRootSecret, purposeKeysSecretValue } from '../domain/signing-keys';
import type { FunctionScope } from '../lib/function-environment';
import { resetDb } from '../data/db';
import { FUNCTION_FAILED, findRoute, gatewayResult, invokeRoute, type GatewayAnswer } from './api-dispatch';
import { startEmulators, type Emulators } from './emulators';
import { toHttpApiEvent, writeHttpApiResult } from './http-event';
import { startLocalImportQueue } from './import-jobs';
import { watchInboundEmail } from './inbound-email-job';
import { handleJobTrigger } from './job-trigger';
import { handlePaymentSimulator, SIMULATOR_PREFIX } from './payment-simulator';
import { createFakeGoogle, FAKE_GOOGLE_PREFIX, type FakeGoogle } from './fake-google';
import { syncHomeValuesIfEmpty } from './home-values-job';
import { handleHpiFile, HPI_FILES_PREFIX, seedHpiFiles } from './hpi-files';
import {
  BUCKETS,
  ensureBuckets,
  ensureTable,
  LOCAL_INBOUND_EMAIL_DOMAIN,
  persistentSecret,
  setLocalEnvironment,
  TABLE_NAME,
} from './local-environment';
import { startHourlyReminders } from './reminders-job';
import { startHourlyReviewsSync } from './reviews-sync-job';
import { startCalendarOut } from './calendar-out-job';
import { seedDemo, type DemoCredentials } from './seed';
import { pageSecurityHeaders, serveStatic } from './static-files';
import {
  deployContextOf,
  LIVE_SETTINGS,
  providerSecretValue,
  requireStripePrice,
  TEST_DEPLOY,
} from './twin/deploy-settings';
import { behaviorFor, originRequest, viewerRequestUri } from './twin/edge';
import { twinTemplateDir } from './twin/template-dir';
import { startTwin, type Twin } from './twin/twin';
import { setJobScopes } from './job-scopes';

export type LocalRuntimeOptions = {
  port?: number;
  /** Where data lives across restarts; omitted: in memory (tests). */
  dataDir?: string;
  seed?: 'demo' | 'none';
  adminEmails?: string;
  /**
   * The public URL when something other than this machine serves the app; omitted: every origin the server listens on.
   */
  appUrl?: string;
  webDir?: string;
  /**
   * Run every function as the synthesized stack defines it (functions/local/twin): its own environment and role,
   * requests through the template's CloudFront rules. `{ templateDir }` runs another synthesized directory
   * (HEARTH_TEMPLATE_DIR does the same from outside); `{ context }` the stack a deploy with those -c values makes
   * (`{ smsProvider: 'twilio' }`), synthesized once into cdk.out and kept. Default: on; `false` (or HEARTH_TWIN=0)
   * runs every function with the process's environment and no permission checks.
   */
  twin?: boolean | { templateDir: string } | { context: Record<string, string> };
  /**
   * Tests only (functions/testing/local-api.ts; HEARTH_TWIN=test from outside): run the test deploy (TEST_DEPLOY in
   * functions/local/twin/deploy-settings.ts: every operator setting named; `context`'s on top), and read those
   * settings' values from the process's environment whenever a function reads them, where its template gives them; so
   * a test changes a limit, then resetConfig(), without a synthesis per value. Default: off, as `npm start`: the
   * developer's settings are the -c values of the template synthesized for them.
   */
  liveSettings?: boolean;
  /**
   * Run the reminders scheduler every hour while up (digests go out at 8 am in each agent's time zone). Default: on
   * with a dataDir, off in memory (tests).
   */
  hourlyReminders?: boolean;
};

export type LocalRuntime = {
  url: string;
  port: number;
  outboxDir: string;
  /** The fake Google's files (reviews.json, faults.json) when it serves, else undefined (a real client is set). */
  fakeGoogleDir: string | undefined;
  /** Raw RFC 5322 files written here are received as SES would deliver them (functions/local/inbound-email-job.ts). */
  inboundEmailDir: string;
  emulators: Emulators;
  /** The stack's twin, when the runtime runs as one. */
  twin: Twin | undefined;
  seeded: DemoCredentials | null;
  close(): Promise<void>;
};

const MAX_REQUEST_BYTES = 12 * 1024 * 1024;

export async function startLocalRuntime(options: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  const settings = runtimeSettings(options);
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  const scratch = dataDir ?? (await tempDir());
  const outboxDir = join(scratch, 'outbox');
  const inboundEmailDir = join(scratch, 'inbound-email');
  // FHFA's House Price Index files the home values job fetches here (functions/local/hpi-files.ts).
  const hpiDir = join(scratch, 'hpi');
  seedHpiFiles(hpiDir);
  mkdirSync(outboxDir, { recursive: true });
  const emulators = await startEmulators({ dataDir, buckets: Object.values(BUCKETS) });
  const webDir = resolve(options.webDir ?? 'dist/web');
  const pageHeaders = pageSecurityHeaders(emulators.s3Endpoint);

  // Started once the server's URL is known (it is the twin's APP_URL); requests wait for the runtime's start anyway.
  const running: { twin?: Twin; fakeGoogle?: FakeGoogle } = {};
  const server = createServer((req, res) => {
    handle(req, res, webDir, pageHeaders, running.twin, running.fakeGoogle, hpiDir).catch((error: unknown) => {
      process.stderr.write(`local server error: ${error instanceof Error ? error.stack : String(error)}\n`);
      if (!res.headersSent) writeGatewayAnswer(res, FUNCTION_FAILED);
      else res.destroy();
    });
  });
  // Idle connections stay open longer than a client keeps them (fetch drops its own after about 4 s): with Node's 5 s,
  // a client whose timer ran late on a busy machine could send on a socket the server was closing (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => done());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;

  const fakeGoogle = setLocalEnvironment({
    url,
    appUrl: options.appUrl,
    dataDir,
    outboxDir,
    dynamoEndpoint: emulators.dynamoEndpoint,
    s3Endpoint: emulators.s3Endpoint,
    adminEmails: options.adminEmails,
  });
  if (fakeGoogle)
    running.fakeGoogle = createFakeGoogle(join(dataDir ?? join(outboxDir, '..'), 'fake-google'), fakeGoogle);
  resetConfig();
  resetDb();
  const twin = await startTwinUnlessOff(options, settings, { url, outboxDir, dataDir, emulators });
  running.twin = twin;
  setJobScopes(twin);

  const created = await ensureTable(emulators.dynamoEndpoint);
  await ensureBuckets(emulators.s3Endpoint);
  const seedMode = options.seed ?? (created ? 'demo' : 'none');
  const seeded = seedMode === 'demo' ? await seedDemo() : null;
  // The demo's home values, and a data directory from before them: FHFA's index stored from the files above.
  if (seeded || dataDir) await syncHomeValuesIfEmpty();
  // The import job's queue: kept under DATA_DIR, so an import cut by a stop or a crash continues at the next start.
  const importQueue = startLocalImportQueue({
    dir: dataDir ? join(dataDir, 'queues', 'imports') : undefined,
    onError: (error) =>
      process.stderr.write(`import job failed: ${error instanceof Error ? error.stack : String(error)}\n`),
  });
  const stopInboundEmail = watchInboundEmail(inboundEmailDir, (error) =>
    process.stderr.write(`inbound e-mail failed: ${error instanceof Error ? error.stack : String(error)}\n`),
  );
  const stopReminders =
    (options.hourlyReminders ?? dataDir !== undefined)
      ? startHourlyReminders((error) =>
          process.stderr.write(`reminders job failed: ${error instanceof Error ? error.stack : String(error)}\n`),
        )
      : () => undefined;
  // The Google reviews sync at half past each hour, with the reminders (on with a data directory).
  const stopReviewsSync =
    (options.hourlyReminders ?? dataDir !== undefined)
      ? startHourlyReviewsSync((error) =>
          process.stderr.write(`reviews sync failed: ${error instanceof Error ? error.stack : String(error)}\n`),
        )
      : () => undefined;
  // The calendars a client change marked, written to Google every two minutes (with the hourly jobs).
  const stopCalendarOut =
    (options.hourlyReminders ?? dataDir !== undefined)
      ? startCalendarOut((error) =>
          process.stderr.write(`calendar-out failed: ${error instanceof Error ? error.stack : String(error)}\n`),
        )
      : () => undefined;

  return {
    url,
    port,
    outboxDir,
    fakeGoogleDir: running.fakeGoogle?.dir,
    inboundEmailDir,
    emulators,
    twin,
    seeded,
    async close() {
      stopReminders();
      stopReviewsSync();
      stopCalendarOut();
      await stopInboundEmail();
      await importQueue.close();
      setJobScopes(undefined);
      await twin?.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await emulators.close();
    },
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  webDir: string,
  pageHeaders: Record<string, string>,
  twin: Twin | undefined,
  fakeGoogle: FakeGoogle | undefined,
  hpiDir: string,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith(HPI_FILES_PREFIX) && handleHpiFile(req, res, url, hpiDir)) return;
  if (fakeGoogle && url.pathname.startsWith(FAKE_GOOGLE_PREFIX) && (await fakeGoogle.handle(req, res, url))) return;
  if (url.pathname.startsWith(SIMULATOR_PREFIX) && (await handlePaymentSimulator(req, res, url))) return;
  if (url.pathname.startsWith(SIMULATOR_PREFIX) && (await handleJobTrigger(req, res, url))) return;
  const method = (req.method ?? 'GET').toUpperCase();
  // Under the twin, the distribution's first behaviour whose path pattern matches takes the request, as in CloudFront;
  // without it, /api/* and /r/* (the tracked review link) are the API's, as the stack has them.
  const behavior = twin ? behaviorFor(twin.model.edge, url.pathname) : undefined;
  if (behavior && !behavior.allowedMethods.includes(method)) return writeMethodRefused(res);
  const toApi = behavior
    ? behavior.origin === 'api'
    : url.pathname.startsWith('/api/') || url.pathname === '/api' || url.pathname.startsWith('/r/');
  if (!toApi) {
    if (method !== 'GET' && method !== 'HEAD') return writeJson(res, 405, { message: 'Method not allowed' });
    // Under the twin, the behaviour's viewer-request function picks the file, as CloudFront asks S3 for it.
    const path = behavior
      ? viewerRequestUri(behavior.viewerRequestSource, url.pathname, method, url.searchParams)
      : url.pathname;
    return serveStatic(webDir, path, res, pageHeaders, req.headers['accept-encoding']);
  }
  const found = findRoute(method, url.pathname);
  if (!('route' in found)) return writeGatewayAnswer(res, found);
  const body = await readBody(req);
  if (body === null)
    return writeGatewayAnswer(res, {
      status: 413,
      body: { message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' },
    });
  const scope: FunctionScope | undefined = twin?.scopeFor(`${found.route.method} ${found.route.path}`);
  // What API Gateway gets from CloudFront: the headers, cookies and query strings the behaviour's policies list.
  const forwarded =
    twin && behavior
      ? originRequest(
          { headers: req.headers, url },
          behavior,
          twin.originHeaders(behavior),
          `${req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1'}:${req.socket.remotePort ?? 0}`,
        )
      : { headers: req.headers, url };
  const event = toHttpApiEvent(req, forwarded.url, body, found.route, found.params, forwarded.headers);
  writeHttpApiResult(res, await invokeRoute(found, event, scope));
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => done(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', fail);
  });
}

/** CloudFront's answer to a method the behaviour does not allow (a POST to a page, to /r/*). */
function writeMethodRefused(res: ServerResponse): void {
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    'This distribution is not configured to allow the HTTP request method that was used for this request. ' +
      'The distribution supports only cachable requests.',
  );
}

function writeJson(res: ServerResponse, status: number, body: GatewayAnswer['body']): void {
  writeGatewayAnswer(res, { status, body });
}

function writeGatewayAnswer(res: ServerResponse, answer: GatewayAnswer): void {
  writeHttpApiResult(res, gatewayResult(answer));
}

async function startTwinUnlessOff(
  options: LocalRuntimeOptions,
  settings: RuntimeSettings,
  local: { url: string; outboxDir: string; dataDir: string | undefined; emulators: Emulators },
): Promise<Twin | undefined> {
  const asked = options.twin ?? process.env.HEARTH_TWIN !== '0';
  if (!asked) return undefined;
  const templateDir =
    typeof asked === 'object' && 'templateDir' in asked
      ? asked.templateDir
      : twinTemplateDir(process.env, { ...settings.context, ...(typeof asked === 'object' ? asked.context : {}) });
  const root = process.env.SESSION_SECRET!;
  const originVerify = persistentSecret(local.dataDir, 'origin-verify-secret');
  return startTwin({
    templateDir,
    appUrl: process.env.APP_URL!,
    names: { region: process.env.AWS_REGION!, tableName: TABLE_NAME, buckets: BUCKETS },
    overlay: {
      DYNAMODB_ENDPOINT: local.emulators.dynamoEndpoint,
      S3_ENDPOINT: local.emulators.s3Endpoint,
      AWS_REGION: process.env.AWS_REGION!,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      LOCAL_ORIGINS: process.env.LOCAL_ORIGINS ?? '',
      QUEUE_PROVIDER: 'memory',
      LOCAL_RUNTIME: '1',
    },
    ports: {
      MAIL_PROVIDER: 'outbox',
      SMS_PROVIDER: 'outbox',
      OUTBOX_DIR: local.outboxDir,
      INBOUND_EMAIL_DOMAIN: process.env.INBOUND_EMAIL_DOMAIN ?? LOCAL_INBOUND_EMAIL_DOMAIN,
      PAYMENT_PROVIDER: 'simulator',
      // Where Google is: the fake Google's paths, unless the developer set a client of their own (then Google's).
      GOOGLE_OAUTH_BASE_URL: '',
      GOOGLE_API_BASE_URL: '',
      // FHFA's index files: the runtime's own copies at /local/hpi, unless the developer points elsewhere.
      HPI_BASE_URL: '',
      // No KMS here: the refresh tokens are sealed with the local key (functions/integrations/token-sealing.ts).
      GOOGLE_TOKEN_KEY_ARN: '',
      // The AI port: which composer, and where an OpenAI-compatible one listens (a developer's Ollama, a test server).
      AI_PROVIDER: 'local',
      AI_BASE_URL: '',
      AI_MODEL: '',
    },
    secretValue: (logicalId) => {
      if (logicalId.startsWith('DataSessionSecret')) return root;
      if (logicalId.startsWith('PurposeKeysUnsubscribeSigningKey'))
        return purposeKeysSecretValue(parseRootSecret(root), 'unsubscribe');
      if (logicalId.startsWith('WebOriginVerifySecret')) return originVerify;
      // The provider keys an operator puts into the stack's secrets: here, the process's settings at each read.
      return providerSecretValue(logicalId, process.env) ?? '{}';
    },
    liveSettings: settings.live ? LIVE_SETTINGS : undefined,
  });
}

/** The deploy the runtime's twin runs: its -c values, and whether tests change the operator's settings live. */
type RuntimeSettings = { context: Record<string, string>; live: boolean };

/**
 * The developer's settings as a deploy gives them (`npm start`), or the test deploy; checked before anything starts, so
 * a Stripe key without our price, or any setting the functions would refuse, stops the start saying why.
 */
function runtimeSettings(options: LocalRuntimeOptions): RuntimeSettings {
  requireStripePrice(process.env);
  const live = options.liveSettings ?? process.env.HEARTH_TWIN === 'test';
  return live ? { context: { ...TEST_DEPLOY }, live } : { context: deployContextOf(process.env), live };
}

async function tempDir(): Promise<string> {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  return mkdtemp(join(tmpdir(), 'hearthside-'));
}
