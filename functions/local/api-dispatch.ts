// The API's part of a request as API Gateway plays it, for whoever brings the request (the local HTTP server, the
// tests' handler harness): the route-table entry a method and path select, and that route's handler called with the
// event and a Lambda-like context.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { runAsFunction, type FunctionScope } from '../lib/function-environment';
import { bySpecificity, compilePath, routes, routeSettings, type Route } from '../routes';
import { eventPayloadBytes, LAMBDA_SYNC_PAYLOAD_MAX_BYTES, lambdaContext } from './http-event';

export type RouteMatch = { route: Route; params: Record<string, string> };

/** API Gateway's own answer, where no function runs. */
export type GatewayAnswer = { status: number; body: { message: string; code?: string } };

/**
 * The answer to a request over Lambda's event limit (LAMBDA_SYNC_PAYLOAD_MAX_BYTES). In AWS API Gateway answers it with
 * its own 413 and no code: the status, and the function never running, are the same here.
 */
const LAMBDA_PAYLOAD_TOO_LARGE =
  'The request is larger than the 6 MB a function accepts (a file sent in it: about 4 MB at most). Import a bigger ' +
  'file through the upload: POST /api/imports, then POST /api/imports/{id}/start.';

/** The answer to a request whose function failed (threw rather than answered). */
export const FUNCTION_FAILED: GatewayAnswer = {
  status: 500,
  body: { message: 'Something went wrong on our side. Please try again in a moment.', code: 'INTERNAL' },
};

const compiled = bySpecificity(routes).map((route) => ({ route, match: compilePath(route.path) }));

/** The route a request takes, or API Gateway's answer when none does (a malformed path, no route, another method). */
export function findRoute(method: string, pathname: string): RouteMatch | GatewayAnswer {
  let pathMatched = false;
  for (const { route, match } of compiled) {
    let params: Record<string, string> | null = null;
    try {
      params = match(pathname);
    } catch {
      return { status: 400, body: { message: 'The URL is malformed.', code: 'BAD_PATH' } };
    }
    if (!params) continue;
    pathMatched = true;
    if (route.method === method) return { route, params };
  }
  return pathMatched
    ? { status: 405, body: { message: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' } }
    : { status: 404, body: { message: 'Not found', code: 'NO_ROUTE' } };
}

type HandlerModule = { handler: (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2> };
const modules = new Map<string, Promise<HandlerModule>>();
function loadHandler(slug: string): Promise<HandlerModule> {
  let loaded = modules.get(slug);
  if (!loaded) {
    loaded = import(`../handlers/${slug}.ts`) as Promise<HandlerModule>;
    modules.set(slug, loaded);
  }
  return loaded;
}

/**
 * Runs the route's handler on the event, as its function (`scope`: the twin's; omitted, the process's environment), or
 * API Gateway's 413 when the event is over Lambda's limit (the function never runs).
 */
export async function invokeRoute(
  { route }: RouteMatch,
  event: APIGatewayProxyEventV2,
  scope?: FunctionScope,
): Promise<APIGatewayProxyStructuredResultV2> {
  if (eventPayloadBytes(event) > LAMBDA_SYNC_PAYLOAD_MAX_BYTES)
    return gatewayResult({ status: 413, body: { message: LAMBDA_PAYLOAD_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' } });
  const { handler } = await loadHandler(route.handler);
  const settings = routeSettings(route, 'local');
  // LOCAL_ROUTE_TIMEOUT_SECONDS: a test that is about consistency, not speed, on a loaded machine.
  const timeoutSeconds = localTimeoutOverride() ?? settings.timeoutSeconds;
  const context = lambdaContext(
    route.handler.replace(/\//g, '-'),
    event.requestContext.requestId,
    timeoutSeconds * 1000,
    settings.memoryMb,
  );
  return scope ? runAsFunction(scope, () => handler(event, context)) : handler(event, context);
}

/** API Gateway's answer as the HTTP API result it sends (JSON, never cached). */
export function gatewayResult({ status, body }: GatewayAnswer): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/** LOCAL_ROUTE_TIMEOUT_SECONDS, when set to a positive whole number: every route's local timeout. */
function localTimeoutOverride(): number | undefined {
  const value = Number(process.env.LOCAL_ROUTE_TIMEOUT_SECONDS);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
