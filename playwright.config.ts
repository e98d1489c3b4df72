// The browser suite: the system's Chromium, or the one inside the npm package @sparticuz/chromium
// where there is none (never a browser download), against the local runtime, started on its own
// port with a fresh temporary DATA_DIR and no demo data.
import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunch } from './web/e2e/support/chromium';
import { ADMIN_EMAIL } from './web/e2e/support/env';

// Evaluated in the runner and again in each worker: the first sets these, the workers inherit them.
process.env.E2E_PORT ??= String(4300 + Math.floor(Math.random() * 500));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'hearthside-e2e-'));

const port = Number(process.env.E2E_PORT);
const chromium = chromiumLaunch();
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './web/e2e',
  outputDir: './test-results/e2e',
  fullyParallel: true,
  // Three on CI's two cores: a test often waits (on the browser, the local runtime's jobs, a poll), and a third worker
  // fills those waits (the suite took about a tenth less time than with two).
  workers: 3,
  retries: 0,
  forbidOnly: true,
  timeout: 45_000,
  // Two browsers and the local runtime share two cores: a first paint can wait on the other worker.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // A trace only where someone can open it: CI keeps no artifacts, and recording one (screencast frames, DOM
    // snapshots) cost the suite a quarter of its CPU.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // As a user who asks for less motion: the theme then shortens every transition to 0.01 ms, so no step waits on a
    // fade or a slide (the accessibility spec: 71 s of CPU instead of 78 s).
    reducedMotion: 'reduce',
    // No service worker but in the specs about it (pwa.spec.ts allows it): installing one precaches the whole app,
    // 170 files, in every test's fresh browser, and the app works the same without one.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium.executablePath,
      env: { ...process.env, ...chromium.env },
      args: [
        ...chromium.args,
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node dist/local/server.mjs',
    url: `${baseURL}/api/user`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED: 'none',
      // scrypt at N=2^10, as in Jest (the cost is stored with each hash): the suite registers and signs in about a
      // hundred agents, and at the production N=2^17 each hash is ~128 MB and a third of a second of a core.
      PASSWORD_HASH_COST: '10',
      ADMIN_EMAILS: ADMIN_EMAIL,
      LOG_LEVEL: 'warn',
      // The suite registers many agents from 127.0.0.1.
      REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
      REGISTRATIONS_PER_HOUR: '1000000',
      // The sending review judges an agent from two client e-mails (50 by default), so a spec pauses one with a
      // bounce of two real e-mails; no other spec delivers SES events.
      SENDING_REVIEW_MIN_EMAILS: '2',
      // The test deploy's template (the build keeps it synthesized): the settings above reach its functions live.
      HEARTH_TWIN: 'test',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  },
});
