// The Chromium to launch, as scripts/check-chromium.mjs resolves it: the system's, or the one inside
// @sparticuz/chromium on a machine without one. Synchronous because playwright.config.ts is, so the
// (asynchronous) unpacking runs in a child process; the answer is kept in the environment, which
// Playwright's workers inherit when they evaluate the config again.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export type ChromiumLaunch = {
  source: 'system' | '@sparticuz/chromium';
  executablePath: string;
  /** The bundled browser's own flags (none for the system's), to put before the caller's. */
  args: string[];
  /** Added to the browser's environment (the bundled browser's libraries and fonts). */
  env: Record<string, string>;
};

const RESOLVED = 'HEARTH_CHROMIUM_RESOLVED';

export function chromiumLaunch(): ChromiumLaunch {
  process.env[RESOLVED] ??= execFileSync(
    process.execPath,
    [join(__dirname, '../../../scripts/check-chromium.mjs'), '--json'],
    {
      encoding: 'utf8',
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(process.env[RESOLVED]) as ChromiumLaunch;
}
