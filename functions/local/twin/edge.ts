// CloudFront's part of a request, from the template: the default behaviour's viewer-request function
// (its own code, run as CloudFront runs a cloudfront-js-2.0 function on the event) and, on /api/*,
// the origin request policy (only the headers it lists reach the API, cookies and query strings
// whole) plus the origin's custom headers, CloudFront-Viewer-Address, and Accept-Encoding as the
// cache policy normalizes it.
import type { IncomingHttpHeaders } from 'node:http';
import { VIEWER_ADDRESS_HEADER } from '../../http/client-ip';

type ViewerRequest = { uri: string; method: string; querystring: Record<string, { value: string }> };
type CloudFrontHandler = (event: { request: ViewerRequest }) => ViewerRequest;

const compiled = new Map<string, CloudFrontHandler>();

/** The URI the default behaviour asks the origin for, after the viewer-request function. */
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

/** The headers API Gateway receives from CloudFront for a viewer's request to /api/*. */
export function apiOriginRequestHeaders(
  viewer: IncomingHttpHeaders,
  allowList: readonly string[],
  originHeaders: Record<string, string>,
  viewerAddress: string,
  encodings: readonly ('br' | 'gzip')[] = [],
): IncomingHttpHeaders {
  const allowed = new Set(allowList.map((name) => name.toLowerCase()));
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(viewer))
    if (name === 'cookie' || name === 'content-length' || allowed.has(name)) headers[name] = value;
  const acceptEncoding = normalizedAcceptEncoding(viewer['accept-encoding'], encodings);
  if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
  if (allowed.has(VIEWER_ADDRESS_HEADER.toLowerCase())) headers[VIEWER_ADDRESS_HEADER.toLowerCase()] = viewerAddress;
  // CloudFront replaces any custom origin header a viewer sends with its own.
  Object.assign(headers, originHeaders);
  return headers;
}
