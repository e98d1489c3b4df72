// The middy stack every route handler is built with. `before` runs in this order, `after` and
// `onError` in the reverse one:
//  0. compression: its `after` runs last, once the answer is final (error answers are small and
//     go out as they are);
//  1. requestState: the invocation's request ids, logger and metrics. Its `after`/`onError` run
//     last of all, once the answer (error answers included) is final: it counts the route's
//     business metrics (functions/observability/route-metrics.ts) and writes the one EMF line.
//  2. security headers, on every answer;
//  3. errorRenderer: turns any thrown error into `{ message, code?, errors? }`;
//  4. edgeGuard (the CloudFront origin check), 5. authGuard, 6. csrfGuard, 7. bodyParser, 8. validator.
// The whole invocation runs inside runInvocation (functions/observability/invocation.ts), so every
// log line of the request carries its ids wherever it is written.
// A handler only parses, calls the domain and shapes its answer; it never catches to render errors. A refusal its
// use case returns, it returns as it is: its options' table answers it (`refusals`, functions/http/errors.ts).
import middy from '@middy/core';
import httpSecurityHeaders from '@middy/http-security-headers';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as yup from 'yup';
import type { ApiErrorBody, ApiResponses, HandlerSlug } from '@shared/api-types';
import { todayIn } from '@shared/dates';
import { config } from '../config';
import { isRefusal, Refused, type Refusal } from '../domain/refusals';
import { findRouteByHandler, type Route } from '../routes';
import { isAdmin, type UserItem } from '../services/sessions';
import { readSession, type Session } from './auth';
import { addressGroup, cameThroughEdge, clientIp, connectionIp, requestHeader } from './client-ip';
import { compressResponse } from './compression';
import { answerFor, forbidden, HttpError, unauthorized, type ErrorAnswers, type RefusalAnswers } from './errors';
import { currentInvocation, newInvocation, runInvocation, type Invocation } from '../observability/invocation';
import { createLogger, type Logger } from '../observability/logger';
import { flushMetrics } from '../observability/metrics';
import { countRouteOutcome } from '../observability/route-metrics';
import { remainingTimeOf, type RemainingMs } from '../lib/time-budget';

/** What a handler answers; `Res` is its route's type in shared/api-types.ts (ApiResponses). */
export type HandlerResult<Res = unknown> = {
  status?: number;
  body?: Res;
  /** A non-JSON answer (CSV, ICS, HTML): sent as is with its content type. */
  raw?: { body: string | Buffer; contentType: string };
  headers?: Record<string, string>;
  cookies?: string[];
};

type BaseContext<B, Q> = {
  event: APIGatewayProxyEventV2;
  route: Route;
  body: B;
  query: Q;
  params: Record<string, string>;
  /** The body as received (decoded from base64): multipart uploads and signed webhooks. */
  rawBody: Buffer;
  requestId: string;
  /** The caller's address (an IPv6 caller's /64 network): the key of the per-IP throttles. */
  ip: string;
  log: Logger;
  /** The time the function has left before its timeout (Lambda's getRemainingTimeInMillis): long work stops on it. */
  remainingMs: RemainingMs;
  /** The caller's session, when there is one (public routes load it on demand). */
  session(): Promise<Session | null>;
};

export type PublicContext<B, Q> = BaseContext<B, Q>;
export type AuthedContext<B, Q> = BaseContext<B, Q> & { user: UserItem; sessionId: string };

type Schemas<B, Q, R extends Refusal = never> = {
  body?: yup.Schema<B>;
  query?: yup.Schema<Q>;
  /**
   * The errors this handler's calls may throw and the answer each gets (functions/http/*-errors.ts), declared once
   * here.
   */
  errors?: ErrorAnswers;
  /** The answer to each refusal the handler may return (`refusalAnswers`), declared once here: one more of `errors`. */
  refusals?: RefusalAnswers<R>;
};

