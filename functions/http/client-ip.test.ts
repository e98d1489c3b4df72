// The throttles' client address: CloudFront's viewer address only behind our own CloudFront (the
// origin-verify secret matches), the connection's address otherwise.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { resetConfig } from '../config';
import { readLimit } from '../data/throttle';
import { AGENT_SEARCH_LIMIT } from '../services/agent-search';
import { startTestApi, type TestApi } from '../testing/local-api';
import { startFakeSecretsExtension } from '../testing/secrets-extension';
import { LOCAL_IP, resetLimit } from '../testing/throttle';
import {
  addressGroup,
  cameThroughEdge,
  clientIp,
  ORIGIN_VERIFY_HEADER,
  parseViewerAddress,
  VIEWER_ADDRESS_HEADER,
} from './client-ip';

const SECRET = 'origin-verify-secret-for-tests-0123456789';
const EDGE_IP = '130.176.1.2';

function event(headers: Record<string, string>, sourceIp = EDGE_IP): APIGatewayProxyEventV2 {
  return {
    headers,
    requestContext: { http: { method: 'GET', path: '/api/x', sourceIp } },
  } as unknown as APIGatewayProxyEventV2;
}

describe('parseViewerAddress', () => {
  it.each([
    ['IPv4 and port', '198.51.100.10:46532', '198.51.100.10'],
    ['IPv6 and port, as CloudFront writes it', '2001:DB8:85A3::8A2E:370:7334:46532', '2001:db8:85a3::8a2e:370:7334'],
    ['a short IPv6 and port', '::1:443', '::1'],
    ['bracketed IPv6 and port', '[2001:db8::1]:443', '2001:db8::1'],
    ['bracketed IPv6 without port', '[::1]', '::1'],
    ['IPv4-mapped IPv6 and port', '::ffff:203.0.113.9:443', '203.0.113.9'],
    ['a bare IPv4', '192.0.2.1', '192.0.2.1'],
    ['surrounding spaces', '  192.0.2.1:80 ', '192.0.2.1'],
    ['two joined values (the last is CloudFront’s)', '6.6.6.6:1, 198.51.100.10:443', '198.51.100.10'],
  ])('reads %s', (_label, value, expected) => {
    expect(parseViewerAddress(value)).toBe(expected);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['a name', 'evil.example.com:443'],
    ['a word', 'spoofed'],
    ['a non-numeric port', '192.0.2.1:http'],
    ['a port over 65535', '192.0.2.1:99999'],
    ['an empty port', '192.0.2.1:'],
    ['an IPv4 out of range', '999.1.1.1:80'],
    ['IPv4 in brackets', '[192.0.2.1]:80'],
    ['an unclosed bracket', '[::1:443'],
    ['a bracketed empty port', '[::1]:'],
    ['something very long', `${'1'.repeat(80)}:80`],
  ])('answers undefined for %s', (_label, value) => {
    expect(parseViewerAddress(value)).toBeUndefined();
  });
});

