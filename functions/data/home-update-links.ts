// The tracked "free home valuation" links of the monthly home updates: one item per update sent, its token naming the
// agent and the client (GET /api/home-valuation/{token}; what opening it does is services/home-updates.ts's). Kept a
// year and a month (an old update's link still works for a while, then lapses with its TTL).
import { getItem } from './db';
import { homeLinkKey } from './keys/reviews';
import { putTrackedLink, type TrackedLinkItem } from './tracked-links';

export type HomeLinkItem = TrackedLinkItem;

const KEPT_SECONDS = 400 * 86_400;

export function putHomeLink(token: string, agentId: string, clientId: string, now: Date): Promise<void> {
  return putTrackedLink(homeLinkKey(token), 'home-link', { agentId, clientId }, now, KEPT_SECONDS);
}

export function getHomeLink(token: string): Promise<HomeLinkItem | undefined> {
  return getItem<HomeLinkItem>(homeLinkKey(token));
}
