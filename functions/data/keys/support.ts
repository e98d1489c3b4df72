// Keys of the agents' support requests. Access patterns:
//  - an agent's support requests Query AGENT#<agentId>, sk begins_with SUPPORT#, newest first (sk
//                            SUPPORT#<createdAt>#<id>)
//  - open support requests . Query gsi1 SUPPORT#OPEN in sort-key order: gsi1sk <0 Pro | 1 standard>#<createdAt>#<id>,
//                            so Pro agents' requests come first and each group oldest first (one Query, no filter)
//  - closed support requests Query gsi1 SUPPORT#CLOSED, newest first (gsi1sk <closedAt>#<id>; closing moves the keys
//                            there)
//  - support request by id . Query gsi2 SUPPORTTICKET#<id> (the administrators' reply and close), then the item by its
//                            keys
import { agentItemKey } from './table';

export const SUPPORT_PREFIX = 'SUPPORT#';
export const supportTicketKey = (agentId: string, createdAt: string, ticketId: string) =>
  agentItemKey(agentId, `${SUPPORT_PREFIX}${createdAt}#${ticketId}`);
export const SUPPORT_OPEN_PARTITION = 'SUPPORT#OPEN';
export const SUPPORT_CLOSED_PARTITION = 'SUPPORT#CLOSED';
/** `0` sorts before `1`: a Pro agent's request before any standard one, then by when it was written. */
export const openSupportIndexKeys = (pro: boolean, createdAt: string, ticketId: string) => ({
  gsi1pk: SUPPORT_OPEN_PARTITION,
  gsi1sk: `${pro ? 0 : 1}#${createdAt}#${ticketId}`,
});
export const closedSupportIndexKeys = (closedAt: string, ticketId: string) => ({
  gsi1pk: SUPPORT_CLOSED_PARTITION,
  gsi1sk: `${closedAt}#${ticketId}`,
});
export const supportTicketIndexKeys = (ticketId: string) => ({
  gsi2pk: `SUPPORTTICKET#${ticketId}`,
  gsi2sk: 'SUPPORTTICKET',
});
