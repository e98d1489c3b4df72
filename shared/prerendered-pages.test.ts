import { htmlFileFor, PRERENDERED_PAGES, prerenderedPageOf } from './prerendered-pages';

describe('prerendered pages', () => {
  it("are the four public pages of the issue and Today's signed-in frame", () => {
    expect(PRERENDERED_PAGES).toEqual(['/auth', '/find-realtor', '/client-registration', '/reset-password', '/today']);
  });

  it('map each page, with or without a trailing slash, to its own file under dist/web', () => {
    expect(htmlFileFor('/auth')).toBe('auth/index.html');
    expect(htmlFileFor('/auth/')).toBe('auth/index.html');
    expect(htmlFileFor('/find-realtor')).toBe('find-realtor/index.html');
    expect(htmlFileFor('/client-registration/')).toBe('client-registration/index.html');
    expect(htmlFileFor('/reset-password')).toBe('reset-password/index.html');
    expect(htmlFileFor('/today/')).toBe('today/index.html');
  });

  it("map every other path to index.html, the signed-in app's frame", () => {
    for (const path of [
      '/',
      '',
      '/clients',
      '/client-registration/confirm',
      '/auth//',
      '/AUTH',
      '/authors',
      '/verify-email',
    ]) {
      expect(htmlFileFor(path)).toBe('index.html');
      expect(prerenderedPageOf(path)).toBeUndefined();
    }
  });
});
