// Fails loudly, with the install hint, when the browser suite cannot run here.
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
if (!candidates.some((p) => existsSync(p))) {
  console.error('The browser suite needs Chromium, which is not installed.\n  Install it with: apt-get install -y chromium\n  (or point CHROMIUM_PATH at a Chromium binary)');
  process.exit(1);
}
