// Keys of the agents' Google reviews and the clients' review links. Access patterns:
//  - a Google connection .. GetItem AGENT#<agentId> / GOOGLE#CONNECTION (the sealed refresh token, the account,
//                            the locations, the chosen one, its rating); connected agents: Query gsi1 GOOGLECONNECTED;
//                            calendars owing Google a write-out: Query gsi3 GCALOUT, gsi3sk <markedAt>#<agentId>
//  - Google OAuth state .... conditional Delete GOOGLESTATE#<sha256(state)> / STATE (single use; PKCE verifier; TTL)
//  - an agent's Google reviews GetItem AGENT#<agentId> / GREVIEW#<reviewId>; newest first: Query gsi1
//                            GREVIEWS#<agentId>, gsi1sk <createTime>#<reviewId> descending
//  - a calendar watch channel GetItem GCALCHANNEL#<channelId> / CHANNEL → the agent and the hash of its token (the push
//                            route; TTL: the channel's end)
//  - a client's review link  GetItem REVIEWLINK#<token> / LINK → agent and client (GET /r/{token})
import { agentItemKey } from './table';

export const googleConnectionKey = (agentId: string) => agentItemKey(agentId, 'GOOGLE#CONNECTION');
export const GOOGLE_CONNECTED_PARTITION = 'GOOGLECONNECTED';
export const googleConnectedIndexKeys = (agentId: string) => ({ gsi1pk: GOOGLE_CONNECTED_PARTITION, gsi1sk: agentId });
export const CALENDAR_OUT_PARTITION = 'GCALOUT';
export const calendarOutIndexKeys = (agentId: string, markedAt: string) => ({
  gsi3pk: CALENDAR_OUT_PARTITION,
  gsi3sk: `${markedAt}#${agentId}`,
});
export const googleChannelKey = (channelId: string) => ({ pk: `GCALCHANNEL#${channelId}`, sk: 'CHANNEL' });
export const googleStateKey = (stateHash: string) => ({ pk: `GOOGLESTATE#${stateHash}`, sk: 'STATE' });
export const GOOGLE_REVIEW_PREFIX = 'GREVIEW#';
export const googleReviewKey = (agentId: string, reviewId: string) =>
  agentItemKey(agentId, `${GOOGLE_REVIEW_PREFIX}${reviewId}`);
export const googleReviewsPartition = (agentId: string) => `GREVIEWS#${agentId}`;
export const googleReviewIndexKeys = (agentId: string, createTime: string, reviewId: string) => ({
  gsi1pk: googleReviewsPartition(agentId),
  gsi1sk: `${createTime}#${reviewId}`,
});
export const reviewLinkKey = (token: string) => ({ pk: `REVIEWLINK#${token}`, sk: 'LINK' });
/** The tracked "free home valuation" link of a monthly home update: GetItem HOMELINK#<token> / LINK. */
export const homeLinkKey = (token: string) => ({ pk: `HOMELINK#${token}`, sk: 'LINK' });
