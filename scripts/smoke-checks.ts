// The post-deploy smoke checks (scripts/smoke.ts runs them): what a deploy must answer, checked from outside with
// plain HTTP (no browser): the app shell, the API refusing an anonymous /api/user, the
// public realtor directory, an unsubscribe link's page (token in the fragment, and an old link
// with dots in its path), the calendar feed's 404 for a wrong secret, the security headers, and
// compression. With `signUp`, a throwaway account too: registered (its verification e-mail accepted by the mail
// provider), its session, a client written and read back, then the account closed. scripts/smoke.test.ts runs the same
// checks against the local twin in CI.
import { randomBytes, randomInt } from 'node:crypto';

export type SmokeCheck = { name: string; ok: boolean; detail: string };

export type SmokeOptions = {
  /**
   * Register a throwaway account and close it again. `email`: its address, by default an SES mailbox simulator address
   * (`success+hearth-smoke-…@simulator.amazonses.com`: SES accepts it even in its sandbox, and it reaches nobody).
   */
  signUp?: boolean | { email?: string };
};

type Expectation = (res: Response, text: string) => string | undefined;

const SECURITY_HEADERS: Record<string, RegExp> = {
  'x-content-type-options': /^nosniff$/i,
  'x-frame-options': /^DENY$/i,
  'referrer-policy': /strict-origin-when-cross-origin/,
  'content-security-policy': /default-src 'self'/,
};

const isAppShell: Expectation = (res, text) =>
  res.status !== 200
    ? `status ${res.status}`
    : !/text\/html/.test(res.headers.get('content-type') ?? '')
      ? `content-type ${res.headers.get('content-type')}`
      : !text.includes('id="root"')
        ? 'no #root in the page'
        : undefined;

