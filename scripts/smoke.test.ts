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
});
