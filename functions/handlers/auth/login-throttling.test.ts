// Login throttling at the handler, with the password checks counted: every attempt takes its
// slots before the check, so no number of parallel guesses gets more checks than the limits allow.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { verifyAgainstDummy, verifyPassword } from '../../domain/passwords';
import { newAgent } from '../../testing/local-api';
import { LOGIN_LIMITS } from '../../services/login';
import { handler } from './post-login';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

jest.mock('../../domain/passwords', () => {
  const actual = jest.requireActual('../../domain/passwords');
  return {
    ...actual,
    verifyPassword: jest.fn(actual.verifyPassword),
    verifyAgainstDummy: jest.fn(actual.verifyAgainstDummy),
  };
});

let api: HandlerApi;
useHandlerApi((started) => (api = started));
beforeEach(() => jest.clearAllMocks());

const passwordChecks = () =>
  jest.mocked(verifyPassword).mock.calls.length + jest.mocked(verifyAgainstDummy).mock.calls.length;

let addresses = 0;
/** An address no other test uses, so the per-IP window starts empty. */
const freshIp = () => {
  addresses += 1;
  return `203.0.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
};

function login(username: string, password: string, sourceIp: string): Promise<APIGatewayProxyStructuredResultV2> {
  const event = {
    version: '2.0',
    routeKey: 'POST /api/login',
    rawPath: '/api/login',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', origin: api.url },
    requestContext: { http: { method: 'POST', path: '/api/login', sourceIp }, requestId: `login-${Math.random()}` },
    body: JSON.stringify({ username, password }),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  return handler(event, {
    awsRequestId: 'login',
    getRemainingTimeInMillis: () => 30_000,
  } as unknown as Context) as Promise<APIGatewayProxyStructuredResultV2>;
}

async function registered() {
  const details = newAgent();
  expect((await api.client().post('/api/register', details)).status).toBe(201);
  return details;
}

describe('login throttling against parallel guesses', () => {
  it(`checks at most ${LOGIN_LIMITS.perAccountFromIp.free} passwords for 200 concurrent wrong guesses at one account from one address`, async () => {
    const { username } = await registered();
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => login(username, `wrong-${i}`, ip)));
    expect(passwordChecks()).toBeGreaterThan(0);
    expect(passwordChecks()).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountFromIp.free);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(passwordChecks());
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(200 - passwordChecks());
    expect(Number(refused[0]!.headers!['retry-after'])).toBeGreaterThan(0);
  });

  it(`checks at most ${LOGIN_LIMITS.perAccount.free} passwords for 200 concurrent wrong guesses at one account from 200 addresses`, async () => {
    const { username } = await registered();
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => login(username, `wrong-${i}`, freshIp())));
    expect(passwordChecks()).toBeGreaterThan(0);
    expect(passwordChecks()).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount.free);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(200 - passwordChecks());
  });

  it(`checks at most ${LOGIN_LIMITS.perIp.max} passwords for 200 concurrent guesses at different accounts from one address`, async () => {
    const ip = freshIp();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(`sprayed-${i}-${ip}@example.com`, 'Winter2030!', ip)),
    );
    expect(passwordChecks()).toBeLessThanOrEqual(LOGIN_LIMITS.perIp.max);
  });
});

describe('login throttling that cannot be turned against the owner', () => {
  it('does not hold the owner back when another address has used up its tries', async () => {
    const details = await registered();
    const guesser = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perAccountFromIp.free; i += 1)
      expect((await login(details.username, `wrong-${i}`, guesser)).statusCode).toBe(401);
    expect((await login(details.username, details.password, guesser)).statusCode).toBe(429);
    expect((await login(details.username, details.password, freshIp())).statusCode).toBe(200);
  });

  it('never counts a successful login: failures in a row start over after it', async () => {
    const details = await registered();
    const ip = freshIp();
    const fails = (count: number) =>
      Promise.all(Array.from({ length: count }, (_, i) => login(details.username, `wrong-${i}`, ip)));
    expect((await fails(LOGIN_LIMITS.perAccountFromIp.free - 1)).map((r) => r.statusCode)).not.toContain(429);
    expect((await login(details.username, details.password, ip)).statusCode).toBe(200);
    expect((await fails(LOGIN_LIMITS.perAccountFromIp.free - 1)).map((r) => r.statusCode)).not.toContain(429);
    expect((await login(details.username, details.password, ip)).statusCode).toBe(200);
  });

  it(`asks for at most ${LOGIN_LIMITS.perAccountFromIp.firstDelaySeconds} s after the first failure past the allowance, not a fixed lockout`, async () => {
    const details = await registered();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perAccountFromIp.free; i += 1) await login(details.username, `wrong-${i}`, ip);
    const refused = await login(details.username, details.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers!['retry-after'])).toBeLessThanOrEqual(
      LOGIN_LIMITS.perAccountFromIp.firstDelaySeconds,
    );
    expect(JSON.parse(refused.body!)).toEqual({
      message: 'Too many failed login attempts. Please wait a few minutes and try again.',
      code: 'RATE_LIMITED',
    });
  });
});
