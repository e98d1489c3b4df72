// The clientToken a registration hands to the visitor's browser: a short-lived signed token that
// lets it upload a testimonial for that one client, and nothing else.
import { REGISTRATION_MESSAGES } from '@shared/client-registration';
import { signingKeys } from '../config';
import { randomId, signToken, verifyToken } from '../domain/signed-tokens';
import { forbidden, HttpError } from '../http/errors';

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
 * The client and agent the token names: 401 when it is forged, expired or malformed, 403 when it names another client.
 */
export async function requireClientUploadToken(
  token: string,
  clientId: string,
): Promise<{ clientId: string; agentId: string }> {
  const verified = await verifyToken(await signingKeys(), 'client-upload', token);
  const agentId = verified?.claims.agent;
  if (!verified || typeof agentId !== 'string' || !agentId) {
    throw new HttpError(401, REGISTRATION_MESSAGES.uploadExpired, { code: 'CLIENT_TOKEN_INVALID' });
  }
  if (verified.sub !== clientId) throw forbidden('This upload link belongs to someone else.', 'CLIENT_TOKEN_MISMATCH');
  return { clientId, agentId };
}
