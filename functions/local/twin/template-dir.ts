// The synthesized template the twin runs: HEARTH_TEMPLATE_DIR when given (a test's modified copy),
// else cdk.out/twin, synthesized here when it is missing or older than anything that shapes it
// (infra/, the route and job tables, functions/config.ts, cdk.json). Synthesized without the bundles
// and without cdk-nag (HEARTH_SYNTH_CODE=inline): the twin reads templates, never code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The checkout: the local runtime runs from it (`npm start`, the tests), as it finds dist/web there.
const root = process.cwd();
const SHAPING = ['infra', 'functions/routes.ts', 'functions/jobs/jobs.ts', 'functions/config.ts', 'cdk.json'];

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

/** A directory holding a synthesized assembly for the twin; synthesizes cdk.out/twin when needed. */
export function twinTemplateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HEARTH_TEMPLATE_DIR?.trim()) return resolve(env.HEARTH_TEMPLATE_DIR.trim());
  const dir = join(root, 'cdk.out', 'twin');
  const manifest = join(dir, 'manifest.json');
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= Math.max(...SHAPING.map(newestMtime))) return dir;
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'infra/app.ts'], {
    cwd: root,
    // No account or region: the environment-agnostic template, as `npx cdk synth` without credentials.
    env: { ...withoutAwsEnvironment(process.env), CDK_OUTDIR: dir, HEARTH_SYNTH_CODE: 'inline' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`Synthesizing the stack for the twin failed:\n${result.stderr}`);
  return dir;
}

function withoutAwsEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { CDK_DEFAULT_REGION: _region, CDK_DEFAULT_ACCOUNT: _account, ...rest } = env;
  return rest;
}
