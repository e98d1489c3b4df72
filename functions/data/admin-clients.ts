// Clients across agents, for administrators: all clients by creation (gsi1 CLIENTS), one agent's
// clients (their partition), one client by id (gsi2 CLIENT#<id>). Lists come a page at a time with
// an opaque cursor, so no request reads more than a page.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminClient } from '@shared/api-types';
import { toClient, type ClientItem } from './clients';
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX, InvalidCursorError } from '../domain/admin-pages';
import { forEachLimited } from '../lib/concurrency';
import { batchGet, db, queryPage, table } from './db';
import { CLIENT_PREFIX, CLIENTS_PARTITION, clientKey, clientIndexKeys } from './keys/clients';
import { agentPartition, GSI1, GSI2 } from './keys/table';
import { usernamesById } from './agents';

export { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX, InvalidCursorError };

export type ClientPage = { items: ClientItem[]; nextCursor: string | null };

/** All clients, newest first, a page at a time. */
export async function pageAllClients({
  limit = ADMIN_PAGE_DEFAULT,
  cursor,
}: { limit?: number; cursor?: string } = {}): Promise<ClientPage> {
  return queryPage<ClientItem>(
    {
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': CLIENTS_PARTITION },
      ScanIndexForward: false,
      Limit: Math.min(Math.max(1, limit), ADMIN_PAGE_MAX),
    },
    cursor,
    {
      names: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
      check: (k) => k.gsi1pk === CLIENTS_PARTITION && k.pk!.startsWith('AGENT#') && k.sk!.startsWith(CLIENT_PREFIX),
    },
  );
}

/** One agent's clients, a page at a time (their own partition: the same read the agent's list makes). */
export async function pageAgentClients(
  agentId: string,
  { limit = ADMIN_PAGE_DEFAULT, cursor }: { limit?: number; cursor?: string } = {},
): Promise<ClientPage> {
  const partition = agentPartition(agentId);
  return queryPage<ClientItem>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': CLIENT_PREFIX },
      Limit: Math.min(Math.max(1, limit), ADMIN_PAGE_MAX),
    },
    cursor,
    { names: ['pk', 'sk'], check: (k) => k.pk === partition && k.sk!.startsWith(CLIENT_PREFIX) },
  );
}

/** Finds any agent's client by id (gsi2). The index is eventually consistent: re-read by key before writing. */
export async function findClientById(clientId: string): Promise<ClientItem | undefined> {
  if (!clientId || clientId.length > 200) return undefined;
  const { gsi2pk, gsi2sk } = clientIndexKeys('', clientId);
  const out = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk = :sk',
      ExpressionAttributeValues: { ':pk': gsi2pk, ':sk': gsi2sk },
    }),
  );
  return (out.Items ?? [])[0] as ClientItem | undefined;
}

export type ClientRef = { id: string; agentId?: string };

/**
 * The clients named, in the order named, read fresh from the table: ids that come with their agent
 * are read by key (BatchGet), the others are found through gsi2 first. Unknown ids are left out.
 */
export async function readClientsByRef(named: readonly ClientRef[], concurrency = 16): Promise<ClientItem[]> {
  const refs = [...new Map(named.map((r) => [r.id, r])).values()];
  const located: Array<{ id: string; agentId: string }> = [];
  const unlocated = refs.filter((r) => !r.agentId);
  for (const ref of refs) if (ref.agentId) located.push({ id: ref.id, agentId: ref.agentId });
  await forEachLimited(unlocated, concurrency, async (ref) => {
    const found = await findClientById(ref.id);
    if (found) located.push({ id: found.id, agentId: found.agentId });
  });
  const byId = new Map<string, ClientItem>();
  const items = await batchGet<ClientItem>(
    located.map((r) => clientKey(r.agentId, r.id)),
    { ConsistentRead: true },
  );
  for (const item of items) if (item.type === 'client') byId.set(item.id, item);
  return refs.map((r) => byId.get(r.id)).filter((c): c is ClientItem => c !== undefined);
}

/** Clients as the admin lists show them: with their agent's username. */
export async function withAgentUsernames(items: readonly ClientItem[]): Promise<AdminClient[]> {
  const usernames = await usernamesById(items.map((c) => c.agentId));
  return items.map((c) => ({ ...toClient(c), agentUsername: usernames.get(c.agentId) ?? null }));
}
