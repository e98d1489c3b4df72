// The clientToken a registration hands to the visitor's browser: a short-lived signed token that
// lets it upload a testimonial for that one client, and nothing else.
import { signingKeys } from '../config';
import type { UploadTokenInvalid, UploadTokenMismatch } from '../domain/refusals';
import { randomId, signToken, verifyToken } from '../domain/signed-tokens';

export const CLIENT_TOKEN_TTL_SECONDS = 30 * 60;

export async function issueClientUploadToken(
  clientId: string,
  agentId: string,
  now = Date.now(),
): Promise<{ token: string; expiresAt: string }> {
  const token = await signToken(
    await signingKeys(),
    'client-upload',
    { sub: clientId, jti: randomId(), agent: agentId },
    CLIENT_TOKEN_TTL_SECONDS,
  );
  return { token, expiresAt: new Date(now + CLIENT_TOKEN_TTL_SECONDS * 1000).toISOString() };
}

/**
 * The client and agent the token names; refused when it is forged, expired or malformed (invalid), or names another
 * client (mismatch).
 */
export async function verifyClientUploadToken(
  token: string,
  clientId: string,
): Promise<{ clientId: string; agentId: string } | UploadTokenInvalid | UploadTokenMismatch> {
  const verified = await verifyToken(await signingKeys(), 'client-upload', token);
  const agentId = verified?.claims.agent;
  if (!verified || typeof agentId !== 'string' || !agentId) return { kind: 'upload-token-invalid' };
  if (verified.sub !== clientId) return { kind: 'upload-token-mismatch' };
  return { clientId, agentId };
}
