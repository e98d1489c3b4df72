import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as yup from 'yup';
import { resetConfig } from '../config';
import { routes, type Route } from '../routes';
import { clientInput } from '../testing/factories';
import { signedInAgent } from '../testing/local-api';
import { createLogger } from '../observability/logger';
import { ROUTE_METRICS } from '../observability/route-metrics';
import { captureOutput, captureText, emfLines } from '../testing/output';
import { Refused, type NotFound, type TooSoon } from '../domain/refusals';
import {
  badRequest,
  conflict,
  errorAnswer,
  notFound,
  refusalAnswers,
  secondsUntil,
  tooManyRequests,
  unauthorized,
} from './errors';
import { buildRouteHandler, defineHandler, definePublicHandler } from './handler';
import { useHandlerApi, type HandlerApi } from '../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

const testRoute: Route = {
  method: 'POST',
  path: '/api/test',
  handler: 'test/post-test',
  access: 'public',
  uses: ['table:read'],
};

function event(body: string | undefined, headers: Record<string, string> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', origin: api.url, ...headers },
    requestContext: {
      http: { method: 'POST', path: '/api/test', sourceIp: '127.0.0.1' },
      requestId: 'req-1',
    } as APIGatewayProxyEventV2['requestContext'],
    body,
    isBase64Encoded: false,
  };
}
const invoke = (handler: ReturnType<typeof buildRouteHandler>, e: APIGatewayProxyEventV2) =>
  handler(e, {
    awsRequestId: 'req-1',
    getRemainingTimeInMillis: () => 10_000,
  } as unknown as Context) as Promise<APIGatewayProxyStructuredResultV2>;

