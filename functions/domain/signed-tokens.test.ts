// The HS256 tokens, checked against jose (a reference JWS implementation) in both directions, and
// against the forgeries a bearer token must refuse.
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { createHmac } from 'node:crypto';
import { randomId, signToken, verifyToken } from './signed-tokens';
import { derivePurposeKey, rootKeyId } from './signing-keys';

const key = new TextEncoder().encode('a-test-signing-key-of-at-least-32-characters');
const otherKey = new TextEncoder().encode('another-test-key-of-at-least-32-characters!!');
const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const sign = (header: unknown, payload: unknown, k: Uint8Array = key) => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', k).update(input).digest('base64url')}`;
};
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('signed tokens', () => {
  it('round-trips: subject, id, purpose and extra claims', async () => {
    const token = await signToken(key, 'session', { sub: 'user-1', jti: 'abc', extra: 'x' }, 60);
    const verified = await verifyToken(key, 'session', token);
    expect(verified).toMatchObject({ sub: 'user-1', jti: 'abc', claims: { pur: 'session', extra: 'x' } });
  });

  it("issues tokens jose verifies as HS256 JWTs with iat and exp, under the purpose's key named by kid", async () => {
    const token = await signToken(key, 'reset', { sub: 'user-2', jti: 'r1' }, 3600);
    const { payload, protectedHeader } = await jwtVerify(token, derivePurposeKey(key, 'reset'), {
      algorithms: ['HS256'],
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', kid: rootKeyId(key) });
    expect(payload).toMatchObject({ sub: 'user-2', jti: 'r1', pur: 'reset' });
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('accepts HS256 tokens jose issues, whatever the header order', async () => {
    const token = await new SignJWT({ pur: 'session' })
      .setProtectedHeader({ typ: 'JWT', alg: 'HS256' })
      .setSubject('u')
      .setJti('j')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect(await verifyToken(key, 'session', token)).toMatchObject({ sub: 'u', jti: 'j' });
  });

  it('refuses another key, another purpose, a changed payload and a truncated signature', async () => {
    const token = await signToken(key, 'session', { sub: 'user-1', jti: 'abc' }, 60);
    expect(await verifyToken(otherKey, 'session', token)).toBeNull();
    expect(await verifyToken(key, 'reset', token)).toBeNull();
    const [h, , s] = token.split('.');
    expect(
      await verifyToken(
        key,
        'session',
        `${h}.${b64({ sub: 'admin', jti: 'abc', pur: 'session', exp: inAnHour() })}.${s}`,
      ),
    ).toBeNull();
    expect(await verifyToken(key, 'session', token.slice(0, -2))).toBeNull();
  });

  it('refuses expired tokens, tokens without exp and tokens issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(
      await verifyToken(
        key,
        'session',
        sign({ alg: 'HS256', typ: 'JWT' }, { sub: 'u', jti: 'j', pur: 'session', exp: now - 1 }),
      ),
    ).toBeNull();
    expect(
      await verifyToken(key, 'session', sign({ alg: 'HS256', typ: 'JWT' }, { sub: 'u', jti: 'j', pur: 'session' })),
    ).toBeNull();
    expect(
      await verifyToken(
        key,
        'session',
        sign({ alg: 'HS256', typ: 'JWT' }, { sub: 'u', jti: 'j', pur: 'session', exp: inAnHour(), iat: now + 3600 }),
      ),
    ).toBeNull();
    expect(
      await verifyToken(
        key,
        'session',
        sign({ alg: 'HS256', typ: 'JWT' }, { sub: 'u', jti: 'j', pur: 'session', exp: 'never' }),
      ),
    ).toBeNull();
  });

  it('refuses alg none, other algorithms and headers with other fields, even when the MAC is right', async () => {
    const claims = { sub: 'u', jti: 'j', pur: 'session', exp: inAnHour() };
    const unsecured = new UnsecuredJWT(claims).encode();
    expect(await verifyToken(key, 'session', unsecured)).toBeNull();
    expect(await verifyToken(key, 'session', sign({ alg: 'none' }, claims))).toBeNull();
    expect(await verifyToken(key, 'session', sign({ alg: 'HS512', typ: 'JWT' }, claims))).toBeNull();
    expect(
      await verifyToken(key, 'session', sign({ alg: 'HS256', typ: 'JWT', kid: '../../etc/passwd' }, claims)),
    ).toBeNull();
    expect(await verifyToken(key, 'session', sign({ alg: 'HS256', crit: ['b64'], b64: false }, claims))).toBeNull();
    expect(await verifyToken(key, 'session', sign({ alg: 'HS256' }, claims))).toMatchObject({ sub: 'u' });
  });

  it('refuses malformed tokens without throwing', async () => {
    const samples = [
      '',
      'a',
      'a.b',
      'a.b.c.d',
      '..',
      'a b.c.d',
      `${b64({ alg: 'HS256' })}.not json!.sig`,
      sign({ alg: 'HS256' }, 'not an object'),
      sign({ alg: 'HS256' }, [1, 2]),
      sign('not json', {}),
      'x'.repeat(5000),
    ];
    for (const sample of samples) expect(await verifyToken(key, 'session', sample)).toBeNull();
    expect(
      await verifyToken(key, 'session', sign({ alg: 'HS256' }, { sub: 1, jti: 'j', pur: 'session', exp: inAnHour() })),
    ).toBeNull();
  });

  it('makes url-safe random ids of the length asked', () => {
    expect(randomId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomId(32)).toHaveLength(43);
    expect(new Set(Array.from({ length: 100 }, () => randomId())).size).toBe(100);
  });
});
