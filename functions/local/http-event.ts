// Turns a request (the Node HTTP server's, or a test's in-process client's) into an API Gateway HTTP API payload v2.0
// event, and a handler's result back into the HTTP response, the way API Gateway does (lowercase headers, cookies[],
// non-text bodies base64-encoded).
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ROUTE_DEFAULTS, type Route } from '../routes';

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded)|[^;]*\+json)/i;

/**
 * The largest event Lambda takes in a synchronous invoke (6 MB): API Gateway never reaches a function with more and
 * answers 413 itself. A binary body counts base64-encoded (4 bytes for every 3), so a file sent in a request can be
 * about 4 MB.
 */
export const LAMBDA_SYNC_PAYLOAD_MAX_BYTES = 6 * 1024 * 1024;

/** The size of the event as Lambda receives it: its JSON. */
export const eventPayloadBytes = (event: APIGatewayProxyEventV2): number => Buffer.byteLength(JSON.stringify(event));

/** A request as it reaches the API, from the HTTP server or from a test's in-process client. */
export type ApiRequest = {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  sourceIp: string;
  /** `HTTP/1.1` */
  protocol: string;
};

export function toHttpApiEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  route: Route,
  pathParameters: Record<string, string>,
  /** The headers that reach the API (the edge's origin request policy may have dropped some). */
  requestHeaders: IncomingMessage['headers'] = req.headers,
): APIGatewayProxyEventV2 {
  const request = {
    method: req.method ?? 'GET',
    url,
    headers: requestHeaders,
    body,
    sourceIp: normalizeIp(req.socket.remoteAddress),
    protocol: `HTTP/${req.httpVersion}`,
  };
  return httpApiEvent(request, route, pathParameters);
}

export function httpApiEvent(
  { method: requestMethod, url, headers: requestHeaders, body, sourceIp, protocol }: ApiRequest,
  route: Route,
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(requestHeaders)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (lower === 'cookie') {
      cookies = (Array.isArray(value) ? value.join('; ') : value).split(/;\s*/).filter(Boolean);
      continue;
    }
    headers[lower] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = Object.create(null);
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
  const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? '');
  const now = new Date();
  const method = requestMethod.toUpperCase();
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

function normalizeIp(address: string | undefined): string {
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export function lambdaContext(
  functionName: string,
  requestId: string,
  timeoutMs = ROUTE_DEFAULTS.localTimeoutSeconds * 1000,
  memoryMb: number = ROUTE_DEFAULTS.memoryMb,
): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** The HTTP response API Gateway sends for a handler's result (lowercase headers, the cookies as set-cookie). */
export function httpApiResponse(result: APIGatewayProxyStructuredResultV2): {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
} {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (value !== undefined && value !== null && value !== 'undefined') headers[name.toLowerCase()] = String(value);
  }
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  headers['content-length'] = String(body.length);
  return { status: result.statusCode ?? 200, headers, body };
}

export function writeHttpApiResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const { status, headers, body } = httpApiResponse(result);
  res.writeHead(status, headers);
  res.end(body);
}
