// The pages the web build renders to HTML (scripts/build.mjs: dist/web/<page>/index.html), so a phone
// paints them before any JavaScript has run; the client hydrates that markup: the public pages, and
// Today's signed-in frame (the frame with Today's heading, the app's start page). Every other
// extension-less path gets dist/web/index.html, the signed-in app's frame. The local server
// (functions/local/static-files.ts) and CloudFront's viewer-request function
// (infra/constructs/spa-fallback.ts) map paths to files with `htmlFileFor`.
export const PRERENDERED_PAGES = [
  '/auth',
  '/find-realtor',
  '/client-registration',
  '/reset-password',
  '/today',
] as const;

export type PrerenderedPage = (typeof PRERENDERED_PAGES)[number];

/**
 * App paths whose last segment is a token that may hold dots (`/unsubscribe/<a.b.c>`, mailed before tokens moved to
 * the fragment): pages, not files, though they look like file names.
 */
export const TOKEN_PATH_PREFIXES = ['/unsubscribe/'] as const;

/** Whether a path names a file of the build (it has an extension) rather than a page of the app. */
export function isFilePath(pathname: string): boolean {
  if (TOKEN_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return lastSegment.includes('.');
}

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