export type RouteHandler = ((
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>) & { route: Route };

type State = {
  invocation: Invocation;
  log: Logger;
  requestId: string;
  /** What the handler answered, before rendering: the route's business metrics read it. */
  result?: HandlerResult;
  body?: unknown;
  query?: unknown;
  rawBody: Buffer;
  session?: Session | null;
};

const MAX_JSON_BYTES = 1024 * 1024;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const THROTTLING_ERRORS = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
]);

/**
 * A handler for a route whose access is `agent` or `admin`: the user is always there. It answers, or returns a refusal
 * its `refusals` table answers.
 */
export function defineHandler<S extends HandlerSlug, B = undefined, Q = undefined, R extends Refusal = never>(
  slug: S,
  schemas: Schemas<B, Q, R>,
  fn: (ctx: AuthedContext<B, Q>) => Promise<HandlerResult<ApiResponses[S]> | NoInfer<R>>,
): RouteHandler {
  return buildRouteHandler(routeOf(slug, 'signed-in'), schemas, async (ctx) => {
    // authGuard has already refused callers without a session (or not admins on admin routes).
    const session = (await ctx.session())!;
    return fn({ ...ctx, user: session.user, sessionId: session.sessionId });
  });
}

/** A handler for a public route. */
export function definePublicHandler<S extends HandlerSlug, B = undefined, Q = undefined, R extends Refusal = never>(
  slug: S,
  schemas: Schemas<B, Q, R>,
  fn: (ctx: PublicContext<B, Q>) => Promise<HandlerResult<ApiResponses[S]> | NoInfer<R>>,
): RouteHandler {
  return buildRouteHandler(routeOf(slug, 'public'), schemas, fn);
}

/** The slug's route, refused at load when its access is not the one its handler was defined for. */
function routeOf(slug: HandlerSlug, definedFor: 'public' | 'signed-in'): Route {
  const route = findRouteByHandler(slug);
  if ((route.access === 'public') !== (definedFor === 'public'))
    throw new Error(
      `${slug} is ${route.access} in the route table: use ${definedFor === 'public' ? 'defineHandler' : 'definePublicHandler'}`,
    );
  return route;
}

/** The stack around any function; routes use defineHandler / definePublicHandler. */
export function buildRouteHandler<B, Q, R extends Refusal = never>(
  route: Route,
  schemas: Schemas<B, Q, R>,
  fn: (ctx: BaseContext<B, Q>) => Promise<HandlerResult | NoInfer<R>>,
): RouteHandler {
  const answers: ErrorAnswers = [...(schemas.errors ?? []), ...(schemas.refusals ? [schemas.refusals] : [])];
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use(compression())
    .use(requestState(route))
    .use(httpSecurityHeaders())
    .use(errorRenderer())
    .use(edgeGuard())
    .use(authGuard(route))
    .use(csrfGuard(route))
    .use(bodyParser(route))
    .use(validator(schemas))
    .handler(async (event, context) => {
      const state = stateOf(context);
      let sessionPromise: Promise<Session | null> | undefined =
        state.session === undefined ? undefined : Promise.resolve(state.session);
      const result = await fn({
        event,
        route,
        body: state.body as B,
        query: state.query as Q,
        params: event.pathParameters
          ? Object.fromEntries(Object.entries(event.pathParameters).map(([k, v]) => [k, v ?? '']))
          : {},
        rawBody: state.rawBody,
        requestId: state.requestId,
        ip: addressGroup(
          await clientIp(event).catch((error: unknown) => {
            // The origin-verify secret could not be read: key on the edge's address (stricter, never looser).
            state.log.warn('client address unknown, using the connection address', { error });
            return connectionIp(event);
          }),
        ),
        log: state.log,
        remainingMs: remainingTimeOf(context),
        session: () => (sessionPromise ??= readSession(event)),
      })
        .then((value) => {
          if (isRefusal(value)) throw new Refused(value);
          return value as HandlerResult;
        })
        .catch((error: unknown) => {
          throw answerFor(answers, error) ?? error;
        });
      state.result = result;
      return render(result, state.requestId);
    });
  const routeKey = routeKeyOf(route);
  const observed = (event: APIGatewayProxyEventV2, context: Context) =>
    runInvocation(newInvocation(context, { requestId: event?.requestContext?.requestId, route: routeKey }), () =>
      handler(event, context),
    );
  return Object.assign(observed, { route });
}

