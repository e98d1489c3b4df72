// Reads a client for someone who asks for it by id, through the one access rule (functions/domain/client-access.ts):
// the asker's own partition first (an id from a URL is never enough to reach another agent's client), then, where
// the rule lets the asker reach other books, the client wherever it is.
import { canAccess, reachesEveryBook, type ClientAccess, type ClientActor } from '../domain/client-access';
import { findClientById } from './admin-clients';
import { getClient, type ClientItem } from './clients';
import { isAdmin, type UserItem } from './users';

export type { ClientActor, ClientAccess };

/** The user as the access rule sees them (administrator from the verified e-mail and today's ADMIN_EMAILS). */
export const actorOf = (user: Pick<UserItem, 'id' | 'username' | 'emailVerifiedAt'>): ClientActor => ({
  id: user.id,
  admin: isAdmin(user),
});

/**
 * An agent acting within their own book, when only their id is at hand (a job run for them, a use case handed the id):
 * on the `own` routes whether they administer does not matter.
 */
export const agentActor = (agentId: string): ClientActor => ({ id: agentId, admin: false });

/** The client with this id if the actor may see and change it; undefined otherwise (answered as not found). */
export async function clientFor(
  actor: ClientActor,
  clientId: string,
  access: ClientAccess = 'own',
): Promise<ClientItem | undefined> {
  const own = await getClient(actor.id, clientId);
  if (own) return canAccess(actor, own, access) ? own : undefined;
  if (!reachesEveryBook(actor, access)) return undefined;
  const found = await findClientById(clientId);
  // The index is eventually consistent: the client is read again by its key.
  const client = found ? await getClient(found.agentId, found.id) : undefined;
  return client && canAccess(actor, client, access) ? client : undefined;
}