export async function runSmoke(baseUrl: string, options: SmokeOptions = {}): Promise<SmokeCheck[]> {
  const base = baseUrl.replace(/\/+$/, '');
  const https = base.startsWith('https://');
  const checks: SmokeCheck[] = [];
  const check = async (name: string, path: string, expect: Expectation, init: RequestInit = {}) => {
    try {
      const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
      const text = await res.text();
      const problem = expect(res, text);
      checks.push({ name, ok: problem === undefined, detail: problem ?? `${res.status}` });
      return res;
    } catch (error) {
      checks.push({ name, ok: false, detail: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  };

  const shell = await check('the app shell', '/', isAppShell);
  await check('a deep link is the app, not a 403 or 404', '/clients/some-client', isAppShell);
  await check('GET /api/user without a session is 401 JSON', '/api/user', (res, text) =>
    res.status !== 401 ? `status ${res.status}` : text.includes('"message"') ? undefined : 'not the error shape',
  );
  await check('the public realtor directory answers', '/api/public/agents?q=smoke-test-nobody', (res, text) =>
    res.status === 200 && /"agents":\[/.test(text) ? undefined : `status ${res.status}: ${text.slice(0, 80)}`,
  );
  await check('an unsubscribe link opens its page', '/unsubscribe#token=a.b.c', isAppShell);
  await check(
    'an older unsubscribe link (dots in the path) opens its page',
    '/unsubscribe/aGVhZA.cGF5bG9hZA.c2ln',
    isAppShell,
  );
  await check(
    'the List-Unsubscribe URI opened as a link leads to the page',
    '/api/unsubscribe/aGVhZA.cGF5bG9hZA.c2ln',
    (res) =>
      res.status === 303 && /\/unsubscribe#token=/.test(res.headers.get('location') ?? '')
        ? undefined
        : `status ${res.status}, location ${res.headers.get('location')}`,
  );
  await check('the calendar feed is 404 for a wrong secret', `/api/calendar/${'A'.repeat(43)}.ics`, (res) =>
    res.status === 404 ? undefined : `status ${res.status}`,
  );
  if (shell) {
    const missing = Object.entries(SECURITY_HEADERS)
      .filter(([name, pattern]) => !pattern.test(shell.headers.get(name) ?? ''))
      .map(([name]) => name);
    if (https && !/max-age=\d+/.test(shell.headers.get('strict-transport-security') ?? ''))
      missing.push('strict-transport-security');
    checks.push({
      name: 'the security headers',
      ok: missing.length === 0,
      detail: missing.length ? `missing ${missing.join(', ')}` : 'all present',
    });
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(await (await fetch(`${base}/`)).text())?.[1];
    await check(
      'text is sent compressed',
      script ?? '/',
      (res) =>
        /^(br|gzip)$/.test(res.headers.get('content-encoding') ?? '')
          ? undefined
          : `content-encoding ${res.headers.get('content-encoding')}`,
      { headers: { 'accept-encoding': 'br, gzip' } },
    );
  }
  if (options.signUp) {
    const email = (typeof options.signUp === 'object' && options.signUp.email) || throwawayAddress();
    checks.push(...(await signUpChecks(base, email)));
  }
  return checks;
}

const SIMULATOR_DOMAIN = 'simulator.amazonses.com';
const throwawayAddress = () => `success+hearth-smoke-${randomBytes(6).toString('hex')}@${SIMULATOR_DOMAIN}`;
/** A number of the unassigned 555 area code, different at each run (an account's phone is unique). */
const throwawayPhone = () => `+1 555 ${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

/**
 * The throwaway account's checks, in order; a failure stops the ones that need it. Once registered, the account is
 * closed whatever failed after (`DELETE /api/user` with its password), so a run leaves nothing behind.
 */
async function signUpChecks(base: string, email: string): Promise<SmokeCheck[]> {
  const checks: SmokeCheck[] = [];
  const password = randomBytes(18).toString('base64url');
  // State-changing requests are JSON from the app's own origin (the CSRF rule).
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: new URL(base).origin };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      redirect: 'manual',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Not JSON: the detail shows the text.
    }
    return { res, text, json };
  };
  /** Runs one check: its problem, or undefined when it passed; true when it passed. */
  const step = async (name: string, run: () => Promise<string | undefined>): Promise<boolean> => {
    let problem: string | undefined;
    try {
      problem = await run();
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    checks.push({ name, ok: problem === undefined, detail: problem ?? 'ok' });
    return problem === undefined;
  };
  const unexpected = (res: Response, text: string) => `status ${res.status}: ${text.slice(0, 120)}`;

  const registered = await step(`sign-up: POST /api/register creates ${email} and signs it in`, async () => {
    const { res, text } = await call('POST', '/api/register', {
      username: email,
      password,
      fullName: 'Hearthside Smoke Test',
      phone: throwawayPhone(),
    });
    if (res.status !== 201) return unexpected(res, text);
    const session = res.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-session='));
    if (!session) return 'no __Host-session cookie';
    headers.cookie = session.split(';')[0]!;
    return undefined;
  });
  if (!registered) return checks;
  try {
    await step('sign-up: the mail provider accepts the verification e-mail (resend answers 202)', async () => {
      const { res, text } = await call('POST', '/api/verify-email/resend');
      return res.status === 202 ? undefined : unexpected(res, text);
    });
    await step('sign-up: GET /api/user answers the new account', async () => {
      const { res, text, json } = await call('GET', '/api/user');
      if (res.status !== 200) return unexpected(res, text);
      return json.username === email ? undefined : `username ${String(json.username)}`;
    });
    await step('sign-up: a client is written (POST /api/clients) and read back (GET /api/clients/{id})', async () => {
      const name = `Smoke Client ${randomBytes(3).toString('hex')}`;
      const created = await call('POST', '/api/clients', {
        name,
        email: `client-${randomBytes(4).toString('hex')}@example.com`,
        phone: throwawayPhone(),
      });
      if (created.res.status !== 201) return unexpected(created.res, created.text);
      const read = await call('GET', `/api/clients/${encodeURIComponent(String(created.json.id))}`);
      if (read.res.status !== 200) return unexpected(read.res, read.text);
      return read.json.name === name ? undefined : `read back ${String(read.json.name)}`;
    });
  } finally {
    const closed = await step('sign-up: DELETE /api/user closes the account', async () => {
      const { res, text } = await call('DELETE', '/api/user', { password });
      return res.status === 202 ? undefined : unexpected(res, text);
    });
    if (closed)
      await step('sign-up: the closed account’s session is refused', async () => {
        const { res, text } = await call('GET', '/api/user');
        return res.status === 401 ? undefined : unexpected(res, text);
      });
  }
  return checks;
}