/** The route key, never the path: paths carry bearer tokens (calendar secrets, upload tokens). */
const routeKeyOf = (route: Route): string => `${route.method} ${route.path}`;

const states = new WeakMap<Context, State>();
function stateOf(context: Context): State {
  const state = states.get(context);
  if (!state) throw new Error('request state missing');
  return state;
}

/**
 * First in the stack, so its `after` runs last: the finished answer is compressed when the request accepts it
 * (functions/http/compression.ts).
 */
function compression(): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> {
  return {
    after: (request) => {
      if (request.response)
        request.response = compressResponse(request.response, requestHeader(request.event, 'accept-encoding'));
    },
  };
}

function requestState(
  route: Route,
): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> {
  const finish: middy.MiddlewareFn<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> = (
    request,
  ) => {
    const state = states.get(request.context);
    if (!state) return;
    countRouteOutcome(route.handler, { status: request.response?.statusCode ?? 500, body: state.result?.body });
    flushMetrics(state.invocation);
  };
  return {
    before: (request) => {
      // buildRouteHandler runs every request inside its invocation; the logger adds its fields to each line.
      const invocation = currentInvocation()!;
      states.set(request.context, {
        invocation,
        requestId: invocation.fields.requestId,
        log: createLogger(),
        rawBody: Buffer.alloc(0),
      });
    },
    after: finish,
    onError: finish,
  };
}

function render(result: HandlerResult, requestId: string): APIGatewayProxyStructuredResultV2 {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'x-request-id': requestId,
    ...(result.headers ?? {}),
  };
  const status = result.status ?? 200;
  if (result.raw) {
    const isBinary = Buffer.isBuffer(result.raw.body);
    return {
      statusCode: status,
      headers: { ...headers, 'content-type': result.raw.contentType },
      body: isBinary ? (result.raw.body as Buffer).toString('base64') : (result.raw.body as string),
      isBase64Encoded: isBinary,
      cookies: result.cookies,
    };
  }
  if (result.body === undefined) return { statusCode: status, headers, body: '', cookies: result.cookies };
  return {
    statusCode: status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(result.body),
    cookies: result.cookies,
  };
}

function errorRenderer(): middy.MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  Context
> {
  return {
    onError: (request) => {
      const state = states.get(request.context);
      const requestId = state?.requestId ?? 'unknown';
      const log = state?.log ?? createLogger({ requestId });
      const error = request.error;
      let status = 500;
      let body: ApiErrorBody = {
        message: 'Something went wrong on our side. Please try again in a moment.',
        code: 'INTERNAL',
      };
      let headers: Record<string, string> = {};
      if (error instanceof HttpError) {
        status = error.statusCode;
        body = {
          message: error.message,
          ...(error.options.code ? { code: error.options.code } : {}),
          ...(error.options.errors ? { errors: error.options.errors } : {}),
        };
        headers = error.options.headers ?? {};
        if (status >= 500) log.warn('request refused', { status, message: error.message });
      } else if (error instanceof yup.ValidationError) {
        status = 400;
        body = validationBody(error);
      } else if (error?.name === 'TimeoutError') {
        // The route's time ran out (middy answers just before the Lambda timeout). Every write is
        // conditional and re-runnable (an import sent again finishes what it started): say so.
        status = 503;
        body = {
          message: 'This is taking longer than expected. Please try again: what was already saved is kept.',
          code: 'TIMEOUT',
        };
        headers = { 'retry-after': '1' };
        log.warn('route timed out', { error });
      } else if (error?.name === 'ConditionalCheckFailedException') {
        // A conditional write lost a race the code did not expect to lose: the data changed meanwhile.
        status = 409;
        body = { message: 'This changed while you were saving. Please try again.', code: 'CONFLICT' };
        log.warn('conditional write lost a race', { error });
      } else if (error && (THROTTLING_ERRORS.has(error.name) || (error as { $fault?: unknown }).$fault === 'server')) {
        // Throttled, or an AWS service failing on its side (S3 InternalError, ServiceUnavailable…): a retry helps.
        status = 503;
        body = { message: 'The service is busy right now. Please try again in a moment.', code: 'UNAVAILABLE' };
        headers = { 'retry-after': '1' };
        log.warn('throttled by a dependency', { error });
      } else {
        log.error('unhandled error', { error });
      }
      request.response = {
        statusCode: status,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          'x-request-id': requestId,
          ...headers,
        },
        body: JSON.stringify(body),
      };
    },
  };
}

