// CloudFront's part of a request, from the template (functions/local/twin/edge-model.ts): the behaviour whose path
// pattern matches first, in the distribution's order; its viewer-request function (its own code, run as CloudFront
// runs a cloudfront-js-2.0 function on the event); and what reaches the origin: only the headers, cookies and query
// strings its origin request policy and its cache key list, Accept-Encoding as the cache policy normalizes it, the
// CloudFront headers it asks for (CloudFront-Viewer-Address) and the origin's custom headers.
import type { IncomingHttpHeaders } from 'node:http';
import { VIEWER_ADDRESS_HEADER } from '../../http/client-ip';
import type { EdgeBehavior, EdgeList, TwinEdge } from './edge-model';

type ViewerRequest = { uri: string; method: string; querystring: Record<string, { value: string }> };
type CloudFrontHandler = (event: { request: ViewerRequest }) => ViewerRequest;

const compiled = new Map<string, CloudFrontHandler>();

/**
 * Whether a CloudFront path pattern matches a path: case-sensitive, `*` any run of characters, `?` exactly one; the
 * leading `/` may be left out of the pattern.
 */
export function matchesPathPattern(pattern: string, path: string): boolean {
  if (pattern === '*') return true;
  const anchored = pattern.startsWith('/') ? pattern : `/${pattern}`;
  const source = anchored
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`).test(path);
}

/** The behaviour CloudFront applies to a path: the first whose pattern matches, else the default. */
export function behaviorFor(edge: TwinEdge, path: string): EdgeBehavior {
  const found = edge.behaviors.find((behavior) => matchesPathPattern(behavior.pathPattern, path));
  if (!found) throw new Error('The distribution has no default behaviour');
  return found;
}

/** The URI the behaviour asks its origin for, after its viewer-request function (none: the viewer's). */
export function viewerRequestUri(
  source: string | undefined,
  uri: string,
  method: string,
  search: URLSearchParams,
): string {
  if (!source) return uri;
  let handler = compiled.get(source);
  if (!handler) {
    handler = new Function(`${source}\nreturn handler;`)() as CloudFrontHandler;
    compiled.set(source, handler);
  }
  const querystring = Object.fromEntries([...search].map(([key, value]) => [key, { value }]));
  return handler({ request: { uri, method, querystring } }).uri;
}

/**
 * Accept-Encoding as a cache policy with these encodings normalizes it: `br,gzip` or `gzip` (of those the viewer
 * accepts and the policy enables), else none.
 */
export function normalizedAcceptEncoding(
  viewer: string | string[] | undefined,
  encodings: readonly ('br' | 'gzip')[],
): string | undefined {
  const accepted = new Set(
    String(viewer ?? '')
      .split(',')
      .map((part) => part.split(';')[0]!.trim().toLowerCase()),
  );
  const brotli = encodings.includes('br') && accepted.has('br');
  const gzip = encodings.includes('gzip') && accepted.has('gzip');
  if (brotli) return gzip ? 'br,gzip' : 'br';
  return gzip ? 'gzip' : undefined;
}

/** Whether a cookie or query-string list passes `name` (`none`, `whitelist`, `allExcept`, `all`). */
function passes(list: EdgeList, name: string): boolean {
  switch (list.behavior) {
    case 'all':
      return true;
    case 'whitelist':
      return list.names.includes(name);
    case 'allExcept':
      return !list.names.includes(name);
    default:
      return false;
  }
}

/** Whether a header list passes the viewer's header `name` (lowercase). */
function passesHeader(list: EdgeList, name: string): boolean {
  const listed = list.names.some((n) => n.toLowerCase() === name);
  switch (list.behavior) {
    case 'allViewer':
    case 'allViewerAndWhitelistCloudFront':
      return true;
    case 'whitelist':
      return listed;
    case 'allExcept':
      return !listed;
    default:
      return false;
  }
}

/** Whether a header list asks CloudFront to add its own header `name` (CloudFront-Viewer-Address). */
function addsCloudFrontHeader(list: EdgeList, name: string): boolean {
  return (
    (list.behavior === 'whitelist' || list.behavior === 'allViewerAndWhitelistCloudFront') &&
    list.names.some((n) => n.toLowerCase() === name)
  );
}

/** The cookie header with only the cookies that pass (undefined when none does). */
function forwardedCookies(header: string | string[] | undefined, pass: (name: string) => boolean): string | undefined {
  if (header === undefined) return undefined;
  const kept = (Array.isArray(header) ? header.join('; ') : header)
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair && pass(pair.slice(0, pair.includes('=') ? pair.indexOf('=') : pair.length)));
  return kept.length ? kept.join('; ') : undefined;
}

/** The query string with only the parameters that pass, each as the viewer wrote it. */
function forwardedSearch(search: string, pass: (name: string) => boolean): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => {
      if (!part) return false;
      const raw = part.split('=')[0]!.replace(/\+/g, ' ');
      try {
        return pass(decodeURIComponent(raw));
      } catch {
        return pass(raw);
      }
    });
  return kept.length ? `?${kept.join('&')}` : '';
}

/**
 * What the behaviour's origin receives for a viewer's request: the headers (with the cookie header), and the URL with
 * the query strings that pass. `originHeaders` are the origin's custom headers, their values resolved.
 */
export function originRequest(
  viewer: { headers: IncomingHttpHeaders; url: URL },
  behavior: Pick<EdgeBehavior, 'cachePolicy' | 'originRequestPolicy'>,
  originHeaders: Record<string, string>,
  viewerAddress: string,
): { headers: IncomingHttpHeaders; url: URL } {
  const { cachePolicy: key, originRequestPolicy: policy } = behavior;
  const lists = {
    headers: [key.headers, ...(policy ? [policy.headers] : [])],
    cookies: [key.cookies, ...(policy ? [policy.cookies] : [])],
    queryStrings: [key.queryStrings, ...(policy ? [policy.queryStrings] : [])],
  };
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(viewer.headers)) {
    if (value === undefined || name === 'cookie' || name === 'accept-encoding' || name.startsWith('cloudfront-'))
      continue;
    if (name === 'content-length' || lists.headers.some((list) => passesHeader(list, name))) headers[name] = value;
  }
  const cookie = forwardedCookies(viewer.headers.cookie, (name) => lists.cookies.some((list) => passes(list, name)));
  if (cookie) headers.cookie = cookie;
  const acceptEncoding = normalizedAcceptEncoding(viewer.headers['accept-encoding'], key.encodings);
  if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
  const viewerAddressHeader = VIEWER_ADDRESS_HEADER.toLowerCase();
  if (lists.headers.some((list) => addsCloudFrontHeader(list, viewerAddressHeader)))
    headers[viewerAddressHeader] = viewerAddress;
  // CloudFront replaces any custom origin header a viewer sends with its own.
  Object.assign(headers, originHeaders);
  const url = new URL(viewer.url);
  url.search = forwardedSearch(viewer.url.search, (name) => lists.queryStrings.some((list) => passes(list, name)));
  return { headers, url };
}

/**
 * Error answers CloudFront caches from an origin (10 s unless the distribution's CustomErrorResponses say otherwise);
 * 400, 403, 405, 412 and 415 only when the answer carries a Cache-Control max-age, which the API's never do (no-store);
 * any other status never.
 */
const CACHED_ERRORS: readonly number[] = [404, 414, 500, 501, 502, 503, 504];
export const DEFAULT_ERROR_CACHING_SECONDS = 10;

/**
 * How long CloudFront serves an origin's error answer with `status` to a GET or HEAD through this behaviour again
 * without asking the origin (seconds; 0: never cached).
 */
export function errorCachingSeconds(edge: TwinEdge, behavior: EdgeBehavior, status: number, method = 'GET'): number {
  // CloudFront caches answers to GET and HEAD only; the managed CachingDisabled policy caches no error either.
  if (!['GET', 'HEAD'].includes(method) || behavior.cachePolicy.name === 'CachingDisabled') return 0;
  if (!CACHED_ERRORS.includes(status)) return 0;
  return (
    edge.errorResponses.find((response) => response.code === status)?.cachingMinTtl ?? DEFAULT_ERROR_CACHING_SECONDS
  );
}
