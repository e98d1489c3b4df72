// Property-based fuzzing of every route, generated from the route table: wrong types, missing and
// extra fields, huge strings, unicode and control characters, prototype keys, malformed JSON and
// wrong content types. Every refused request answers a 4xx in the error shape, nothing answers 5xx
// or leaks a stack trace, and a refused request writes nothing. On the handler harness, where each handler reads its
// input. What the runtime adds is tested on it: Lambda's event limit (413, handlers/clients/clients-import.test.ts)
// and the twin's IAM check of each call (functions/local/twin, and every flow of the browser suite).
import fc from 'fast-check';
import { routes, type Route } from './routes';
import { clientInput, setEmailVerified } from './testing/factories';
import type { ApiClient } from './testing/local-api';
import { startHandlerApi, type HandlerApi } from './testing/handler-api';
import { countItems } from './testing/table';

const ADMIN_EMAIL = 'fuzz-admin@example.com';
const FIELDS = [
  'username',
  'password',
  'fullName',
  'phone',
  'name',
  'email',
  'address',
  'birthday',
  'anniversary',
  'purchaseDate',
  'status',
  'token',
  'newPassword',
  'agentId',
  'googlePlaceId',
  'businessName',
  'businessLocation',
  'clientId',
  'clientToken',
  'contentType',
  'size',
  'ids',
  'clients',
  'timeZone',
  'emailDigest',
  'sms',
  'leadDays',
  'q',
  'phoneNumber',
  'subject',
  'message',
  'reply',
  'close',
];
/** Routes left out of fuzzing and why. */
const SKIPPED: Record<string, string> = { 'auth/post-logout': 'ends the session the fuzzer uses; takes no body' };
/**
 * Requests per route and run: one of the named cases below, then generated ones. The seed changes with every run
 * (FUZZ_SEED repeats one), so each run tries new inputs; the named cases are sent in every run whatever the seed.
 */
const RUNS_PER_ROUTE = 4;

let api: HandlerApi;
let agent: ApiClient;
let admin: ApiClient;
let clientId = '';
let requests = 0;

beforeAll(async () => {
  api = await startHandlerApi({ adminEmails: ADMIN_EMAIL, s3: true, backgroundTasks: true });
  agent = api.client();
  admin = api.client();
  const registered = [
    await agent.post('/api/register', {
      username: 'fuzz-agent@example.com',
      password: 'fuzz-password',
      fullName: 'Fuzz Agent',
      phone: '(512) 555-8001',
    }),
    await admin.post('/api/register', {
      username: ADMIN_EMAIL,
      password: 'fuzz-password',
      fullName: 'Fuzz Admin',
      phone: '(512) 555-8002',
    }),
  ];
  // Verified, so the fuzzer reaches past the EMAIL_UNVERIFIED and administrator checks.
  for (const res of registered) await setEmailVerified(res.body.id as string);
  clientId = (await agent.post('/api/clients', clientInput())).body.id;
});
afterAll(() => api.close());

/** Control and unicode characters, markup, injections: each a value of every field in one named case. */
const ODD_STRINGS = [
  '\u0000',
  '\u202e\u0041',
  '\ud83d\ude00'.repeat(50),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '=cmd|/C calc!A0',
  '../../etc/passwd',
  '%00',
  '{{7*7}}',
];
/** Prototype keys, malformed JSON, JSON that is not an object, a duplicated key. */
const ODD_BODIES = [
  '{"__proto__":{"isAdmin":true},"name":"x"}',
  '{"constructor":{"prototype":{"isPro":true}}}',
  '{"a":',
  '[]',
  'null',
  '"text"',
  '',
  '{"username":"a@b.co","password":"x","password":"y"}',
];
/** A huge string: a field of 1 or 2 MB. */
const hugeBody = (megabytes: number) =>
  JSON.stringify({ name: 'x'.repeat(megabytes * 1024 * 1024), email: 'big@example.com' });
const JSON_TYPE = 'application/json';
const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
];
const ODD_PATH_VALUES = [
  '%00',
  '..%2F..%2Fadmin',
  '__proto__',
  'constructor',
  'a'.repeat(2000),
  encodeURIComponent('<x>'),
];
/** A path parameter as the client sends it: encoded, at most 2,100 characters. */
const asPathValue = (value: string) => encodeURIComponent(value).slice(0, 2100) || 'x';
const QUERY_KEYS = ['q', 'limit', 'cursor', 'agentId', 'status', '__proto__'];

const nasty = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme-composite', maxLength: 40 }),
  fc.constantFrom(...ODD_STRINGS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A request body as raw text, so prototype keys and malformed JSON survive. */
const rawBody = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_BODIES) },
  { weight: 1, arbitrary: fc.constantFrom(1, 2).map(hugeBody) },
);
const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant(JSON_TYPE) },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_CONTENT_TYPES) },
);
const pathValue = fc
  .oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom(...ODD_PATH_VALUES))
  .map(asPathValue);