describe('addressGroup (the per-IP throttle key)', () => {
  it.each([
    ['an IPv4 address as is', '198.51.100.10', '198.51.100.10'],
    ['an IPv6 address as its /64', '2001:DB8:85A3:0001:8A2E:370:7334:1', '2001:db8:85a3:1::/64'],
    ['a compressed IPv6 address', '2001:db8::7', '2001:db8:0:0::/64'],
    ['a compression inside the first four groups', '2001:db8::1:2:3:4', '2001:db8:0:0::/64'],
    ['leading zeros', '2001:0db8:0000:00a0::1', '2001:db8:0:a0::/64'],
    ['loopback', '::1', '0:0:0:0::/64'],
    ['an IPv4-mapped address as IPv4', '::ffff:203.0.113.9', '203.0.113.9'],
    ['a zone id dropped', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['something that is no address as is', 'unknown', 'unknown'],
  ])('keys %s', (_label, ip, expected) => {
    expect(addressGroup(ip)).toBe(expected);
  });

  it('gives every address of one /64 the same key and a neighbouring /64 another', () => {
    expect(addressGroup('2001:db8:1:2::1')).toBe(addressGroup('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'));
  });
});

describe('clientIp', () => {
  const configured = jest.fn(async () => SECRET as string | undefined);
  beforeEach(() => configured.mockClear());

  it('is the viewer address when the origin-verify header carries the secret', async () => {
    expect(
      await clientIp(
        event({ [ORIGIN_VERIFY_HEADER]: SECRET, 'cloudfront-viewer-address': '198.51.100.10:46532' }),
        configured,
      ),
    ).toBe('198.51.100.10');
    expect(
      await clientIp(event({ 'X-Origin-Verify': SECRET, [VIEWER_ADDRESS_HEADER]: '[2001:db8::1]:443' }), configured),
    ).toBe('2001:db8::1');
  });

  it('is the connection address for a spoofed viewer address without the secret, and reads no secret for it', async () => {
    expect(await clientIp(event({ 'cloudfront-viewer-address': '198.51.100.10:46532' }), configured)).toBe(EDGE_IP);
    expect(configured).not.toHaveBeenCalled();
  });

  it('is the connection address when the secret is wrong', async () => {
    for (const wrong of ['', 'guess', `${SECRET}x`, SECRET.slice(0, -1), SECRET.toUpperCase()]) {
      expect(
        await clientIp(
          event({ [ORIGIN_VERIFY_HEADER]: wrong, 'cloudfront-viewer-address': '198.51.100.10:1' }),
          configured,
        ),
      ).toBe(EDGE_IP);
    }
  });

  it('is the connection address when no secret is configured (the local runtime), whatever the headers say', async () => {
    const none = async () => undefined;
    expect(
      await clientIp(event({ [ORIGIN_VERIFY_HEADER]: SECRET, 'cloudfront-viewer-address': '198.51.100.10:1' }), none),
    ).toBe(EDGE_IP);
    expect(
      await clientIp(
        event({ [ORIGIN_VERIFY_HEADER]: '', 'cloudfront-viewer-address': '198.51.100.10:1' }),
        async () => '',
      ),
    ).toBe(EDGE_IP);
  });

  it('is the connection address when the verified viewer address is missing or malformed', async () => {
    expect(await clientIp(event({ [ORIGIN_VERIFY_HEADER]: SECRET }), configured)).toBe(EDGE_IP);
    expect(
      await clientIp(
        event({ [ORIGIN_VERIFY_HEADER]: SECRET, 'cloudfront-viewer-address': 'not-an-ip:80' }),
        configured,
      ),
    ).toBe(EDGE_IP);
  });

  it("says 'unknown' when there is no address at all", async () => {
    expect(await clientIp({ headers: {} } as unknown as APIGatewayProxyEventV2, configured)).toBe('unknown');
  });
});

describe('cameThroughEdge', () => {
  const configured = async () => SECRET as string | undefined;

  it('is true only with the exact secret when one is configured', async () => {
    expect(await cameThroughEdge(event({ [ORIGIN_VERIFY_HEADER]: SECRET }), configured)).toBe(true);
    expect(await cameThroughEdge(event({ 'X-Origin-Verify': SECRET }), configured)).toBe(true);
    for (const headers of <Record<string, string>[]>[
      {},
      { [ORIGIN_VERIFY_HEADER]: '' },
      { [ORIGIN_VERIFY_HEADER]: `${SECRET}x` },
      { [ORIGIN_VERIFY_HEADER]: SECRET.toUpperCase() },
    ]) {
      expect(await cameThroughEdge(event(headers), configured)).toBe(false);
    }
  });

  it('is true for anything without a configured secret (the local runtime), and false for everything when the secret is empty', async () => {
    expect(await cameThroughEdge(event({}), async () => undefined)).toBe(true);
    expect(await cameThroughEdge(event({ [ORIGIN_VERIFY_HEADER]: '' }), async () => '')).toBe(false);
  });
});

describe('the per-IP throttles behind CloudFront', () => {
  let api: TestApi;
  const VIEWER_A = '198.51.100.10';
  const VIEWER_B = '2001:db8::7';
  const search = (headers: Record<string, string>) => api.client().get('/api/public/agents?q=abc', { headers });
  const throughCloudFront = (viewerAddress: string) => ({
    [ORIGIN_VERIFY_HEADER]: SECRET,
    [VIEWER_ADDRESS_HEADER]: viewerAddress,
  });
  const searchesCounted = async (ip: string) =>
    (await readLimit({ scope: 'agent-search-ip', id: ip, ...AGENT_SEARCH_LIMIT })).count;

  beforeAll(async () => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
    // Without the twin, on purpose: these requests play CloudFront themselves (each its own x-origin-verify and
    // CloudFront-Viewer-Address), which the twin's edge would replace with its own secret and this socket's address.
    api = await startTestApi({ twin: false });
  });
  afterAll(async () => {
    await api.close();
    delete process.env.ORIGIN_VERIFY_SECRET;
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    resetConfig();
  });
  beforeEach(async () => {
    for (const ip of [LOCAL_IP, VIEWER_A, addressGroup(VIEWER_B)])
      await resetLimit('agent-search-ip', ip, AGENT_SEARCH_LIMIT.windowSeconds);
  });

  it('key on the viewer address when the origin-verify header matches', async () => {
    for (let i = 0; i < AGENT_SEARCH_LIMIT.max; i += 1)
      expect((await search(throughCloudFront(`${VIEWER_A}:${40000 + i}`))).status).toBe(200);
    expect((await search(throughCloudFront(`${VIEWER_A}:50000`))).status).toBe(429);

    // Another viewer behind the same edge (here: the same socket address) is not held back.
    expect((await search(throughCloudFront(`[${VIEWER_B}]:443`))).status).toBe(200);
    expect(await searchesCounted(VIEWER_A)).toBe(AGENT_SEARCH_LIMIT.max + 1);
    expect(await searchesCounted(addressGroup(VIEWER_B))).toBe(1);
    expect(await searchesCounted(LOCAL_IP)).toBe(0);
  });

  it('count every address of one IPv6 /64 together, and another /64 apart', async () => {
    const sameNetwork = (i: number) => `[2001:db8:0:0:${(i + 1).toString(16)}::9]:443`;
    for (let i = 0; i < AGENT_SEARCH_LIMIT.max; i += 1)
      expect((await search(throughCloudFront(sameNetwork(i)))).status).toBe(200);
    expect((await search(throughCloudFront(sameNetwork(AGENT_SEARCH_LIMIT.max)))).status).toBe(429);
    expect((await search(throughCloudFront('[2001:db8:0:1::9]:443'))).status).toBe(200);
    expect(await searchesCounted(addressGroup(VIEWER_B))).toBe(AGENT_SEARCH_LIMIT.max + 1);
    await resetLimit('agent-search-ip', '2001:db8:0:1::/64', AGENT_SEARCH_LIMIT.windowSeconds);
  });

  it('refuse a request without the secret, or with a wrong one, before it is counted (the execute-api URL is no way around the WAF)', async () => {
    for (const headers of <Record<string, string>[]>[
      { [VIEWER_ADDRESS_HEADER]: `${VIEWER_A}:1` },
      { [ORIGIN_VERIFY_HEADER]: 'a-guess', [VIEWER_ADDRESS_HEADER]: `${VIEWER_A}:1` },
      {},
    ]) {
      const res = await search(headers);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 403,
        body: { message: "Requests must come through the app's address.", code: 'ORIGIN_UNVERIFIED' },
      });
    }
    expect((await api.client().post('/api/login', { username: 'a@b.co', password: 'x' })).status).toBe(403);
    expect(await searchesCounted(LOCAL_IP)).toBe(0);
    expect(await searchesCounted(VIEWER_A)).toBe(0);
  });

  it('answer 503 with Retry-After, counting nothing, while the secret cannot be read, and read it again next time', async () => {
    delete process.env.ORIGIN_VERIFY_SECRET;
    process.env.ORIGIN_VERIFY_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:origin-verify';
    resetConfig();
    const extension = await startFakeSecretsExtension({ [process.env.ORIGIN_VERIFY_SECRET_ARN]: SECRET });
    extension.failWith(503);
    try {
      const refused = await search(throughCloudFront(`${VIEWER_A}:1`));
      expect({
        status: refused.status,
        code: refused.body.code,
        retryAfter: refused.headers.get('retry-after'),
      }).toEqual({ status: 503, code: 'UNAVAILABLE', retryAfter: '1' });
      extension.failWith(undefined);
      expect((await search(throughCloudFront(`${VIEWER_A}:2`))).status).toBe(200);
      expect(extension.requests).toEqual([process.env.ORIGIN_VERIFY_SECRET_ARN, process.env.ORIGIN_VERIFY_SECRET_ARN]);
    } finally {
      await extension.close();
      delete process.env.ORIGIN_VERIFY_SECRET_ARN;
      process.env.ORIGIN_VERIFY_SECRET = SECRET;
      resetConfig();
    }
    expect(await searchesCounted(LOCAL_IP)).toBe(0);
    expect(await searchesCounted(VIEWER_A)).toBe(1);
  });
});
