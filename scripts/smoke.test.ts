// CI runs the post-deploy smoke checks against the local runtime as the stack's twin: what
// `npm run smoke -- --url` asks of a deployment, asked of the template's edge and functions here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { twinTemplateDir } from '../functions/local/twin/template-dir';
import { startTestApi, type TestApi } from '../functions/testing/local-api';
import { runSmoke } from './smoke-checks';

describe('npm run smoke, against the twin', () => {
  let api: TestApi;
  // A stand-in for the web build (the unit tests run before it): the shell and one script big enough to compress.
  const webDir = mkdtempSync(join(tmpdir(), 'hearth-smoke-web-'));
  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    const shell = '<!doctype html><div id="root"></div><script type="module" src="/assets/main-1.js"></script>';
    writeFileSync(join(webDir, 'index.html'), shell);
    writeFileSync(join(webDir, 'assets', 'main-1.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    api = await startTestApi({ twin: { templateDir: twinTemplateDir() }, webDir });
  }, 120_000);
  afterAll(async () => {
    await api.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('passes every check', async () => {
    const checks = await runSmoke(api.url);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.length).toBeGreaterThanOrEqual(10);
  });

  describe('--sign-up', () => {
    it('registers a throwaway account, checks its session and a client write, then closes it', async () => {
      // Prepare
      const email = `success+hearth-smoke-${Date.now()}@simulator.amazonses.com`;
      // Act
      const checks = await runSmoke(api.url, { signUp: { email } });
      // Assess
      const signUp = checks.filter((c) => c.name.startsWith('sign-up:'));
      expect(signUp.filter((c) => !c.ok)).toEqual([]);
      expect(signUp.map((c) => c.name)).toEqual([
        `sign-up: POST /api/register creates ${email} and signs it in`,
        'sign-up: the mail provider accepts the verification e-mail (resend answers 202)',
        'sign-up: GET /api/user answers the new account',
        'sign-up: a client is written (POST /api/clients) and read back (GET /api/clients/{id})',
        'sign-up: DELETE /api/user closes the account',
        'sign-up: the closed account’s session is refused',
      ]);
      // The mail went out (the registration's link and the one asked again), and the account closed for real: its
      // confirmation was mailed, and its address is free to register again.
      const mail = (await api.outbox()).filter((message) => message.to === email);
      expect(mail.filter((message) => /verify/i.test(message.subject ?? ''))).toHaveLength(2);
      expect(mail.filter((message) => /account is closed/i.test(message.subject ?? ''))).toHaveLength(1);
      const again = await fetch(`${api.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(api.url).origin },
        body: JSON.stringify({
          username: email,
          password: 'a-long-enough-password',
          fullName: 'Again',
          phone: '+1 555 000 0001',
        }),
      });
      expect(again.status).toBe(201);
    });

    it('reports a registration the deployment refuses, and checks nothing that needs the account', async () => {
      // Act
      const checks = await runSmoke(api.url, { signUp: { email: 'not-an-address' } });
      // Assess
      const signUp = checks.filter((c) => c.name.startsWith('sign-up:'));
      expect(signUp).toEqual([
        {
          name: 'sign-up: POST /api/register creates not-an-address and signs it in',
          ok: false,
          detail: expect.stringMatching(/^status 400/),
        },
      ]);
    });
  });
});
