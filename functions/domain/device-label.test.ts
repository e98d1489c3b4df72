import { deviceLabel } from './device-label';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const HOME_SCREEN_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const SAMSUNG_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';
const OPERA_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0';
const CHROME_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const FIREFOX_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const CHROME_CHROMEBOOK =
  'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('the device label of a push subscription', () => {
  it.each([
    [CHROME_ANDROID, 'Chrome on Android'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    [HOME_SCREEN_IPHONE, 'Safari on iPhone'],
    [FIREFOX_WINDOWS, 'Firefox on Windows'],
    [EDGE_WINDOWS, 'Edge on Windows'],
    [CHROME_MAC, 'Chrome on Mac'],
    [SAFARI_MAC, 'Safari on Mac'],
    [SAMSUNG_ANDROID, 'Samsung Internet on Android'],
    [OPERA_WINDOWS, 'Opera on Windows'],
    [CHROME_IPHONE, 'Chrome on iPhone'],
    [FIREFOX_IPAD, 'Firefox on iPad'],
    [FIREFOX_ANDROID, 'Firefox on Android'],
    [CHROME_LINUX, 'Chrome on Linux'],
    [CHROME_CHROMEBOOK, 'Chrome on Chromebook'],
  ])('names %s "%s"', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it.each([
    ['no User-Agent', undefined, 'Unknown device'],
    ['an empty one', '', 'Unknown device'],
    ['a script', 'curl/8.5.0', 'Unknown device'],
    ['a known system with an unknown browser', 'Mozilla/5.0 (Windows NT 10.0) SomeBrowser/1.0', 'A browser on Windows'],
  ])('says so for %s', (_name, userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it('answers in its own words only, never a part of what it was given', () => {
    const forged = 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0 <script>alert(1)</script> Firefox/1 Edg/1 OPR/1';
    expect(deviceLabel(forged)).toMatch(/^(Edge|Opera|Firefox|Chrome) on Windows$/);
    expect(deviceLabel(`${'Chrome/1 '.repeat(20_000)}(Android`)).toBe('Chrome');
  });
});