function validationBody(error: yup.ValidationError): ApiErrorBody {
  const errors: Record<string, string> = {};
  for (const inner of error.inner.length ? error.inner : [error]) {
    const path = inner.path || 'body';
    errors[path] ??= inner.message;
  }
  const first = Object.values(errors)[0] ?? error.message;
  return { message: first, code: 'VALIDATION_FAILED', errors };
}

/**
 * In AWS, refuses a request that did not come through our CloudFront (and so its WAF), before anything else is read.
 */
function edgeGuard(): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> {
  return {
    before: async (request) => {
      const verified = await cameThroughEdge(request.event).catch((error: unknown) => {
        stateOf(request.context).log.warn('origin-verify secret unreadable', { error });
        throw new HttpError(503, 'The service is busy right now. Please try again in a moment.', {
          code: 'UNAVAILABLE',
          headers: { 'retry-after': '1' },
        });
      });
      if (!verified) throw forbidden("Requests must come through the app's address.", 'ORIGIN_UNVERIFIED');
    },
  };
}

/**
 * Protected routes refuse a caller without a session (401) or a non-admin on admin routes (403) before reading the
 * body. Administrator is decided here, from the verified e-mail and today's ADMIN_EMAILS, never from a stored flag.
 */
function authGuard(
  route: Route,
): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> {
  return {
    before: async (request) => {
      if (route.access === 'public') return;
      const session = await readSession(request.event);
      if (!session) throw unauthorized();
      if (route.access === 'admin' && !isAdmin(session.user)) throw forbidden('Not authorized');
      stateOf(request.context).session = session;
    },
  };
}

/**
 * State-changing requests must be JSON (or the route's declared kind) and same-origin (docs/architecture.md, Security
 * model).
 */
