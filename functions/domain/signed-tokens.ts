// Signed, short bearer tokens (compact JWS, HS256): the session cookie names a server-side session,
// the reset and e-mail verification tokens name a single-use link record. The signature only proves we issued it; the
// record behind it decides whether it is still good.
//
// HS256 only, written on node:crypto: the header must be exactly the one we issue (no `alg` choice
// is taken from the token, so `none` or RS/HS confusion cannot arise), the MAC is compared in
// constant time, and `exp` is required. jose checks these tokens both ways in the tests; it is not
// bundled, which keeps every Lambda about 15 KB smaller.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'session' | 'reset' | 'verify-email' | 'client-upload' | 'payment-simulator' | 'unsubscribe';

export const randomId = (bytes = 16): string => randomBytes(bytes).toString('base64url');

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Seconds of clock difference tolerated on `iat`; `exp` is exact. */
const CLOCK_SKEW_SECONDS = 60;

function mac(key: Uint8Array, signingInput: string): Buffer {
  return createHmac('sha256', key).update(signingInput).digest();
}

export async function signToken(
  key: Uint8Array,
  purpose: TokenPurpose,
  claims: { sub: string; jti: string; [extra: string]: string },
  ttlSeconds: number,
): Promise<string> {
  const { sub, jti, ...extra } = claims;
  const iat = Math.floor(Date.now() / 1000);
  const payload = Buffer.from(
    JSON.stringify({ ...extra, pur: purpose, sub, jti, iat, exp: iat + ttlSeconds }),
  ).toString('base64url');
  const signingInput = `${HEADER}.${payload}`;
  return `${signingInput}.${mac(key, signingInput).toString('base64url')}`;
}

export type VerifiedToken = { sub: string; jti: string; claims: Record<string, unknown> };

/** The token's subject and id, or null when it is malformed, forged, expired or for another purpose. */
export async function verifyToken(
  key: Uint8Array,
  purpose: TokenPurpose,
  token: string,
): Promise<VerifiedToken | null> {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!sameHeader(header)) return null;
  const expected = mac(key, `${header}.${payload}`);
  const presented = Buffer.from(signature, 'base64url');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
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

/** The header must say HS256 (as JSON, whatever its key order or spacing) and nothing that changes its meaning. */
function sameHeader(encoded: string): boolean {
  if (encoded === HEADER) return true;
  try {
    const header = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, unknown>;
    const keys = Object.keys(header);
    return (
      header.alg === 'HS256' &&
      (header.typ === undefined || header.typ === 'JWT') &&
      keys.every((k) => k === 'alg' || k === 'typ')
    );
  } catch {
    return false;
  }
}
