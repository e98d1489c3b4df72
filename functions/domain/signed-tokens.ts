// Signed, short bearer tokens (compact JWS, HS256): the session cookie names a server-side session,
// the reset token names a single-use reset record. The signature only proves we issued it; the
// record behind it decides whether it is still good.
import { errors, jwtVerify, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';

export type TokenPurpose = 'session' | 'reset' | 'client-upload' | 'payment-simulator';

export const randomId = (bytes = 16): string => randomBytes(bytes).toString('base64url');

export async function signToken(
  key: Uint8Array,
  purpose: TokenPurpose,
  claims: { sub: string; jti: string; [extra: string]: string },
  ttlSeconds: number,
): Promise<string> {
  const { sub, jti, ...extra } = claims;
  return new SignJWT({ ...extra, pur: purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key);
}

export type VerifiedToken = { sub: string; jti: string; claims: Record<string, unknown> };

/** The token's subject and id, or null when it is malformed, forged, expired or for another purpose. */
export async function verifyToken(key: Uint8Array, purpose: TokenPurpose, token: string): Promise<VerifiedToken | null> {
  if (token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (payload.pur !== purpose || typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
    return { sub: payload.sub, jti: payload.jti, claims: payload };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
