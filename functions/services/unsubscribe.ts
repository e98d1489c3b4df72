// Unsubscribe links: a signed, opaque token per agent and client (functions/domain/signed-tokens.ts)
// in every e-mail an agent sends a client, in the body and in the List-Unsubscribe header. A link of a client deleted
// or merged away in the last 30 days still stops mail (the client's tombstone, functions/data/client-tombstones.ts),
// and answers as for a live client.
import { signingKeys } from '../config';
import { optOutClient } from './client-contact';
import { getClientTombstone } from '../data/client-tombstones';
import { rememberOptOutMark } from '../data/opt-out-marks';
import { getUserById } from '../data/users';
import { signToken, verifyToken } from '../domain/signed-tokens';

/** How long an unsubscribe link keeps working: mail is read, and kept, for a long time. */
export const UNSUBSCRIBE_TOKEN_TTL_SECONDS = 2 * 365 * 86_400;

export async function unsubscribeToken(agentId: string, clientId: string): Promise<string> {
  return signToken(await signingKeys(), 'unsubscribe', { sub: agentId, jti: clientId }, UNSUBSCRIBE_TOKEN_TTL_SECONDS);
}

/** How many merges in a row a link follows to the client its client went into. */
const MAX_MERGES_FOLLOWED = 5;

/**
 * Stops this agent's e-mail to this client, or to what is left of a client who went in the last 30 days. Idempotent;
 * undefined when the token is not ours, or the client is gone without a tombstone (never, or over 30 days ago).
 */
export async function unsubscribe(token: string, now = new Date()): Promise<{ agentName: string } | undefined> {
  const verified = await verifyToken(await signingKeys(), 'unsubscribe', token);
  if (!verified) return undefined;
  const agent = await getUserById(verified.sub);
  if (!agent) return undefined;
  const done =
    (await optOutClient(agent.id, verified.jti, 'email', now)) || (await optOutGoneClient(agent.id, verified.jti, now));
  return done ? { agentName: agent.fullName } : undefined;
}

/**
 * A client merged away: the client it went into is opted out (following later merges). A client deleted (or merged
 * into one deleted since): its address's opt-out mark, which a client added or imported again at it starts with.
 */
async function optOutGoneClient(agentId: string, clientId: string, now: Date): Promise<boolean> {
  let tombstone = await getClientTombstone(agentId, clientId, now);
  if (!tombstone) return false;
  for (let merges = 0; tombstone.survivorId && merges < MAX_MERGES_FOLLOWED; merges += 1) {
    if (await optOutClient(agentId, tombstone.survivorId, 'email', now)) return true;
    const next = await getClientTombstone(agentId, tombstone.survivorId, now);
    if (!next) break;
    tombstone = next;
  }
  if (tombstone.emailMark) await rememberOptOutMark(agentId, 'email', tombstone.emailMark, now);
  return true;
}
