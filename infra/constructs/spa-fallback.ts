// The CloudFront Function (cloudfront-js-2.0, viewer request, default behaviour only) that gives the
// single-page app its fallback: a path whose last segment has no extension is a client-side route,
// so S3 is asked for the page the web build prerendered for it (/auth and /auth/ get
// /auth/index.html, see shared/prerendered-pages.ts) or else for /index.html, the signed-in frame.
// The query string is not part of the URI (and not part of the cache key). Distribution
// errorResponses with a page would also turn the API's 403/404 into 200 + HTML (they apply to every
// origin), so the distribution's only set how long errors are cached (never: web.ts). The local
// server maps paths the same way (functions/local/static-files.ts).
import { htmlFileFor, PRERENDERED_PAGES, TOKEN_PATH_PREFIXES } from '@shared/prerendered-pages';

const pages = Object.fromEntries(PRERENDERED_PAGES.map((page) => [page, `/${htmlFileFor(page)}`]));

// The same rule as isFilePath in shared/prerendered-pages.ts: a token path is a page even with dots.
export const spaFallbackSource = `var PRERENDERED = ${JSON.stringify(pages)};
var TOKEN_PATH_PREFIXES = ${JSON.stringify(TOKEN_PATH_PREFIXES)};

function isFilePath(uri) {
  for (var i = 0; i < TOKEN_PATH_PREFIXES.length; i++) {
    if (uri.indexOf(TOKEN_PATH_PREFIXES[i]) === 0) return false;
  }
  return uri.substring(uri.lastIndexOf('/') + 1).indexOf('.') !== -1;
}

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (!isFilePath(uri)) {
    var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
    request.uri = Object.prototype.hasOwnProperty.call(PRERENDERED, path) ? PRERENDERED[path] : '/index.html';
  }
  return request;
}
`;
