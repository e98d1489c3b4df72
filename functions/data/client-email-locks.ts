// The per-agent lock on a client e-mail (AGENT#<agentId> / CLIENTEMAIL#<email> → clientId): an
// agent never has two clients with one e-mail. A unique lock (unique-locks.ts) whose owner is the client.
import { ClientEmailTakenError } from '../domain/client-errors';
import { batchGet } from './db';
import { clientEmailLockKey } from './keys/clients';
import { getClient } from './clients';
import { claimUniqueLock, lockOwner, releaseUniqueLock, type UniqueLock } from './unique-locks';

export { ClientEmailTakenError };

const emailLock = (agentId: string, email: string): UniqueLock => ({
  key: clientEmailLockKey(agentId, email),
  type: 'client-email',
  ownerAttribute: 'clientId',
  ownerExists: async (clientId) => (await getClient(agentId, clientId)) !== undefined,
});

/**
 * Takes the agent's lock on this e-mail for `clientId` and returns the id the client must be
 * written under (with `adopt`, a young lock's own: see claimUniqueLock). Throws
 * ClientEmailTakenError for an e-mail another client has.
 */
export async function claimClientEmail(
  agentId: string,
  email: string,
  clientId: string,
  now: Date,
  { adopt = false } = {},
): Promise<string> {
  const claim = await claimUniqueLock(emailLock(agentId, email), clientId, now.toISOString(), { adopt });
  if (!claim.granted) throw new ClientEmailTakenError(claim.holder ?? 'unknown');
  return claim.ownerId;
}

export async function releaseClientEmail(agentId: string, email: string, clientId: string): Promise<void> {
  await releaseUniqueLock(emailLock(agentId, email), clientId);
}

export function findClientIdByEmail(agentId: string, email: string): Promise<string | undefined> {
  return lockOwner(emailLock(agentId, email));
}

/**
 * The client each of these e-mails names (lowercased e-mail → client id), for the ones the agent has: one BatchGet per
 * 100.
 */
export async function findClientIdsByEmail(agentId: string, emails: readonly string[]): Promise<Map<string, string>> {
  const keys = [...new Set(emails.map((email) => email.toLowerCase()))].map((email) =>
    clientEmailLockKey(agentId, email),
  );
  const locks = await batchGet<{ sk: string; clientId: string }>(keys, { ConsistentRead: true });
  const prefix = clientEmailLockKey(agentId, '').sk;
  return new Map(locks.map((lock) => [lock.sk.slice(prefix.length), lock.clientId]));
}
