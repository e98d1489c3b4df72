// Signed, short bearer tokens (compact JWS, HS256): the session cookie names a server-side session,
// the reset and e-mail verification tokens name a single-use link record. The signature only proves we issued it; the
// record behind it decides whether it is still good.
//
// HS256 only, written on node:crypto: the header must be exactly the one we issue (no `alg` choice
// is taken from the token, so `none` or RS/HS confusion cannot arise), the MAC is compared in
// constant time, and `exp` is required. Each purpose signs with its own key (functions/domain/signing-keys.ts),
// named in the header by `kid`; a token without one (issued before purpose keys) verifies with the root itself.
// jose checks these tokens both ways in the tests; it is not bundled, which keeps every Lambda about 15 KB smaller.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { rootKeyring, type Keyring } from './signing-keys';

export type TokenPurpose = 'session' | 'reset' | 'verify-email' | 'client-upload' | 'payment-simulator' | 'unsubscribe';

export const randomId = (bytes = 16): string => randomBytes(bytes).toString('base64url');

const LEGACY_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Seconds of clock difference tolerated on `iat`; `exp` is exact. */
const CLOCK_SKEW_SECONDS = 60;

function mac(key: Uint8Array, signingInput: string): Buffer {
  return createHmac('sha256', key).update(signingInput).digest();
}

/** A root secret's bytes stand for the keyring of that one root. */
export type TokenKeys = Keyring | Uint8Array;

const rootKeyrings = new WeakMap<Uint8Array, Keyring>();
function keyringOf(keys: TokenKeys): Keyring {
  if (!(keys instanceof Uint8Array)) return keys;
  let keyring = rootKeyrings.get(keys);
  if (!keyring) {
    keyring = rootKeyring([keys]);
    rootKeyrings.set(keys, keyring);
  }
  return keyring;
}

export async function signToken(
  keys: TokenKeys,
  purpose: TokenPurpose,
  claims: { sub: string; jti: string; [extra: string]: string },
  ttlSeconds: number,
): Promise<string> {
  const { kid, key } = keyringOf(keys).signingKey(purpose);
  const { sub, jti, ...extra } = claims;
  const iat = Math.floor(Date.now() / 1000);
  const payload = Buffer.from(
    JSON.stringify({ ...extra, pur: purpose, sub, jti, iat, exp: iat + ttlSeconds }),
  ).toString('base64url');
  // No `typ` (optional in a JWS): unsubscribe tokens travel in a URL path, whose parameters stay under 256 characters.
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', kid })).toString('base64url');
  const signingInput = `${header}.${payload}`;
  return `${signingInput}.${mac(key, signingInput).toString('base64url')}`;
}

export type VerifiedToken = { sub: string; jti: string; claims: Record<string, unknown> };

/** The token's subject and id, or null when it is malformed, forged, expired or for another purpose. */
export async function verifyToken(
  keys: TokenKeys,
  purpose: TokenPurpose,
  token: string,
): Promise<VerifiedToken | null> {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const kid = keyIdOf(header);
  if (kid === null) return null;
  const presented = Buffer.from(signature, 'base64url');
  const signedBy = keyringOf(keys)
    .verificationKeys(purpose, kid)
    .some((key) => {
      const expected = mac(key, `${header}.${payload}`);
      return presented.length === expected.length && timingSafeEqual(presented, expected);
    });
  if (!signedBy) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return null;
  const { pur, sub, jti, exp, iat } = claims as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= now) return null;
  if (iat !== undefined && (typeof iat !== 'number' || iat > now + CLOCK_SKEW_SECONDS)) return null;
  if (pur !== purpose || typeof sub !== 'string' || typeof jti !== 'string') return null;
  return { sub, jti, claims: claims as Record<string, unknown> };
}

/**
 * The header must say HS256 (as JSON, whatever its key order or spacing) and nothing that changes its meaning: the
 * key id it names, undefined for a token from before key ids, null for a header we never issue.
 */
function keyIdOf(encoded: string): string | undefined | null {
  if (encoded === LEGACY_HEADER) return undefined;
  try {
    const header = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, unknown>;
    const keys = Object.keys(header);
    const valid =
      header.alg === 'HS256' &&
      (header.typ === undefined || header.typ === 'JWT') &&
      (header.kid === undefined || (typeof header.kid === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(header.kid))) &&
      keys.every((k) => k === 'alg' || k === 'typ' || k === 'kid');
    return valid ? (header.kid as string | undefined) : null;
  } catch {
    return null;
  }
}
