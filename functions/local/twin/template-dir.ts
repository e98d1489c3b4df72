// The synthesized template the twin runs: HEARTH_TEMPLATE_DIR when given (a test's modified copy),
// else cdk.out/twin, synthesized here when it is missing or older than anything that shapes it
// (infra/, the route and job tables, functions/config.ts, cdk.json, the prerendered pages). Synthesized without the
// bundles and without cdk-nag (HEARTH_SYNTH_CODE=inline): the twin reads templates, never code. About 5 s on
// one core (a fresh clone, or after a change to infra/); `npm run build` does it, so a test run and
// `npm start` on a warm checkout only compare times.
//
// Parallel Jest workers may all find it stale at once: one takes a lock (a directory, made or not
// made atomically) and synthesizes into a staging directory renamed into place, the others wait for
// it and read its copy; a lock older than a minute is a crashed run's and is taken over.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TEST_DEPLOY } from './deploy-settings';

// The checkout: the local runtime runs from it (`npm start`, the tests), as it finds dist/web there.
const root = process.cwd();
const SHAPING = [
  'infra',
  'functions/routes.ts',
  'functions/jobs/jobs.ts',
  'functions/config.ts',
  'cdk.json',
  'functions/local/twin/template-dir.ts',
  // The pages with HTML of their own, which CloudFront's viewer-request function maps (constructs/spa-fallback.ts).
  'shared/prerendered-pages.ts',
];

/**
 * What every twin template is deployed with, as a deploy that sends mail is: an SES identity (the local runtime's
 * sender's domain), so the functions' mail rights are the stack's, checked on every send.
 */
export const TWIN_BASE_CONTEXT: Readonly<Record<string, string>> = {
  sesIdentity: 'localhost',
  mailFrom: 'Hearthside <no-reply@localhost>',
  // The local runtime receives replies at reply.localhost (its INBOUND_EMAIL_DOMAIN): the stack's receipt rule for it
  // is what delivers them to jobs/inbound-email.
  inboundEmailDomain: 'reply.localhost',
};
const STALE_LOCK_MS = 60_000;

function newestMtime(path: string): number {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(
    info.mtimeMs,
    ...readdirSync(full)
      .filter((name) => !name.endsWith('.test.ts'))
      .map((name) => newestMtime(join(path, name))),
  );
}

/**
 * The other deploy the tests run besides the test deploy (TEST_DEPLOY, with which they run it): every optional provider
 * set up with -c (texts through Twilio, the Pro price named), for the routes whose code differs with them (the Twilio
 * webhook, the Stripe price check).
 */
export const CONFIGURED_DEPLOY: Readonly<Record<string, string>> = {
  smsProvider: 'twilio',
  stripePriceId: 'price_1HearthsideProTest',
};

/**
 * The templates kept ready: the default deploy's (`npm start` without settings), the test deploy's and the test deploy
 * configured (what every test file runs, functions/testing/local-api.ts).
 */
export const PREPARED_DEPLOYS: readonly Readonly<Record<string, string>>[] = [
  {},
  TEST_DEPLOY,
  { ...TEST_DEPLOY, ...CONFIGURED_DEPLOY },
];

/**
 * The prepared deploys' templates, each synthesized when stale, side by side (one process each): the build and Jest's
 * global setup run it, so no test waits for a synthesis.
 */
export async function synthesizeTwinTemplates(): Promise<void> {
  const code =
    "require('./functions/local/twin/template-dir.ts').twinTemplateDir({}, JSON.parse(process.env.TWIN_CONTEXT))";
  await Promise.all(
    PREPARED_DEPLOYS.map(
      (context) =>
        new Promise<void>((done, fail) => {
          const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '-e', code], {
            cwd: root,
            env: { ...process.env, TWIN_CONTEXT: JSON.stringify(context) },
            stdio: ['ignore', 'inherit', 'inherit'],
          });
          child.on('error', fail);
          child.on('close', (status) =>
            status === 0
              ? done()
              : fail(new Error(`Synthesizing the twin's template failed (${JSON.stringify(context)})`)),
          );
        }),
    ),
  );
}

/**
 * A directory holding a synthesized assembly for the twin; synthesizes cdk.out/twin when needed. `context` is what a
 * deploy would pass with -c (`{ smsProvider: 'twilio' }`): that stack is cdk.out/twin-smsProvider-twilio, kept alike
 * (a context too long or not plain enough for a name is cdk.out/twin-<its hash>).
 */
export function twinTemplateDir(env: NodeJS.ProcessEnv = process.env, context: Record<string, string> = {}): string {
  if (env.HEARTH_TEMPLATE_DIR?.trim()) return resolve(env.HEARTH_TEMPLATE_DIR.trim());
  const dir = join(root, 'cdk.out', `twin${variantName(context)}`);
  const manifest = join(dir, 'manifest.json');
  const lock = `${dir}.lock`;
  mkdirSync(join(root, 'cdk.out'), { recursive: true });
  for (;;) {
    if (isFresh(manifest)) return dir;
    if (takeLock(lock)) break;
    sleep(200);
  }
  try {
    if (!isFresh(manifest)) synthesize(dir, context);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return dir;
}

/** The directory name's suffix for a context: its keys and values when short and plain, else a hash of them. */
function variantName(context: Record<string, string>): string {
  const entries = Object.entries(context).sort(([a], [b]) => a.localeCompare(b));
  const readable = entries.map(([key, value]) => `-${key}-${value}`).join('');
  if (readable.length <= 100 && entries.every(([, value]) => /^[\w.]+$/.test(value))) return readable;
  return `-${createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16)}`;
}

function synthesize(dir: string, context: Record<string, string>): void {
  // What `npx cdk synth` hands the app: cdk.json's context (the feature flags shape the policies), then the -c values.
  const flags = (JSON.parse(readFileSync(join(root, 'cdk.json'), 'utf8')) as { context?: object }).context ?? {};
  const staging = `${dir}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'infra/app.ts'], {
    cwd: root,
    // No account or region: the environment-agnostic template, as `npx cdk synth` without credentials.
    env: {
      ...withoutAwsEnvironment(process.env),
      CDK_OUTDIR: staging,
      CDK_CONTEXT_JSON: JSON.stringify({ ...flags, ...TWIN_BASE_CONTEXT, ...context }),
      HEARTH_SYNTH_CODE: 'inline',
      // The twin reads the template; CDK's own CloudFormation validation (stack.test.ts runs it) and the stack traces
      // of construct metadata are a third of a synthesis here, and nothing of them reaches the template.
      CDK_VALIDATION: 'false',
      CDK_DISABLE_STACK_TRACE: '1',
    },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`Synthesizing the stack for the twin failed:\n${result.stderr}`);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
}

function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
    } catch {
      // Released meanwhile.
    }
    return false;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isFresh(manifest: string): boolean {
  return existsSync(manifest) && statSync(manifest).mtimeMs >= Math.max(...SHAPING.map(newestMtime));
}

function withoutAwsEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { CDK_DEFAULT_REGION: _region, CDK_DEFAULT_ACCOUNT: _account, ...rest } = env;
  return rest;
}
