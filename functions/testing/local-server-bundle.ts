// The built local runtime, dist/local/server.mjs (what `npm start` runs), for the tests that start it as a process:
// built again only when older than the code it bundles (CI's `npm test` builds it before Jest; a developer's edit
// since then is rebuilt here, once).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
