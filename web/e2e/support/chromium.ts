// The system Chromium (Debian's package): the browser suite never downloads one.
import { existsSync } from 'node:fs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  const found = CANDIDATES.find((p): p is string => Boolean(p) && existsSync(p!));
  if (!found) {
    throw new Error('Chromium is not installed. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).');
  }
  return found;
}
