// Which Chromium the browser suite and the Lighthouse bench drive, resolved before Playwright starts
// (`npm run test:e2e`) and again by web/e2e/support/chromium.ts, which runs this with `--json`.
// The system's Chromium when there is one (CHROMIUM_PATH, then the usual install paths); otherwise the
// Chromium shipped inside the npm package @sparticuz/chromium (a dev dependency, no install script),
// unpacked into the temporary directory on first use, so `npm ci && npm test` needs nothing but Node.
// HEARTH_CHROMIUM=bundled skips the system lookup (to prove the bare-machine path on any machine);
// HEARTH_CHROMIUM=system refuses the bundled one.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SYSTEM_PATHS = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter(Boolean);
// The package's flags are for a serverless sandbox; these would make the browser enforce less than a
// user's does (same-origin policy, mixed content, site isolation) or run every page in one process.
const DROPPED_FLAGS = [
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--single-process',
  // GL through SwiftShader, a GPU emulated on the CPU: the app draws no WebGL, and compositing every frame through
  // it cost the browser suite a quarter of its CPU. Without them (and with --disable-gpu) Chromium composites in
  // software, as on a machine without a GPU.
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--in-process-gpu',
  '--ignore-gpu-blocklist',
];
const HINT =
  'Run npm ci (its dev dependency @sparticuz/chromium ships a Chromium), install one (apt-get install -y chromium), or point CHROMIUM_PATH at a Chromium binary.';

function fail(message) {
  console.error(`${message}\n  ${HINT}`);
  process.exit(1);
}

function system() {
  const executablePath = SYSTEM_PATHS.find((path) => existsSync(path));
  return executablePath && { source: 'system', executablePath, args: [], env: {} };
}

async function bundled() {
  let pkg;
  try {
    pkg = await import('@sparticuz/chromium');
  } catch (error) {
    fail(`@sparticuz/chromium could not be loaded (${error.message}).`);
  }
  const chromium = pkg.default;
  const executablePath = await chromium.executablePath();
  // Its own NSS and expat (the package's Amazon Linux libraries), so it starts on a machine that has
  // none of Chromium's libraries; fontconfig reads the fonts the package unpacked.
  const bin = join(fileURLToPath(import.meta.resolve('@sparticuz/chromium')), '../../bin');
  const libraries = await pkg.inflate(join(bin, 'al2023.tar.br'));
  return {
    source: '@sparticuz/chromium',
    executablePath,
    args: chromium.args.filter((flag) => !DROPPED_FLAGS.includes(flag)),
    env: {
      LD_LIBRARY_PATH: [join(libraries, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_PATH: join(tmpdir(), 'fonts'),
    },
  };
}

async function resolveChromium() {
  const mode = process.env.HEARTH_CHROMIUM ?? 'auto';
  if (!['auto', 'system', 'bundled'].includes(mode))
    fail(`HEARTH_CHROMIUM must be auto, system or bundled, not "${mode}".`);
  const found = mode === 'bundled' ? undefined : system();
  if (found) return found;
  if (mode === 'system') fail(`No system Chromium at ${SYSTEM_PATHS.join(', ')}.`);
  return bundled();
}

const launch = await resolveChromium();
if (process.argv.includes('--json')) {
  process.stdout.write(JSON.stringify(launch));
} else {
  console.log(`Browser suite: Chromium from ${launch.source}, ${launch.executablePath}`);
}
