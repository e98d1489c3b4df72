// Unsubscribe links: a signed, opaque token per agent and client (functions/domain/signed-tokens.ts)
// in every e-mail an agent sends a client, in the body and in the List-Unsubscribe header.
import { signingKeys } from '../config';
import { optOutClient } from './client-contact';
import { getUserById } from '../data/users';
import { signToken, verifyToken } from '../domain/signed-tokens';

/** How long an unsubscribe link keeps working: mail is read, and kept, for a long time. */
export const UNSUBSCRIBE_TOKEN_TTL_SECONDS = 2 * 365 * 86_400;

export async function unsubscribeToken(agentId: string, clientId: string): Promise<string> {
  return signToken(await signingKeys(), 'unsubscribe', { sub: agentId, jti: clientId }, UNSUBSCRIBE_TOKEN_TTL_SECONDS);
}

/** Stops this agent's e-mail to this client. Idempotent; undefined when the token is not ours or the client is gone. */
export async function unsubscribe(token: string, now = new Date()): Promise<{ agentName: string } | undefined> {
  const verified = await verifyToken(await signingKeys(), 'unsubscribe', token);
  if (!verified) return undefined;
  const agent = await getUserById(verified.sub);
  if (!agent || !(await optOutClient(verified.sub, verified.jti, 'email', now))) return undefined;
  return { agentName: agent.fullName };
}
