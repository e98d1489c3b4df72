// The item behind a tracked link (a review request's, a home update's): its token's key naming the agent and the
// client, in the agent's index so the account's erasure finds it; kept for ever, or `keptSeconds` with a TTL.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './db';
import { ownerIndexKeys } from './keys/table';

export type TrackedLinkItem = { agentId: string; clientId: string };

export async function putTrackedLink(
  key: { pk: string; sk: string },
  type: 'review-link' | 'home-link',
  link: TrackedLinkItem,
  now: Date,
  keptSeconds?: number,
): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...key,
        type,
        agentId: link.agentId,
        clientId: link.clientId,
        createdAt: now.toISOString(),
        ...(keptSeconds === undefined ? {} : { ttl: Math.floor(now.getTime() / 1000) + keptSeconds }),
        ...ownerIndexKeys(link.agentId, key, link.clientId),
      },
    }),
  );
}
