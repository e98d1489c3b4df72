// The HS256 tokens, checked against jose (a reference JWS implementation) in both directions, and
// against the forgeries a bearer token must refuse.
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { createHmac } from 'node:crypto';
import { randomId, signToken, verifyToken } from './signed-tokens';
import { derivePurposeKey, rootKeyId, rootKeyring } from './signing-keys';

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

  it('refuses a token once it expires though it verified before (a warm function remembers good signatures), and a remembered token never verifies under another key or purpose', async () => {
    const token = await signToken(key, 'session', { sub: 'u', jti: 'remembered' }, 60);
    expect(await verifyToken(key, 'session', token)).toMatchObject({ sub: 'u', jti: 'remembered' });
    expect(await verifyToken(otherKey, 'session', token)).toBeNull();
    expect(await verifyToken(key, 'reset', token)).toBeNull();
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      expect(await verifyToken(key, 'session', token)).toBeNull();
    } finally {
      later.mockRestore();
    }
    expect(await verifyToken(key, 'session', token)).toMatchObject({ jti: 'remembered' });
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

  it('keeps links signed before a key rotation working by their kid, and refuses a kid no root has', async () => {
    const before = await signToken(key, 'unsubscribe', { sub: 'u', jti: 'j' }, 3600);
    const rotated = rootKeyring([otherKey, key]);
    const after = await signToken(rotated, 'unsubscribe', { sub: 'u', jti: 'j2' }, 3600);

    expect(await verifyToken(rotated, 'unsubscribe', before)).toMatchObject({ sub: 'u', jti: 'j' });
    expect(await verifyToken(rotated, 'unsubscribe', after)).toMatchObject({ jti: 'j2' });
    expect(await verifyToken(rootKeyring([otherKey]), 'unsubscribe', before)).toBeNull();
    const claims = { sub: 'u', jti: 'j', pur: 'unsubscribe', exp: inAnHour() };
    const unknownKid = sign({ alg: 'HS256', kid: 'not-a-root-we-have' }, claims, derivePurposeKey(key, 'unsubscribe'));
    expect(await verifyToken(rotated, 'unsubscribe', unknownKid)).toBeNull();
  });

  it('refuses algorithm confusion: another alg in the header, even with our key as its secret or jose signing it', async () => {
    const claims = { sub: 'u', jti: 'j', pur: 'session', exp: inAnHour() };
    const kid = rootKeyId(key);
    const purposeKey = derivePurposeKey(key, 'session');
    // An RS/ES header whose "signature" is an HMAC under our key (the classic public-key-as-secret confusion).
    for (const alg of ['RS256', 'ES256', 'PS256', 'HS384', 'HS512', 'hs256', 'none'])
      expect(await verifyToken(key, 'session', sign({ alg, kid }, claims, purposeKey))).toBeNull();
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', kid }).sign(purposeKey);
    expect(await verifyToken(key, 'session', hs512)).toBeNull();
    // The same claims under the header we issue do verify: the MAC was never the problem.
    expect(await verifyToken(key, 'session', sign({ alg: 'HS256', kid }, claims, purposeKey))).toMatchObject({
      sub: 'u',
    });
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
