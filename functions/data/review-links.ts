// The tracked review links of review requests: one item per link, its token naming the agent and the client
// (GET /r/{token}; what opening it does is services/review-links.ts's).
import { getItem } from './db';
import { reviewLinkKey } from './keys/reviews';
import { putTrackedLink, type TrackedLinkItem } from './tracked-links';

export type ReviewLinkItem = TrackedLinkItem;

export function putReviewLink(token: string, agentId: string, clientId: string, now: Date): Promise<void> {
  return putTrackedLink(reviewLinkKey(token), 'review-link', { agentId, clientId }, now);
}

export async function getReviewLink(token: string): Promise<ReviewLinkItem | undefined> {
  return getItem<ReviewLinkItem>(reviewLinkKey(token));
}
