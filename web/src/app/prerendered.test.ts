import { rendersPrerenderedMarkup } from './prerendered';

describe('whether the client hydrates the markup in #root', () => {
  it("hydrates a public page's HTML on that page, with or without a trailing slash", () => {
    expect(rendersPrerenderedMarkup('/auth', '/auth')).toBe(true);
    expect(rendersPrerenderedMarkup('/find-realtor', '/find-realtor/')).toBe(true);
    expect(rendersPrerenderedMarkup('/reset-password', '/auth')).toBe(false);
  });

  it('hydrates the signed-in frame (index.html) on every page of the signed-in shell without a frame of its own', () => {
    for (const path of ['/', '/clients', '/settings', '/admin/support'])
      expect(rendersPrerenderedMarkup('/', path)).toBe(true);
  });

  it("hydrates Today's frame on Today, and renders from scratch where an older build's index.html answers for it", () => {
    expect(rendersPrerenderedMarkup('/today', '/today')).toBe(true);
    expect(rendersPrerenderedMarkup('/today', '/today/')).toBe(true);
    expect(rendersPrerenderedMarkup('/', '/today')).toBe(false);
  });

  it('renders from scratch the pages index.html answers for outside the shell, and when nothing was prerendered', () => {
    for (const path of ['/verify-email', '/unsubscribe/abc', '/client-registration/confirm', '/no/such/page'])
      expect(rendersPrerenderedMarkup('/', path)).toBe(false);
    expect(rendersPrerenderedMarkup(undefined, '/auth')).toBe(false);
    expect(rendersPrerenderedMarkup('', '/')).toBe(false);
  });
});
