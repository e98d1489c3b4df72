// The tracked review links of review requests: one item per link, its token naming the agent and the client
// (GET /r/{token}; what opening it does is services/review-links.ts's).
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, getItem, table } from './db';
import { reviewLinkKey } from './keys/reviews';
import { ownerIndexKeys } from './keys/table';

export type ReviewLinkItem = { agentId: string; clientId: string };

export async function putReviewLink(token: string, agentId: string, clientId: string, now: Date): Promise<void> {
  const key = reviewLinkKey(token);
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...key,
        type: 'review-link',
        agentId,
        clientId,
        createdAt: now.toISOString(),
        ...ownerIndexKeys(agentId, key, clientId),
      },
    }),
  );
}

export async function getReviewLink(token: string): Promise<ReviewLinkItem | undefined> {
  return getItem<ReviewLinkItem>(reviewLinkKey(token));
}
