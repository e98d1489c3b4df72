// The tracked "free home valuation" links of the monthly home updates: one item per update sent, its token naming the
// agent and the client (GET /api/home-valuation/{token}; what opening it does is services/home-updates.ts's). Kept a
// year and a month (an old update's link still works for a while, then lapses with its TTL).
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, getItem, table } from './db';
import { homeLinkKey } from './keys/reviews';
import { ownerIndexKeys } from './keys/table';

export type HomeLinkItem = { agentId: string; clientId: string };

const KEPT_SECONDS = 400 * 86_400;

export async function putHomeLink(token: string, agentId: string, clientId: string, now: Date): Promise<void> {
  const key = homeLinkKey(token);
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...key,
        type: 'home-link',
        agentId,
        clientId,
        createdAt: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + KEPT_SECONDS,
        ...ownerIndexKeys(agentId, key, clientId),
      },
    }),
  );
}

export function getHomeLink(token: string): Promise<HomeLinkItem | undefined> {
  return getItem<HomeLinkItem>(homeLinkKey(token));
}
