// The operator settings (environment variables) a test changes, and the configuration re-read after each change.
import { resetConfig } from '../config';

/** Sets each of these variables (undefined: unsets it), then re-reads the configuration. */
export function applySettings(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfig();
}

/**
 * For a file whose tests change some settings: the setter it answers sets them (applySettings), and after each test
 * every setting named in `after` is back to its value there (undefined: unset).
 */
export function useSettings<Name extends string>(
  after: Record<Name, string | undefined>,
): (values: Partial<Record<Name, string>>) => void {
  afterEach(() => applySettings(after));
  return applySettings;
}

/**
 * For a file that gives each test an environment of its own: the setter it answers makes process.env the one the file
 * started with, `base` and the test's own values over it, and re-reads the configuration (then runs `reset`, for what
 * was built from it); after the file, the environment it started with is back.
 */
export function useOwnEnvironment(
  base: Record<string, string>,
  reset: () => void = () => {},
): (values?: Record<string, string>) => void {
  const started = { ...process.env };
  afterAll(() => {
    process.env = started;
    resetConfig();
  });
  return (values = {}) => {
    process.env = { ...started, ...base, ...values };
    resetConfig();
    reset();
  };
}
