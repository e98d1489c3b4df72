// The built local runtime, dist/local/server.mjs (what `npm start` runs), for the tests that start it as a process:
// built again only when older than the code it bundles (CI's `npm test` builds it before Jest; a developer's edit
// since then is rebuilt here, once), started with the test deploy's settings and stopped by a signal.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_SETTINGS } from '../local/twin/deploy-settings';

const root = join(__dirname, '..', '..');
const BUNDLE = join(root, 'dist', 'local', 'server.mjs');
/** What the bundle is made of (tests left out, as the build leaves them out). */
const SOURCES = ['functions', 'shared'];
const CONFIG = ['tsconfig.json', 'package.json', 'scripts/build.mjs'];

function newestSourceMtime(): number {
  const files = SOURCES.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => join(root, dir, name)),
  );
  return Math.max(...[...files, ...CONFIG.map((name) => join(root, name))].map((file) => statSync(file).mtimeMs));
}

/** The path of dist/local/server.mjs, built first when missing or stale. */
export function localServerBundle(): string {
  if (existsSync(BUNDLE) && statSync(BUNDLE).mtimeMs >= newestSourceMtime()) return BUNDLE;
  // Built beside it and renamed into place: a test file starting it meanwhile (another Jest worker) reads a whole one.
  const staging = join(root, 'dist', 'local', `.staging-${process.pid}`);
  try {
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `await (await import('./scripts/build.mjs')).buildLocal({ outdir: ${JSON.stringify(staging)} });`,
      ],
      { cwd: root },
    );
    renameSync(join(staging, 'server.mjs'), BUNDLE);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return BUNDLE;
}

export type ServerProcess = { child: ChildProcess; url: string; output: () => string };

/**
 * `npm start` (the bundle, built when stale) with the test deploy's settings (Jest's global setup keeps their template
 * synthesized, so no start waits for one) and `env`'s, on a free port: once it listens, failing after `timeoutMs`. An
 * empty data directory is seeded before the server listens (the demo's year takes seconds).
 */
export function startServerProcess(env: Record<string, string>, { timeoutMs = 60_000 } = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [localServerBundle()], {
    cwd: root,
    env: { ...process.env, ...TEST_SETTINGS, PORT: '0', ...env },
  });
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done({ child, url: match[1]!, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** Stops the server with `signal`: its exit code, or the signal that ended it without its own shutdown. */
export function stopServerProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<number | string> {
  return new Promise((done) => {
    child.removeAllListeners('exit');
    child.once('exit', (code, killedBy) => done(code ?? `ended by ${killedBy}`));
    child.kill(signal);
  });
}