function csrfGuard(
  route: Route,
): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> {
  return {
    before: (request) => {
      const method = request.event.requestContext?.http?.method ?? 'GET';
      if (!STATE_CHANGING.has(method) || route.body === 'raw') return;
      const contentType = (requestHeader(request.event, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const expected = route.body === 'multipart' ? 'multipart/form-data' : 'application/json';
      // A DELETE without a body carries nothing to type, and no form can send one cross-site.
      const bodiless = method === 'DELETE' && !request.event.body;
      if (contentType !== expected && !bodiless) {
        throw new HttpError(415, `Send this request as ${expected}.`, { code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
      const { sameSiteOrigins } = config();
      const origin = requestHeader(request.event, 'origin');
      const fetchSite = requestHeader(request.event, 'sec-fetch-site');
      if ((origin && !sameSiteOrigins.includes(origin)) || fetchSite === 'cross-site') {
        throw forbidden(`Cross-site request refused: expected ${sameSiteOrigins[0]}.`, 'CROSS_SITE');
      }
    },
  };
}

function bodyParser(
  route: Route,
): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> {
  return {
    before: (request) => {
      const state = stateOf(request.context);
      const { event } = request;
      const raw = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
      state.rawBody = raw;
      if (route.body === 'multipart' || route.body === 'raw') return;
      const method = event.requestContext?.http?.method ?? 'GET';
      if (!STATE_CHANGING.has(method) || raw.length === 0) {
        state.body = {};
        return;
      }
      if (raw.length > MAX_JSON_BYTES)
        throw new HttpError(413, 'The request body is too large (1 MB at most).', { code: 'PAYLOAD_TOO_LARGE' });
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'), dropPrototypeKeys);
      } catch {
        throw new HttpError(400, 'The request body is not valid JSON.', { code: 'MALFORMED_JSON' });
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new HttpError(400, 'The request body must be a JSON object.', { code: 'MALFORMED_JSON' });
      }
      state.body = parsed;
    },
  };
}

const MAX_PATH_PARAMETER = 256;

function validator<B, Q>(
  schemas: Schemas<B, Q>,
): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> {
  return {
    before: async (request) => {
      const state = stateOf(request.context);
      // Ids and tokens from the URL end up in keys: DynamoDB refuses keys over 1 KB and control characters are never
      // valid.
      for (const [name, value] of Object.entries(request.event.pathParameters ?? {})) {
        // eslint-disable-next-line no-control-regex -- refusing control characters is the point
        if (!value || value.length > MAX_PATH_PARAMETER || /[\u0000-\u001f\u007f]/.test(value)) {
          throw new HttpError(400, `The ${name} in the URL is not valid.`, { code: 'BAD_PATH_PARAMETER' });
        }
      }
      if (schemas.body) state.body = await validate(schemas.body, state.body ?? {});
      if (schemas.query) state.query = await validate(schemas.query, request.event.queryStringParameters ?? {});
    },
  };
}

/** Keys that name a member of every object (__proto__, constructor, valueOf, toString…): yup and
 * plain lookups would find the inherited member, so they never enter the app. */
const isPrototypeKey = (key: string): boolean => key === '__proto__' || key === 'prototype' || key in Object.prototype;

/** JSON.parse reviver: keys that could reach an object's prototype never enter the app. */
export function dropPrototypeKeys(key: string, value: unknown): unknown {
  return isPrototypeKey(key) ? undefined : value;
}

/** Validates with yup, refusing values of the wrong JSON type instead of coercing them. */
export async function validate<T>(schema: yup.Schema<T>, unsafeInput: unknown): Promise<T> {
  const input =
    unsafeInput && typeof unsafeInput === 'object' && !Array.isArray(unsafeInput)
      ? Object.fromEntries(Object.entries(unsafeInput).filter(([key]) => !isPrototypeKey(key)))
      : unsafeInput;
  const typeErrors = wrongTypes(schema, input);
  if (Object.keys(typeErrors).length > 0) {
    throw new HttpError(400, Object.values(typeErrors)[0]!, { code: 'VALIDATION_FAILED', errors: typeErrors });
  }
  try {
    // "Not in the future" rules use the furthest-ahead zone's date, so no agent's today is refused.
    return await schema.validate(input, {
      abortEarly: false,
      stripUnknown: true,
      context: { today: todayIn('Pacific/Kiritimati') },
    });
  } catch (error) {
    if (error instanceof yup.ValidationError) {
      const body = validationBody(error);
      throw new HttpError(400, body.message, { code: body.code, errors: body.errors });
    }
    throw error;
  }
}

/**
 * Each object schema's top-level fields and the JavaScript type each wants, read once per schema: `describe()` walks
 * every rule of the schema, a third of a small request's own time when it ran on each request.
 */
const fieldTypes = new WeakMap<yup.Schema<unknown>, ReadonlyArray<readonly [string, string]>>();

function typesOf(schema: yup.Schema<unknown>): ReadonlyArray<readonly [string, string]> {
  let types = fieldTypes.get(schema);
  if (!types) {
    const description = schema.describe() as { type: string; fields?: Record<string, { type: string }> };
    types =
      description.type === 'object' && description.fields
        ? Object.entries(description.fields).map(([name, field]) => [
            name,
            field.type === 'date' ? 'string' : field.type,
          ])
        : [];
    fieldTypes.set(schema, types);
  }
  return types;
}

function wrongTypes(schema: yup.Schema<unknown>, input: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input || typeof input !== 'object') return errors;
  for (const [name, expected] of typesOf(schema)) {
    const value = (input as Record<string, unknown>)[name];
    if (value === undefined || value === null) continue;
    if (['string', 'number', 'boolean'].includes(expected) && typeof value !== expected) {
      errors[name] = `${name} must be a ${expected}`;
    }
  }
  return errors;
}
