// Agents as administrators see them: the agents index (gsi1 AGENTS) read with a projection, so a
// password hash or session never leaves the table, and usernames looked up by id for joins.
import type { AdminAgent } from '@shared/api-types';
import { batchGet, queryAll } from './db';
import { GSI1 } from './keys/table';
import { AGENTS_PARTITION, userKey } from './keys/users';
import { sendingPausedOf } from './users';

/** What toAdminAgent reads of a profile (an agent's list and the admin export read these only). */
export const AGENT_FIELDS = [
  'id',
  'username',
  'fullName',
  'phone',
  'signupDate',
  'lastLoginDate',
  'isPro',
  'isAdmin',
  'clientCount',
  'businessName',
  'businessLocation',
  'sendingPause',
] as const;

type AgentRow = Partial<Record<(typeof AGENT_FIELDS)[number], unknown>>;

const projection = (fields: readonly string[]) => ({
  ProjectionExpression: fields.map((_, i) => `#p${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#p${i}`, f])),
});

export function toAdminAgent(row: AgentRow): AdminAgent {
  return {
    id: String(row.id),
    username: String(row.username),
    fullName: String(row.fullName ?? ''),
    phone: typeof row.phone === 'string' && row.phone ? row.phone : null,
    signupDate: String(row.signupDate),
    lastLoginDate: typeof row.lastLoginDate === 'string' ? row.lastLoginDate : null,
    isPro: row.isPro === true,
    isAdmin: row.isAdmin === true,
    clientCount: Math.max(0, Number(row.clientCount ?? 0) || 0),
    businessName: typeof row.businessName === 'string' && row.businessName ? row.businessName : null,
    businessLocation: typeof row.businessLocation === 'string' && row.businessLocation ? row.businessLocation : null,
    sendingPaused: sendingPausedOf(row.sendingPause),
  };
}

/** Every agent, oldest signup first: the agents index paginated through (it grows with agents, not clients). */
export async function listAgents(): Promise<AdminAgent[]> {
  const { ProjectionExpression, ExpressionAttributeNames } = projection(AGENT_FIELDS);
  const rows = await queryAll<AgentRow>({
    IndexName: GSI1,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { ...ExpressionAttributeNames, '#pk': 'gsi1pk' },
    ExpressionAttributeValues: { ':pk': AGENTS_PARTITION },
    ProjectionExpression,
  });
  return rows.map(toAdminAgent);
}

/** Usernames of these users (missing users are left out), by BatchGet of 100 keys at a time. */
export async function usernamesById(ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter(Boolean);
  const found = new Map<string, string>();
  for (const item of await batchGet(
    unique.map((id) => userKey(id)),
    projection(['id', 'username']),
  ))
    found.set(String(item.id), String(item.username));
  return found;
}
