// Keys of the messages to and from clients: a client's activity, texts held for their hour, the queue of messages
// waiting for approval, conversations and reply notices, the numbers texted, opt-outs and suppressions, SES message
// references and broadcasts. Access patterns:
//  - a client's activity ... Query CLIENT#<clientId>, sk begins_with ACTIVITY# (messages, touches and consent changes;
//                            deleted with the client)
//  - texts due this hour ... Query gsi1 SENDDUE#<UTC hour> (scheduled texts keyed by the first hourly run at or after
//                            their sendAt; the keys are removed when the worker claims the message)
//  - an agent's queue ...... Query gsi2 OUTGOING#<agentId>, gsi2sk begins_with Q# (messages awaiting approval or
//                            scheduled; D#<id> once handled)
//  - an agent's conversations Query gsi1 CONVERSATIONS#<agentId>, newest first (gsi1sk <last message at>#<clientId>);
//                            the unread ones: Query gsi2 UNREAD#<agentId> (same sort key; gsi2pk only while unread).
//                            One item per conversation, CLIENT#<clientId> / CONVERSATION (deleted with the client)
//  - unread conversations .. GetItem AGENT#<agentId> / UNREADCONVERSATIONS (a counter: ADD with each conditional flip)
//  - reply notice throttle . GetItem CLIENT#<clientId> / REPLYNOTICE (when the agent was last told of a reply, and
//                            the replies since, waiting for the next notice)
//  - clients by texted phone Query SMSPHONE#<E.164> (one entry per agent and client we have texted at that number:
//                            inbound STOP marks them opted out)
//  - which agent a shared number's texts go to  GetItem SMSCHOICE#<E.164> / CHOICE (the question asked when several
//                            agents texted it, the texts held for the answer, the agent chosen; expires with the
//                            reply window)
//  - phone opted out ....... GetItem SMSOPTOUT#<HMAC of the E.164 number> / OPTOUT (STOP from that number: no text to
//                            it from anyone; a record from before the hash, SMSOPTOUT#<E.164>, is still read)
//  - e-mail suppressed ..... GetItem MAILSUPPRESS#<HMAC of the address> / SUPPRESS (SES bounce or complaint: no more
//                            e-mail to it; a record from before the hash, MAILSUPPRESS#<email>, is still read)
//  - carried mark keys ..... GetItem MARKKEYS#<root key id> / KEYS (the keys of replaced roots' opt-out marks and reply
//                            addresses, sealed under that root: functions/domain/mark-keys.ts)
//  - opt-out of an erased client  GetItem OPTOUT#<agentId> / <channel>#<HMAC of the normalised address>
//  - every agent's mark of one number  Query gsi1 OPTOUTMARK#<channel>#<HMAC> (a START lifts them all)
//  - a send's destination  BatchGetItem of the agent's OPTOUT# marks and the platform's SMSOPTOUT# or MAILSUPPRESS#
//                            records under every key: one read decides whether it may go (data/opt-out-marks.ts)
//  - message by SES id ..... GetItem SESMSG#<SES message id> / SESMSG → agent, client, activity (bounce events)
//  - a broadcast ........... GetItem AGENT#<agentId> / BROADCAST#<id> (its request, status and total); the agent's
//                            recent ones: Query AGENT#<agentId>, sk begins_with BROADCAST#, newest ids last
//  - its recipients ........ Query AGENT#<agentId>, sk begins_with BCASTTO#<id># (one per client: the message made
//                            for them and why none was, written once the message is)
import { agentItemKey } from './table';

export const ACTIVITY_PREFIX = 'ACTIVITY#';
export const activityKey = (clientId: string, activityId: string) => ({
  pk: `CLIENT#${clientId}`,
  sk: `${ACTIVITY_PREFIX}${activityId}`,
});
export const activityPartition = (clientId: string) => `CLIENT#${clientId}`;
export const dueSendPartition = (hour: string) => `SENDDUE#${hour}`;
export const dueSendIndexKeys = (hour: string, sendAt: string, messageId: string) => ({
  gsi1pk: dueSendPartition(hour),
  gsi1sk: `${sendAt}#${messageId}`,
});