const query = fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 30 }), { maxKeys: 3 });

/** A request's inputs: the body, its content type, the path parameter, whether the real client's id, the query. */
type Inputs = [body: string, type: string, param: string, useRealId: boolean, query: Record<string, string>];

/**
 * The cases named at the top, each a whole request: a route with a body gets the next body case (an odd body, every
 * field set to one odd string, an odd content type, the huge string), a GET the next query with one odd key and value
 * and, when it has a path parameter, the next odd path value, round their lists. So every run sends each of them to a
 * route or more, whatever the seed (checked below).
 */
const BODY_CASES: Array<[body: string, type: string]> = [
  ...ODD_BODIES.map((body): [string, string] => [body, JSON_TYPE]),
  ...ODD_STRINGS.map((text): [string, string] => [
    JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, text]))),
    JSON_TYPE,
  ]),
  ...ODD_CONTENT_TYPES.map((type): [string, string] => ['{"name":"x","email":"x@example.com"}', type]),
  [hugeBody(2), JSON_TYPE],
];
const fuzzedRoutes = routes.filter((route) => !SKIPPED[route.handler]);
const bodyRoutes = fuzzedRoutes.filter((route) => route.method !== 'GET');
const getRoutes = fuzzedRoutes.filter((route) => route.method === 'GET');
const getRoutesWithParameter = getRoutes.filter((route) => route.path.includes('{'));
const nth = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
function namedCase(route: Route): Inputs {
  if (route.method !== 'GET') return [...nth(BODY_CASES, bodyRoutes.indexOf(route)), 'x', true, {}];
  const n = getRoutes.indexOf(route);
  const param = asPathValue(nth(ODD_PATH_VALUES, Math.max(0, getRoutesWithParameter.indexOf(route))));
  return ['', JSON_TYPE, param, false, { [nth(QUERY_KEYS, n)]: nth(ODD_STRINGS, n) }];
}

/** What requests wrote: every item but the throttle counters (refused logins count by design). */
const countWritten = (): Promise<number> =>
  countItems({
    FilterExpression: '#t <> :throttle',
    ExpressionAttributeNames: { '#t': 'type' },
    ExpressionAttributeValues: { ':throttle': 'throttle' },
  });

/**
 * The count a refused request left: it wrote nothing, so the next request starts from it without another scan (a scan
 * costs as much as a request). A request let through may write: the next one counts again.
 */
let countAfterRefusal: number | undefined;

function actorFor(route: Route): ApiClient {
  if (route.access === 'admin') return admin;
  if (route.access === 'agent') return agent;
  return api.client();
}

describe('fuzzing every route (generated from the route table)', () => {
  for (const route of fuzzedRoutes) {
    it(`${route.method} ${route.path} answers bad input with a clear 4xx, never 5xx, and writes nothing when it refuses`, async () => {
      await fc.assert(
        fc.asyncProperty(
          rawBody,
          contentType,
          pathValue,
          fc.boolean(),
          query,
          async (body, type, param, useRealId, q) => {
            const path = route.path.replace(/\{([^}]+)\}/g, () => (useRealId ? clientId : param));
            const search = new URLSearchParams(q).toString();
            const before = countAfterRefusal ?? (await countWritten());
            countAfterRefusal = undefined;
            const client = actorFor(route);
            const res = await client.request(
              route.method,
              `${path}${search ? `?${search}` : ''}`,
              route.method === 'GET' ? {} : { body, headers: { 'content-type': type } },
            );
            requests += 1;
            expect(res.status).toBeLessThan(500);
            expect(res.text).not.toMatch(/\n\s+at .+:\d+:\d+/);
            if (res.status >= 400) {
              expect(res.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
              const after = await countWritten();
              expect(after).toBe(before);
              countAfterRefusal = after;
            }
          },
        ),
        {
          numRuns: RUNS_PER_ROUTE,
          examples: [namedCase(route)],
          seed: Number(process.env.FUZZ_SEED ?? Date.now() % 100000),
        },
      );
    });
  }

  it(`sent ${RUNS_PER_ROUTE} requests to every fuzzed route in this run, each named case among them`, () => {
    expect(requests).toBeGreaterThanOrEqual(RUNS_PER_ROUTE * fuzzedRoutes.length);
    // A route of its kind for every named case (each route's named case is its first request).
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(BODY_CASES.length);
    expect(getRoutesWithParameter.length).toBeGreaterThanOrEqual(ODD_PATH_VALUES.length);
    expect(getRoutes.length).toBeGreaterThanOrEqual(Math.max(QUERY_KEYS.length, ODD_STRINGS.length));
  });

  it('kept the agent working and unprivileged throughout', async () => {
    const me = await agent.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ isAdmin: false, isPro: false });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
