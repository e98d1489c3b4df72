// The public pages the web build renders to HTML (scripts/build.mjs: dist/web/<page>/index.html),
// so a phone paints them before any JavaScript has run; the client hydrates that markup. Every other
// extension-less path gets dist/web/index.html, the signed-in app's frame. The local server
// (functions/local/static-files.ts) and CloudFront's viewer-request function
// (infra/constructs/spa-fallback.ts) map paths to files with `htmlFileFor`.
export const PRERENDERED_PAGES = ['/auth', '/find-realtor', '/client-registration', '/reset-password'] as const;

export type PrerenderedPage = (typeof PRERENDERED_PAGES)[number];

/** `/auth` and `/auth/` are the same page (the router ignores a trailing slash); `/` stays `/`. */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** The prerendered page a path shows, if any (the query string is not part of `pathname`). */
export function prerenderedPageOf(pathname: string): PrerenderedPage | undefined {
  const path = withoutTrailingSlash(pathname);
  return PRERENDERED_PAGES.find((page) => page === path);
}

/** The built file, relative to dist/web, that answers an extension-less app path. */
export function htmlFileFor(pathname: string): string {
  const page = prerenderedPageOf(pathname);
  return page ? `${page.slice(1)}/index.html` : 'index.html';
}