/**
 * An agent's queue (messages awaiting approval or scheduled), on the message item's gsi2: `Q#<id>`
 * while it waits, `D#<id>` once handled, so the queue is read by prefix and a handled message is
 * still found by its id (approve and skip answer the same when repeated).
 */
export const outgoingPartition = (agentId: string) => `OUTGOING#${agentId}`;
export const OUTGOING_WAITING = 'Q#';
export const OUTGOING_DONE = 'D#';
export const outgoingIndexKeys = (agentId: string, messageId: string) => ({
  gsi2pk: outgoingPartition(agentId),
  gsi2sk: `${OUTGOING_WAITING}${messageId}`,
});

export const CONVERSATION_SK = 'CONVERSATION';
export const conversationKey = (clientId: string) => ({ pk: `CLIENT#${clientId}`, sk: CONVERSATION_SK });
export const conversationsPartition = (agentId: string) => `CONVERSATIONS#${agentId}`;
export const unreadConversationsPartition = (agentId: string) => `UNREAD#${agentId}`;
/** Sorts a conversation by its last message, ties by client. */
export const conversationSortKey = (at: string, clientId: string) => `${at}#${clientId}`;
export const unreadCounterKey = (agentId: string) => agentItemKey(agentId, 'UNREADCONVERSATIONS');
export const replyNoticeKey = (clientId: string) => ({ pk: `CLIENT#${clientId}`, sk: 'REPLYNOTICE' });
/** Reply notices holding replies, by the UTC hour (YYYY-MM-DDTHH) their window ends in: the hourly run sends them. */
export const heldNoticePartition = (hour: string) => `NOTICEDUE#${hour}`;

export const smsPhonePartition = (e164: string) => `SMSPHONE#${e164}`;
export const smsPhoneKey = (e164: string, agentId: string, clientId: string) => ({
  pk: smsPhonePartition(e164),
  sk: `AGENT#${agentId}#CLIENT#${clientId}`,
});
export const smsChoiceKey = (e164: string) => ({ pk: `SMSCHOICE#${e164}`, sk: 'CHOICE' });
/** `mark`: the keyed hash of the number (functions/domain/opt-out-marks.ts); a legacy record has the number itself. */
export const smsOptOutKey = (mark: string) => ({ pk: `SMSOPTOUT#${mark}`, sk: 'OPTOUT' });
/** `mark`: the keyed hash of the address; a legacy record has the lower-cased address itself. */
export const mailSuppressionKey = (mark: string) => ({ pk: `MAILSUPPRESS#${mark}`, sk: 'SUPPRESS' });
/** The sealed keys of the roots replaced before the root `kid` names (npm run optouts:rehash writes them). */
export const carriedMarkKeysKey = (kid: string) => ({ pk: `MARKKEYS#${kid}`, sk: 'KEYS' });

/** An erased client's opt-out, kept as a keyed hash of the address (functions/domain/opt-out-marks.ts). */
export const optOutMarkPartition = (agentId: string) => `OPTOUT#${agentId}`;
export const optOutMarkIndexPartition = (channel: string, mark: string) => `OPTOUTMARK#${channel}#${mark}`;
export const optOutMarkIndexKeys = (channel: string, mark: string, agentId: string) => ({
  gsi1pk: optOutMarkIndexPartition(channel, mark),
  gsi1sk: agentId,
});
export const optOutMarkItemKey = (agentId: string, channel: string, mark: string) => ({
  pk: optOutMarkPartition(agentId),
  sk: `${channel}#${mark}`,
});

export const sesMessageKey = (sesMessageId: string) => ({ pk: `SESMSG#${sesMessageId}`, sk: 'SESMSG' });

export const BROADCAST_PREFIX = 'BROADCAST#';
export const broadcastKey = (agentId: string, broadcastId: string) =>
  agentItemKey(agentId, `${BROADCAST_PREFIX}${broadcastId}`);
export const broadcastRecipientPrefix = (broadcastId: string) => `BCASTTO#${broadcastId}#`;
export const broadcastRecipientKey = (agentId: string, broadcastId: string, clientId: string) =>
  agentItemKey(agentId, `${broadcastRecipientPrefix(broadcastId)}${clientId}`);
