// Draws the app's PNG icons (web/public/icons) from its mark, web/public/favicon.svg, in Chromium:
// 192 and 512 px as they are (rounded tile), and a maskable 512 px whose tile fills the square and
// whose house sits inside the central 80 % a launcher's mask keeps. Run by hand when the mark
// changes: `node scripts/make-icons.mjs`; the PNGs are committed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mark = readFileSync(join(root, 'web/public/favicon.svg'), 'utf8').replace(/<title>[^<]*<\/title>/, '');
const tile = /<rect[^>]*fill="([^"]+)"/.exec(mark)[1];
const outdir = join(root, 'web/public/icons');

const page = (size, maskable) => {
  const inner = maskable ? Math.round(size * 0.72) : size;
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? tile : 'transparent'}">
    <div style="width:${inner}px;height:${inner}px">${mark.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>
  </body></html>`;
};

const launch = JSON.parse(
  execFileSync(process.execPath, [join(root, 'scripts/check-chromium.mjs'), '--json'], { encoding: 'utf8' }),
);
const browser = await chromium.launch({
  executablePath: launch.executablePath,
  args: launch.args,
  env: { ...process.env, ...launch.env },
});
mkdirSync(outdir, { recursive: true });
for (const [file, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
]) {
  const tab = await browser.newPage({ viewport: { width: size, height: size } });
  await tab.setContent(page(size, maskable));
  await tab.screenshot({ path: join(outdir, file), omitBackground: !maskable });
  await tab.close();
}
await browser.close();
console.log(`Wrote ${outdir}`);
