// The caller's IP address, the key of the per-IP throttles. In AWS every request reaches the API
// through CloudFront, so API Gateway's sourceIp is a CloudFront edge server shared by many
// viewers; CloudFront names the viewer in CloudFront-Viewer-Address. That header is believed only
// when the request also carries the origin-verify secret that our distribution adds (infra/
// constructs/web.ts): anyone can call the execute-api URL directly and send any header. Otherwise,
// and in the local runtime (no CloudFront), the address is the connection's own.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { originVerifySecret } from '../config';

/** The custom origin header CloudFront adds to API requests, holding the shared secret. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** The CloudFront header with the viewer's address and source port (`198.51.100.10:46532`). */
export const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';

/** A request header by name, whatever its case (API Gateway lowercases them; a test event may not). */
export function requestHeader(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  const lower = name.toLowerCase();
  return headers[lower] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === lower)?.[1];
}

/**
 * The IP address in a CloudFront-Viewer-Address value, or undefined when it holds none:
 * `192.0.2.1:443`, `2001:db8::1:443` (IPv6 as CloudFront writes it: the port after the last
 * colon), `[2001:db8::1]:443`, or a bare address. IPv4-mapped IPv6 becomes plain IPv4 and IPv6 is
 * lowercased, so one viewer is always one throttle key.
 */
export function parseViewerAddress(value: string | undefined): string | undefined {
  // Should a value ever arrive joined with another (`a, b`), the last one is the one CloudFront set.
  const text = value?.split(',').at(-1)?.trim();
  if (!text || text.length > 64) return undefined;
  let address: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  if (bracketed) {
    address = isIP(bracketed[1]!) === 6 && validPort(bracketed[2]) ? bracketed[1] : undefined;
  } else {
    const colon = text.lastIndexOf(':');
    const host = text.slice(0, colon);
    const port = text.slice(colon + 1);
    if (colon > 0 && /^\d{1,5}$/.test(port) && validPort(port) && isIP(host)) address = host;
    else if (isIP(text)) address = text;
  }
  if (!address) return undefined;
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  return mapped ? mapped[1] : lower;
}

function validPort(port: string | undefined): boolean {
  return port === undefined || Number(port) <= 65535;
}

/** Compares in constant time (over digests, so the lengths do not leak either). */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Whether the request came through our CloudFront: it carries the origin-verify secret. Always
 * true when no secret is configured (the local runtime, which has no CloudFront). In AWS every
 * handler refuses any other request (functions/http/handler.ts), so the execute-api URL cannot be
 * used to go around the WAF in front of the distribution.
 */
export async function cameThroughEdge(
  event: APIGatewayProxyEventV2,
  secret: () => Promise<string | undefined> = originVerifySecret,
): Promise<boolean> {
  const expected = await secret();
  if (expected === undefined) return true;
  const presented = requestHeader(event, ORIGIN_VERIFY_HEADER);
  return Boolean(presented && expected && sameSecret(presented, expected));
}

/** The address of whoever opened the connection to API Gateway (in AWS, a CloudFront edge server). */
export function connectionIp(event: APIGatewayProxyEventV2): string {
  return event.requestContext?.http?.sourceIp || 'unknown';
}

/**
 * The viewer's address when the request came through our CloudFront (the verify header matches
 * the secret) and names one; otherwise API Gateway's sourceIp. The secret is only looked up when
 * the header is there, so the local runtime never asks for it.
 */
export async function clientIp(
  event: APIGatewayProxyEventV2,
  secret: () => Promise<string | undefined> = originVerifySecret,
): Promise<string> {
  const sourceIp = connectionIp(event);
  const presented = requestHeader(event, ORIGIN_VERIFY_HEADER);
  if (!presented) return sourceIp;
  const expected = await secret();
  if (!expected || !sameSecret(presented, expected)) return sourceIp;
  return parseViewerAddress(requestHeader(event, VIEWER_ADDRESS_HEADER)) ?? sourceIp;
}

/**
 * The key per-IP throttles count under: an IPv4 address as is, an IPv6 address as its /64 network
 * (`2001:db8:0:1::/64`). One IPv6 subscriber is usually handed a whole /64, so keying on the full
 * address would give each of them 2^64 fresh counters.
 */
export function addressGroup(ip: string): string {
  const address = ip.toLowerCase().split('%')[0]!;
  if (isIP(address) !== 6) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const groupsIn = (part: string) =>
    part ? part.split(':').reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0) : 0;
  const [head = '', tail] = address.split('::');
  const groups =
    tail === undefined
      ? head.split(':')
      : [...(head ? head.split(':') : []), ...Array<string>(8 - groupsIn(head) - groupsIn(tail)).fill('0')];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
