// The post-deploy smoke checks (scripts/smoke.ts runs them): what a deploy must answer, checked from outside with
// plain HTTP (no account, no browser): the app shell, the API refusing an anonymous /api/user, the
// public realtor directory, an unsubscribe link's page (token in the fragment, and an old link
// with dots in its path), the calendar feed's 404 for a wrong secret, the security headers, and
// compression. scripts/smoke.test.ts runs the same checks against the local twin in CI.
export type SmokeCheck = { name: string; ok: boolean; detail: string };

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

export async function runSmoke(baseUrl: string): Promise<SmokeCheck[]> {
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
  return checks;
}
