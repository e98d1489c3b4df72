// Which Chromium the browser suite gets: the system's when there is one, else the one inside
// @sparticuz/chromium, which must start and render on a machine without Chromium's libraries.
import { chromium } from '@playwright/test';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumLaunch } from '../web/e2e/support/chromium';

const script = join(__dirname, 'check-chromium.mjs');

function resolve(env: Record<string, string | undefined>) {
  const result = spawnSync(process.execPath, [script, '--json'], {
    env: { ...process.env, HEARTH_CHROMIUM: undefined, CHROMIUM_PATH: undefined, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the browser suite Chromium', () => {
  afterEach(() => {
    delete process.env.HEARTH_CHROMIUM;
    delete process.env.HEARTH_CHROMIUM_RESOLVED;
  });

  it('prefers the system Chromium named by CHROMIUM_PATH, with no flags or environment of its own', () => {
    const { status, stdout } = resolve({ CHROMIUM_PATH: process.execPath });
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ source: 'system', executablePath: process.execPath, args: [], env: {} });
  });

  it('refuses an unknown HEARTH_CHROMIUM with the ways to get a browser', () => {
    const { status, stderr } = resolve({ HEARTH_CHROMIUM: 'firefox' });
    expect(status).toBe(1);
    expect(stderr).toContain('HEARTH_CHROMIUM must be auto, system or bundled, not "firefox".');
    expect(stderr).toContain('@sparticuz/chromium');
  });

  it('unpacks the packaged Chromium with its own libraries, without the flags that relax web security', () => {
    const { status, stdout } = resolve({ HEARTH_CHROMIUM: 'bundled', CHROMIUM_PATH: process.execPath });
    expect(status).toBe(0);
    const launch = JSON.parse(stdout) as {
      source: string;
      executablePath: string;
      args: string[];
      env: Record<string, string>;
    };
    expect(launch.source).toBe('@sparticuz/chromium');
    expect(launch.args).toEqual(expect.arrayContaining(['--no-sandbox']));
    expect(launch.args).not.toEqual(expect.arrayContaining(['--disable-web-security']));
    expect(launch.args).not.toEqual(expect.arrayContaining(['--single-process']));
    // No GPU emulated on the CPU (SwiftShader): the suite composites in software.
    expect(launch.args.filter((flag) => /swiftshader|use-gl|in-process-gpu/.test(flag))).toEqual([]);
    const libraries = launch.env.LD_LIBRARY_PATH!.split(':')[0]!;
    expect(existsSync(join(libraries, 'libnss3.so'))).toBe(true);
    expect(
      execFileSync(launch.executablePath, ['--version'], { env: { ...process.env, ...launch.env }, encoding: 'utf8' }),
    ).toMatch(/^Chromium 153\./);
  });

  it('drives the packaged Chromium through Playwright and renders text in its own font', async () => {
    process.env.HEARTH_CHROMIUM = 'bundled';
    delete process.env.HEARTH_CHROMIUM_RESOLVED;
    const launch = chromiumLaunch();
    expect(launch.source).toBe('@sparticuz/chromium');
    const browser = await chromium.launch({
      executablePath: launch.executablePath,
      args: [...launch.args, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      env: { ...process.env, ...launch.env },
    });
    try {
      const page = await browser.newPage();
      await page.setContent('<h1>Hearthside</h1>');
      expect(await page.getByRole('heading', { name: 'Hearthside' }).textContent()).toBe('Hearthside');
      // Drawn with the package's own font (Open Sans), found through the FONTCONFIG_PATH it is given.
      const cdp = await page.context().newCDPSession(page);
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
      await cdp.send('CSS.enable');
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      expect(fonts.map((font) => font.familyName)).toEqual(['Open Sans']);
    } finally {
      await browser.close();
    }
  });
});
