// Admin mode on the client routes: an administrator may name an `agentId` and act for that agent
// (within that agent's plan). Anyone else naming another agent is refused (a refusal value): the
// field gives an agent no power over anyone's clients but their own. (Refusals of the write itself,
// saying whose plan is full: clientWriteErrorFor in functions/http/client-errors.ts.)
import * as yup from 'yup';
import { ID_PATTERN, isId } from '@shared/schemas';
import { actorOf, clientFor } from '../data/client-access';
import type { ClientItem } from '../data/clients';
import { getUserById, isAdmin, type UserItem } from '../data/users';
import { isRefusal, type InvalidAgentId, type NotAdmin, type NotFound } from '../domain/refusals';

export const AGENT_ID_MESSAGE = 'agentId must be an agent id';

export const agentIdSchema = yup
  .string()
  .trim()
  .matches(ID_PATTERN, { message: AGENT_ID_MESSAGE, excludeEmptyString: true });

/** The agent id sent (trimmed), undefined when none was, or refused when it cannot be one. */
export function parseAgentId(value: unknown): string | undefined | InvalidAgentId {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !isId(value.trim())) return { kind: 'invalid-agent-id' };
  return value.trim();
}

/** The agent whose clients this request acts on: the caller, or (administrators only) the agent named. */
export async function actingAgent(
  user: UserItem,
  agentId: string | undefined,
): Promise<UserItem | NotAdmin | NotFound<'agent'>> {
  if (!agentId || agentId === user.id) return user;
  if (!isAdmin(user)) return { kind: 'not-admin' };
  const agent = await getUserById(agentId, true);
  return agent ?? { kind: 'not-found', what: 'agent' };
}

/**
 * The client a PATCH edits, and the time zone of its agent (for milestones). Agents reach only their own clients;
 * an administrator reaches any client by id, or within the agent named (the access rule's admin mode).
 */
export async function clientForEdit(
  user: UserItem,
  clientId: string,
  agentId: string | undefined,
): Promise<{ client: ClientItem; agentTimeZone: string } | NotAdmin | NotFound<'agent' | 'client'>> {
  const noClient = { kind: 'not-found', what: 'client' } as const;
  if (agentId) {
    const agent = await actingAgent(user, agentId);
    if (isRefusal(agent)) return agent;
    const client = await clientFor(actorOf(agent), clientId);
    return client ? { client, agentTimeZone: agent.timeZone } : noClient;
  }
  const client = await clientFor(actorOf(user), clientId, 'administer');
  if (!client) return noClient;
  if (client.agentId === user.id) return { client, agentTimeZone: user.timeZone };
  const agent = await getUserById(client.agentId);
  return { client, agentTimeZone: agent?.timeZone ?? user.timeZone };
}
