// An administrator's view of one agent's clients, a page at a time, each with the agent's username.
import type { AdminClientPage } from '@shared/api-types';
import { pageAgentClients } from '../data/admin-clients';
import { toClient } from '../data/clients';
import { getUserById } from '../data/users';
import type { NotFound } from '../domain/refusals';

/** A page of the agent's clients (InvalidCursorError for a page link that is not one of theirs). */
export async function agentClientsPage(
  agentId: string | undefined,
  page: { limit: number; cursor?: string },
): Promise<AdminClientPage | NotFound<'agent'>> {
  const agent = agentId ? await getUserById(agentId) : undefined;
  if (!agent) return { kind: 'not-found', what: 'agent' };
  const { items, nextCursor } = await pageAgentClients(agent.id, page);
  return { clients: items.map((c) => ({ ...toClient(c), agentUsername: agent.username })), nextCursor };
}
