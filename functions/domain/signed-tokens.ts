// Signed, short bearer tokens (compact JWS, HS256): the session cookie names a server-side session,
// the reset and e-mail verification tokens name a single-use link record. The signature only proves we issued it; the
// record behind it decides whether it is still good.
//
// Signed and verified with jose (the design's library: no hand-written JWS code to get wrong), with our own checks
// around it: the header must be exactly one we issue (HS256, an optional typ and our key id: no `alg` choice is taken
// from the token, so `none` or RS/HS confusion cannot arise, and jose is told HS256 only), `exp` is required and `iat`
// may not be in the future. Each purpose signs with its own key (functions/domain/signing-keys.ts), named in the
// header by `kid`; a token without one (issued before purpose keys) verifies with the root itself.
import { randomBytes, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { rootKeyring, type Keyring, type TokenPurpose } from './signing-keys';

export const randomId = (bytes = 16): string => randomBytes(bytes).toString('base64url');

const LEGACY_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Seconds of clock difference tolerated on `iat`; `exp` is exact. */
const CLOCK_SKEW_SECONDS = 60;

const ALGORITHM = 'HS256';

/** Each key imported once for WebCrypto (what jose signs with), not at every request. */
const cryptoKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function cryptoKeyOf(key: Uint8Array): Promise<webcrypto.CryptoKey> {
  let imported = cryptoKeys.get(key);
  if (!imported) {
    imported = webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    cryptoKeys.set(key, imported);
  }
  return imported;
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
  // No `typ` (optional in a JWS): unsubscribe tokens travel in a URL path, whose parameters stay under 256 characters.
  return new SignJWT({ ...extra, pur: purpose, sub, jti })
    .setProtectedHeader({ alg: ALGORITHM, kid })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(await cryptoKeyOf(key));
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
  const kid = keyIdOf(parts[0]!);
  if (kid === null) return null;
  for (const key of keyringOf(keys).verificationKeys(purpose, kid)) {
    const claims = await claimsSignedBy(token, key);
    if (claims) return checkedClaims(claims, purpose);
  }
  return null;
}

/**
 * Tokens a key has verified, so a warm function checks the signature of the session cookie it sees on every request
 * once, not each time (jose's WebCrypto HMAC was a tenth of a millisecond of a PATCH's CPU). The same bytes signed by
 * the same key verify the same way; `exp` is checked again at every use, and a key the keyring no longer lists is
 * never asked. Bounded: past VERIFIED_TOKENS_KEPT tokens the oldest is forgotten. Only good signatures are kept.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Record<string, unknown>>>();
const VERIFIED_TOKENS_KEPT = 500;

/** The claims when `key` signed the token and it has not expired (jose: HS256 only, `exp` required), else null. */
async function claimsSignedBy(token: string, key: Uint8Array): Promise<Record<string, unknown> | null> {
  let verified = verifiedTokens.get(key);
  const known = verified?.get(token);
  if (known) return (known.exp as number) > Math.floor(Date.now() / 1000) ? { ...known } : null;
  try {
    const { payload } = await jwtVerify(token, await cryptoKeyOf(key), {
      algorithms: [ALGORITHM],
      requiredClaims: ['exp'],
    });
    if (typeof payload.exp === 'number') {
      if (!verified) verifiedTokens.set(key, (verified = new Map()));
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, payload as Record<string, unknown>);
    }
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

function checkedClaims(claims: Record<string, unknown>, purpose: TokenPurpose): VerifiedToken | null {
  const { pur, sub, jti, iat } = claims;
  const now = Math.floor(Date.now() / 1000);
  if (iat !== undefined && (typeof iat !== 'number' || iat > now + CLOCK_SKEW_SECONDS)) return null;
  if (pur !== purpose || typeof sub !== 'string' || typeof jti !== 'string') return null;
  return { sub, jti, claims };
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
