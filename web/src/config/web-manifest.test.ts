import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brand } from '@/theme/create-theme';
import { APP_ICONS, webManifest } from './web-manifest';

const publicDir = join(__dirname, '../../public');

/** A PNG's width and height, from its IHDR chunk (bytes 16 to 24). */
function pngSize(file: string): { width: number; height: number } {
  const data = readFileSync(file);
  expect(data.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

describe('the web app manifest', () => {
  it('installs as a standalone app that opens on Today, in the theme colours', () => {
    expect(webManifest).toMatchObject({
      name: expect.stringContaining('Hearthside'),
      short_name: 'Hearthside',
      start_url: '/today',
      scope: '/',
      display: 'standalone',
      theme_color: brand.teal,
      background_color: brand.canvas,
    });
    expect(webManifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it('has PNG icons of 192 and 512 px, one maskable, each the size it says', () => {
    const sizes = APP_ICONS.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(APP_ICONS.filter((icon) => icon.purpose === 'maskable')).toHaveLength(1);
    for (const icon of APP_ICONS) {
      expect(icon.type).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(join(publicDir, icon.src))).toEqual({ width, height });
    }
  });

  it('has shortcuts to Today, Clients and Inbox', () => {
    expect(webManifest.shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
      { name: 'Today', url: '/today' },
      { name: 'Clients', url: '/clients' },
      { name: 'Inbox', url: '/inbox' },
    ]);
  });
});
