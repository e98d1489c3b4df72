// Who may see and change a client, decided here and nowhere else, so that sharing a book (teams, assistants) is a
// change to this file. Today: an agent reaches their own clients; an administrator reaches any agent's client on
// the routes that act for agents (admin mode).

export type ClientActor = { id: string; admin: boolean };

/** `own`: the agent's own book (every agent route); `administer`: admin mode (an administrator acts for agents). */
export type ClientAccess = 'own' | 'administer';

/** Whether the actor reaches clients beyond their own book on this kind of route. */
export const reachesEveryBook = (actor: ClientActor, access: ClientAccess): boolean =>
  access === 'administer' && actor.admin;

export function canAccess(actor: ClientActor, client: { agentId: string }, access: ClientAccess = 'own'): boolean {
  return client.agentId === actor.id || reachesEveryBook(actor, access);
}
