// Admin mode on the client routes: an administrator may name an `agentId` and act for that agent
// (within that agent's plan). Anyone else naming another agent is refused: the field gives an
// agent no power over anyone's clients but their own. (Refusals of the write itself, saying whose
// plan is full: clientWriteErrorFor in functions/http/client-errors.ts.)
import * as yup from 'yup';
import { ID_PATTERN, isId } from '@shared/schemas';
import { actorOf, clientFor } from '../data/client-access';
import type { ClientItem } from '../data/clients';
import { getUserById, isAdmin, type UserItem } from '../data/users';
import { badRequest, forbidden, notFound } from '../http/errors';

export const AGENT_ID_MESSAGE = 'agentId must be an agent id';
export const NOT_ADMIN_MESSAGE = 'Only administrators can manage clients for another agent.';

export const agentIdSchema = yup
  .string()
  .trim()
  .matches(ID_PATTERN, { message: AGENT_ID_MESSAGE, excludeEmptyString: true });

export function parseAgentId(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !isId(value.trim()))
    throw badRequest(AGENT_ID_MESSAGE, { agentId: AGENT_ID_MESSAGE });
  return value.trim();
}

/** The agent whose clients this request acts on: the caller, or (administrators only) the agent named. */
export async function actingAgent(user: UserItem, agentId: string | undefined): Promise<UserItem> {
  if (!agentId || agentId === user.id) return user;
  if (!isAdmin(user)) throw forbidden(NOT_ADMIN_MESSAGE, 'NOT_ADMIN');
  const agent = await getUserById(agentId, true);
  if (!agent) throw notFound('Agent not found');
  return agent;
}

/**
 * The client a PATCH edits, and the time zone of its agent (for milestones). Agents reach only their own clients;
 * an administrator reaches any client by id, or within the agent named (the access rule's admin mode).
 */
export async function clientForEdit(
  user: UserItem,
  clientId: string,
  agentId: string | undefined,
): Promise<{ client: ClientItem; agentTimeZone: string } | undefined> {
  if (agentId) {
    const agent = await actingAgent(user, agentId);
    const client = await clientFor(actorOf(agent), clientId);
    return client ? { client, agentTimeZone: agent.timeZone } : undefined;
  }
  const client = await clientFor(actorOf(user), clientId, 'administer');
  if (!client) return undefined;
  if (client.agentId === user.id) return { client, agentTimeZone: user.timeZone };
  const agent = await getUserById(client.agentId);
  return { client, agentTimeZone: agent?.timeZone ?? user.timeZone };
}