describe('the HTTP stack', () => {
  it('answers malformed JSON with 400 and the error shape', async () => {
    const res = await api.client().request('POST', '/api/login', {
      body: '{"username": "a@b.co",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.', code: 'MALFORMED_JSON' });
  });

  it('refuses a JSON body that is not an object', async () => {
    const res = await api
      .client()
      .request('POST', '/api/login', { body: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  it('refuses state-changing requests that are not JSON (CSRF rule)', async () => {
    const res = await api.client().request('POST', '/api/login', {
      body: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/application\/json/);
  });

  it('refuses a state-changing request from another origin, naming the origin expected', async () => {
    const res = await api
      .client()
      .post('/api/login', { username: 'a@b.co', password: 'x' }, { headers: { origin: 'https://evil.example.com' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: `Cross-site request refused: expected ${api.url}.`, code: 'CROSS_SITE' });
  });

  it('deletes with a DELETE that has no body and no content type, and still refuses one from another origin', async () => {
    const { client } = await signedInAgent(api);
    const created = await client.post('/api/clients', clientInput());
    expect(created.status).toBe(201);
    const crossSite = await client.request('DELETE', `/api/clients/${created.body.id}`, {
      headers: { origin: 'https://evil.example.com' },
    });
    expect(crossSite.status).toBe(403);
    const deleted = await client.request('DELETE', `/api/clients/${created.body.id}`);
    expect(deleted.status).toBe(204);
    expect((await client.request('DELETE', `/api/clients/${created.body.id}`)).status).toBe(404);
  });

  it('still refuses a DELETE whose body is not JSON', async () => {
    const { client } = await signedInAgent(api);
    const res = await client.request('DELETE', '/api/clients/some-id', {
      body: 'id=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('refuses values of the wrong type instead of coercing them', async () => {
    const res = await api.client().post('/api/login', { username: 12345, password: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ username: 'username must be a string', password: 'password must be a string' });
  });

  it('sends security headers and a request id on success and on error', async () => {
    const ok = await api.client().post('/api/password-reset/request', { username: 'someone@example.com' });
    const error = await api.client().get('/api/user');
    for (const res of [ok, error]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age/);
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers unknown API paths with a JSON 404 and wrong methods with 405', async () => {
    expect((await api.client().get('/api/nothing-here')).status).toBe(404);
    expect((await api.client().get('/api/login')).status).toBe(405);
  });

  it('never lets a stack trace out of an unexpected error', async () => {
    resetConfig();
    const handler = buildRouteHandler(testRoute, {}, async () => {
      throw new Error('database exploded at /srv/app/secret.ts:42');
    });
    const res = await invoke(handler, event('{}'));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/exploded|secret\.ts|at /);
    expect(JSON.parse(res.body!)).toEqual({ message: expect.any(String), code: 'INTERNAL' });
  });

  it('turns a throttled dependency into 503 with Retry-After', async () => {
    const handler = buildRouteHandler(testRoute, {}, async () => {
      throw Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    });
    const res = await invoke(handler, event('{}'));
    expect(res.statusCode).toBe(503);
    expect(res.headers?.['retry-after']).toBe('1');
  });

  it('renders yup field errors and HttpErrors in the error shape', async () => {
    const handler = buildRouteHandler(
      testRoute,
      { body: yup.object({ name: yup.string().required('Name is required') }) },
      async () => {
        throw badRequest('unreachable');
      },
    );
    const res = await invoke(handler, event('{"name": ""}'));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({
      message: 'Name is required',
      code: 'VALIDATION_FAILED',
      errors: { name: 'Name is required' },
    });
    const thrown = buildRouteHandler(testRoute, {}, async () => {
      throw badRequest('Nope', { field: 'Bad field' }, 'NOPE');
    });
    expect(JSON.parse((await invoke(thrown, event('{}'))).body!)).toEqual({
      message: 'Nope',
      code: 'NOPE',
      errors: { field: 'Bad field' },
    });
  });

  it('passes unknown fields through validation stripped (mass assignment)', async () => {
    let seen: unknown;
    const handler = buildRouteHandler(testRoute, { body: yup.object({ name: yup.string() }) }, async ({ body }) => {
      seen = body;
      return { body: { ok: true } };
    });
    const res = await invoke(handler, event('{"name":"x","isAdmin":true,"__proto__":{"polluted":true}}'));
    expect(res.body).toBe('{"ok":true}');
    expect(seen).toEqual({ name: 'x' });
    const inherited = await invoke(handler, event('{"name":"y","valueOf":"","toString":1,"hasOwnProperty":{}}'));
    expect(inherited.body).toBe('{"ok":true}');
    expect(seen).toEqual({ name: 'y' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('log lines', () => {
  const calendarRoute = routes.find((r) => r.path === '/api/calendar/{file}')!;
  const SECRET = 'calendar-secret-that-must-never-be-logged';

  it('name the route key, never the path with its token', async () => {
    const output = await captureText({ LOG_LEVEL: 'info' }, async () => {
      const handler = buildRouteHandler(calendarRoute, {}, async ({ log }) => {
        log.info('feed looked up');
        throw new Error('lookup failed');
      });
      const path = `/api/calendar/${SECRET}.ics`;
      await invoke(handler, {
        ...event(undefined),
        routeKey: 'GET /api/calendar/{file}',
        rawPath: path,
        pathParameters: { file: `${SECRET}.ics` },
        requestContext: {
          http: { method: 'GET', path, sourceIp: '127.0.0.1' },
          requestId: 'req-log',
        } as APIGatewayProxyEventV2['requestContext'],
      });
    });
    const logged = output.split('\n').filter((line) => line.includes('req-log'));
    expect(logged.length).toBeGreaterThanOrEqual(2);
    for (const line of logged) {
      expect(JSON.parse(line).route).toBe('GET /api/calendar/{file}');
      expect(line).not.toContain(SECRET);
    }
  });
});

describe('observability in the stack', () => {
  // A data module's logger, created when the module loads: its lines still carry the request.
  const moduleLog = createLogger({ module: 'test-data' });
  // Public here, so the test needs no session: the metrics follow the handler slug.
  const clientsRoute: Route = { ...routes.find((r) => r.handler === 'clients/post-clients')!, access: 'public' };
  const loginRoute = routes.find((r) => r.handler === 'auth/post-login')!;
  const inLambda = { AWS_LAMBDA_FUNCTION_NAME: 'HearthTestFunction', LOG_LEVEL: 'info' };
  const invokeAs = (
    handler: ReturnType<typeof buildRouteHandler>,
    route: Route,
    requestId: string,
    awsRequestId: string,
  ) =>
    handler(
      {
        ...event('{}'),
        routeKey: `${route.method} ${route.path}`,
        requestContext: {
          http: { method: route.method, path: route.path, sourceIp: '127.0.0.1' },
          requestId,
        } as APIGatewayProxyEventV2['requestContext'],
      },
      {
        awsRequestId,
        functionName: 'HearthTestFunction',
        getRemainingTimeInMillis: () => 10_000,
      } as unknown as Context,
    ) as Promise<APIGatewayProxyStructuredResultV2>;

  it('writes one EMF line per invocation, and every log line of a request carries its request ids, route key, function name and cold start', async () => {
    // Prepare
    const handler = buildRouteHandler(clientsRoute, {}, async ({ log }) => {
      log.info('creating');
      moduleLog.info('writing the item');
      return { status: 201, body: { id: 'c1' } };
    });

    // Act
    const lines = await captureOutput(inLambda, async () => {
      await Promise.all([
        invokeAs(handler, clientsRoute, 'api-1', 'aws-1'),
        invokeAs(handler, clientsRoute, 'api-2', 'aws-2'),
      ]);
    });

    // Assess
    const emf = emfLines(lines);
    expect(emf.map((line) => [line.requestId, line.ClientsCreated])).toEqual(
      expect.arrayContaining([
        ['api-1', 1],
        ['api-2', 1],
      ]),
    );
    expect(emf).toHaveLength(2);
    const logs = lines.filter((line) => !('_aws' in line));
    expect(logs).toHaveLength(4);
    for (const [requestId, awsRequestId] of [
      ['api-1', 'aws-1'],
      ['api-2', 'aws-2'],
    ]) {
      const mine = logs.filter((line) => line.requestId === requestId);
      expect(mine.map((line) => line.message)).toEqual(['creating', 'writing the item']);
      for (const line of mine) {
        expect(line).toMatchObject({
          awsRequestId,
          route: 'POST /api/clients',
          functionName: 'HearthTestFunction',
          coldStart: expect.any(Boolean),
        });
      }
    }
  });

  it('counts from error answers too: a refused login is a LoginFailure, any 429 a ThrottleRefusal, each in one line', async () => {
    let attempt = 0;
    const handler = buildRouteHandler(loginRoute, {}, async () => {
      attempt += 1;
      throw attempt === 1
        ? unauthorized('Invalid username or password')
        : tooManyRequests('Too many failed login attempts.', 60);
    });
    const lines = await captureOutput(inLambda, async () => {
      expect((await invokeAs(handler, loginRoute, 'login-1', 'aws-l1')).statusCode).toBe(401);
      expect((await invokeAs(handler, loginRoute, 'login-2', 'aws-l2')).statusCode).toBe(429);
    });
    expect(
      emfLines(lines).map(({ requestId, LoginFailures, ThrottleRefusals }) => ({
        requestId,
        LoginFailures,
        ThrottleRefusals,
      })),
    ).toEqual([
      { requestId: 'login-1', LoginFailures: 1, ThrottleRefusals: undefined },
      { requestId: 'login-2', LoginFailures: undefined, ThrottleRefusals: 1 },
    ]);
  });

  it('writes no EMF line for a request that counted nothing', async () => {
    const handler = buildRouteHandler(testRoute, {}, async () => ({ body: { ok: true } }));
    const lines = await captureOutput(inLambda, () => invokeAs(handler, testRoute, 'plain-1', 'aws-p1'));
    expect(emfLines(lines)).toEqual([]);
  });

  it('counts a client added through the real API (the local runtime shows EMF lines at LOG_LEVEL=debug)', async () => {
    const { client } = await signedInAgent(api);
    const lines = await captureOutput({ LOG_LEVEL: 'debug' }, async () => {
      expect((await client.post('/api/clients', clientInput())).status).toBe(201);
    });
    expect(emfLines(lines)).toEqual([
      expect.objectContaining({ ClientsCreated: 1, route: 'POST /api/clients', functionName: 'clients-post-clients' }),
    ]);
  });

  it('declares business metrics only for handlers of the route table', () => {
    const handlers = new Set(routes.map((route) => route.handler));
    expect(Object.keys(ROUTE_METRICS).filter((handler) => !handlers.has(handler))).toEqual([]);
  });
});

describe('answers are typed by the route (shared/api-types.ts ApiResponses, checked by npx tsc)', () => {
  it("refuses at compile time a body that is not the route's type, a body on a file route and an unknown route", () => {
    const definitions = [
      // @ts-expect-error GET /api/clients answers Client[], not a page object
      () => defineHandler('clients/get-clients', {}, async () => ({ body: { clients: [] } })),
      // @ts-expect-error CalendarFeedStatus has createdAt too
      () => defineHandler('user/get-user-calendar', {}, async () => ({ body: { exists: false, url: null } })),
      // @ts-expect-error the calendar feed answers a file (raw), never a JSON body
      () => definePublicHandler('calendar/get-calendar-feed', {}, async () => ({ body: { events: [] } })),
      // @ts-expect-error a slug that is not in the route table
      () => defineHandler('clients/get-everything', {}, async () => ({})),
    ];
    const rightShape = defineHandler('user/get-user-calendar', {}, async () => ({
      body: { exists: false, url: null, createdAt: null },
    }));
    // The type is the check: built, the wrong shapes would be ordinary handlers; the unknown slug is refused by the
    // route table too.
    expect(definitions[0]!().route.handler).toBe('clients/get-clients');
    expect(() => definitions[3]!()).toThrow();
    expect(rightShape.route.handler).toBe('user/get-user-calendar');
  });
});

describe('error answers declared in the options', () => {
  class SeatTakenError extends Error {}
  class GoneError extends Error {}

  it('turns each declared error class into its answer, wherever in the handler it is thrown', async () => {
    const errors = [
      errorAnswer(SeatTakenError, () => conflict('That seat is taken.')),
      errorAnswer(GoneError, () => notFound('Gone')),
    ];
    const seat = buildRouteHandler(testRoute, { errors }, async () => {
      throw new SeatTakenError('taken');
    });
    const gone = buildRouteHandler(testRoute, { errors }, async () => Promise.reject(new GoneError('gone')));
    const seatAnswer = await invoke(seat, event('{}'));
    expect(seatAnswer.statusCode).toBe(409);
    expect(JSON.parse(seatAnswer.body!)).toEqual({ message: 'That seat is taken.', code: 'CONFLICT' });
    expect((await invoke(gone, event('{}'))).statusCode).toBe(404);
  });

  it('leaves an error no entry names as it was: a 500', async () => {
    const handler = buildRouteHandler(
      testRoute,
      { errors: [errorAnswer(SeatTakenError, () => conflict('That seat is taken.'))] },
      async () => {
        throw new GoneError('gone');
      },
    );
    const answer = await invoke(handler, event('{}'));
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(answer.body!).code).toBe('INTERNAL');
  });
});

describe('refusals answered from the table declared in the options', () => {
  const refusals = refusalAnswers<NotFound<'client'> | TooSoon>({
    'not-found': () => notFound('Client not found'),
    'too-soon': ({ nextAt }) => tooManyRequests('Not before next week.', secondsUntil(nextAt)),
  });
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const tooSoon = (): TooSoon => ({
    kind: 'too-soon',
    lastRequestedAt: new Date().toISOString(),
    nextAt: inAnHour(),
    timeZone: 'UTC',
  });

  it('answers a refusal the handler returns with its entry: status, code, message and headers', async () => {
    const missing = buildRouteHandler(testRoute, { refusals }, async () => ({ kind: 'not-found', what: 'client' }));
    const limited = buildRouteHandler(testRoute, { refusals }, async () => tooSoon());
    const missingAnswer = await invoke(missing, event('{}'));
    expect(missingAnswer.statusCode).toBe(404);
    expect(JSON.parse(missingAnswer.body!)).toEqual({ message: 'Client not found', code: 'NOT_FOUND' });
    const limitedAnswer = await invoke(limited, event('{}'));
    expect(limitedAnswer.statusCode).toBe(429);
    expect(JSON.parse(limitedAnswer.body!)).toEqual({ message: 'Not before next week.', code: 'RATE_LIMITED' });
    expect(Number(limitedAnswer.headers!['retry-after'])).toBeGreaterThan(3500);
  });

  it('answers a Refused thrown deeper in the handler by the same entry, beside the declared errors', async () => {
    class SeatTakenError extends Error {}
    const handler = buildRouteHandler(
      testRoute,
      { errors: [errorAnswer(SeatTakenError, () => conflict('That seat is taken.'))], refusals },
      async () => {
        throw new Refused({ kind: 'not-found', what: 'client' });
      },
    );
    const answer = await invoke(handler, event('{}'));
    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(answer.body!)).toEqual({ message: 'Client not found', code: 'NOT_FOUND' });
  });

  it('leaves a refusal its table does not name a 500, as an undeclared error', async () => {
    const handler = buildRouteHandler(testRoute, { refusals }, async () => {
      throw new Refused({ kind: 'already-reviewed' });
    });
    const answer = await invoke(handler, event('{}'));
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(answer.body!).code).toBe('INTERNAL');
  });

  it('renders an outcome as it is', async () => {
    const handler = buildRouteHandler(testRoute, { refusals }, async () => ({ status: 201, body: { ok: true } }));
    const answer = await invoke(handler, event('{}'));
    expect(answer.statusCode).toBe(201);
    expect(JSON.parse(answer.body!)).toEqual({ ok: true });
  });
});

describe('defining a handler', () => {
  it("refuses at load a handler defined for another access than its route's, saying which to use", () => {
    const answer = async () => ({ status: 200 as const, body: {} as never });
    expect(() => defineHandler('auth/post-login', {}, answer)).toThrow(
      'auth/post-login is public in the route table: use definePublicHandler',
    );
    expect(() => definePublicHandler('user/get-user', {}, answer)).toThrow(
      'user/get-user is agent in the route table: use defineHandler',
    );
    expect(defineHandler('user/get-user', {}, answer).route).toMatchObject({ path: '/api/user', access: 'agent' });
    expect(definePublicHandler('auth/post-login', {}, answer).route).toMatchObject({ access: 'public' });
  });
});
