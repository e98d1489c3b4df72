// Every DynamoDB key the product builds, and only here. Access patterns:
//  - user by id ............ GetItem USER#<id> / PROFILE
//  - user by username ...... GetItem USERNAME#<email> / LOCK → userId (uniqueness lock)
//  - phone uniqueness ...... PHONE#<digits> / LOCK
//  - sessions of a user .... Query USER#<id>, sk begins_with SESSION#
//  - agents (admin) ........ Query gsi1 AGENTS, sorted by signup date
//  - a user's reset links .. GetItem RESET#<userId> / LINKS (every live link's jti → expiry in one item)
//  - throttle window ....... GetItem THROTTLE#<scope>#<id> / W#<window start>
//  - throttle delays ....... GetItem THROTTLE#<scope>#<id> / DELAY (failures in a row, next allowed time)
//  - e-mail verification ... GetItem VERIFY#<sha256(jti)> / VERIFY (the link's id is never stored)
//  - platform counters ..... ADD on STATS#<shard> / TOTAL and STATS#<shard> / MONTH#YYYY-MM, shard 0..STATS_SHARDS-1 at
//                            random per write (no hot key); a counter's value is the sum over its shards
//  - an agent's clients .... Query AGENT#<agentId>, sk begins_with CLIENT# (tenancy by construction)
//  - client e-mail per agent GetItem AGENT#<agentId> / CLIENTEMAIL#<email> → clientId (no duplicates)
//  - client by id (admin) .. Query gsi2 CLIENT#<id>
//  - all clients (admin) ... Query gsi1 CLIENTS, sorted by creation
//  - a client's milestones . Query CLIENT#<clientId>, sk begins_with MILESTONE#
//  - invitation by token ... GetItem INVITE#<sha256(token)> / INVITE (the token itself is never stored)
// - an agent's live invite  GetItem AGENT#<agentId> / INVITEEMAIL#<email> → tokenHash, invitationId (re-invite
// replaces;
//                            deleted when the invitation is used or cancelled)
//  - an agent's open invitations Query AGENT#<agentId>, sk begins_with INVITEEMAIL# (the pointers), then BatchGet
//                            their INVITE# items (usedAt, expiry); one by id: the same Query, then GetItem INVITE#
//  - pending video upload .. GetItem UPLOAD#<uploadId> / UPLOAD (key, size and type the server chose)
//  - a client's testimonials Query CLIENT#<clientId>, sk begins_with TESTIMONIAL# (deleted with the client)
//  - user by Stripe customer GetItem STRIPECUSTOMER#<customerId> / LOCK → userId (webhook events)
//  - Stripe event processed  GetItem STRIPE_EVENT#<eventId> / EVENT (conditional put: once per event)
// - analytics counters .... Query each STATS#<shard>, sk BETWEEN MONTH#<first month> AND TOTAL (STATS_SHARDS reads,
// summed)
//  - all milestones (export) Query gsi1 MILESTONES, sorted by award date
//  - all invitations (export) Query gsi1 INVITATIONS, sorted by creation (items carry invitationIndexKeys)
//  - all testimonials (export) Query gsi1 TESTIMONIALS, sorted by upload (items carry testimonialIndexKeys)
//  - agents due a digest ... Query gsi1 AGENTS projecting id and timeZone (the hourly scheduler; never the clients)
// - an agent's daily digest GetItem/conditional Put DIGEST#<agentId>#<date> / DIGEST (once per agent per local day;
// TTL)
//  - calendar feed by secret GetItem CALENDAR#<sha256(secret)> / CALENDAR → agentId (the secret itself is never stored)
// - registration submission GetItem REGSUB#<id> / REGSUB (details for a known client, waiting for the client's
// confirmation; TTL)
//  - realtor search ........ Query DIRECTORY#<first 3 letters of a word>, sk begins_with <word prefix> (one entry per
//                            word of an agent's name and business name: sk <word>#<signupDate>#<userId>)
//  - an agent's daily sends  conditional ADD on SENDS#<agentId> / <channel>#<UTC date> (the outbound caps; TTL)
//  - an agent's AI drafts a day conditional ADD on SENDS#<agentId> / ai-draft#<UTC date> (the draft quota; TTL)
//  - an agent's bounces and complaints ADD on SENDS#<agentId> / bounce#<UTC date>, complaint#<UTC date>; read with
//                            the e-mail counts by one Query of SENDS#<agentId> (the sending review; TTL)
//  - SES event counted once  conditional Put SESEVENT#<SES message id> / <bounce|complaint> (TTL)
//  - the platform's sends .. conditional ADD on PLATFORMSENDS#<channel>#<UTC date> / COUNT (the circuit breaker; TTL)
// - a client's activity ... Query CLIENT#<clientId>, sk begins_with ACTIVITY# (messages, touches and consent changes;
// deleted with the client)
//  - texts due this hour ... Query gsi1 SENDDUE#<UTC hour> (scheduled texts keyed by the first hourly run at or after
//                            their sendAt; the keys are removed when the worker claims the message)
//  - clients by texted phone Query SMSPHONE#<E.164> (one entry per agent and client we have texted at that number:
//                            inbound STOP marks them opted out)
//  - phone opted out ....... GetItem SMSOPTOUT#<HMAC of the E.164 number> / OPTOUT (STOP from that number: no text to
//                            it from anyone; a record from before the hash, SMSOPTOUT#<E.164>, is still read)
//  - e-mail suppressed ..... GetItem MAILSUPPRESS#<HMAC of the address> / SUPPRESS (SES bounce or complaint: no more
//                            e-mail to it; a record from before the hash, MAILSUPPRESS#<email>, is still read)
//  - carried mark keys ..... GetItem MARKKEYS#<root key id> / KEYS (the keys of replaced roots' opt-out marks and reply
//                            addresses, sealed under that root: functions/domain/mark-keys.ts)
//  - message by SES id ..... GetItem SESMSG#<SES message id> / SESMSG → agent, client, activity (bounce events)
// - an agent's support requests Query AGENT#<agentId>, sk begins_with SUPPORT#, newest first (sk
// SUPPORT#<createdAt>#<id>)
// - open support requests . Query gsi1 SUPPORT#OPEN in sort-key order: gsi1sk <0 Pro | 1 standard>#<createdAt>#<id>, so
//                            Pro agents' requests come first and each group oldest first (one Query, no filter)
// - closed support requests Query gsi1 SUPPORT#CLOSED, newest first (gsi1sk <closedAt>#<id>; closing moves the keys
// there)
// - support request by id . Query gsi2 SUPPORTTICKET#<id> (the administrators' reply and close), then the item by its
// keys
// - an agent's insights .. GetItem INSIGHTS#<agentId> / BOOK (completion bands and key dates per MM-DD of the book as
// it
//                            is) and Query INSIGHTS#<agentId>, sk >= M#<YYYY-MM> (month counters, months in the agent's
// zone); both kept by ADD on write (functions/data/insights.ts), rebuilt by insights:recompute
// - occasion messaged once  conditional Put HANDLED#<agentId>#<clientId> / <occasion>#<year> (TTL): counted once a year
//  - monthly summary once .. conditional Put SUMMARY#<agentId>#<YYYY-MM> / SUMMARY (TTL)
// - clients by last contact Query gsi3 CONTACT#<agentId>, sk <lastContactDate or 0000-00-00>#<clientId> (keys only: the
//                            quiet clients oldest first, and a count of the recently contacted)
// - an agent's client lists Query CLIST#<agentId>#<sort> / <value>#<clientId> and CSEARCH#<agentId> / <word>#<clientId>
//                            (GET /api/clients pages, sorts and search: functions/data/client-lists.ts)
//  - occasions by date ..... Query OCCASIONS#<agentId>, sk <MM-DD>#<folded name>#<kind rank>#<clientId>: one day with
//                            begins_with <MM-DD># (the automations), the next ones from today with sk >= <MM-DD>, then
//                            from the start of the year (the dashboard, /reminders a page at a time); custom key dates
//                            have the rank 3 and their place in the client's list (`300`, `301`…)
//  - due for a check-in .... Query CHECKIN#<agentId>, sk < <today>$ (sk <due date>#<clientId>, one per client with a
//                            keep-in-touch rhythm: GET /api/clients?due=check-in, Today, the check-in automation)
//  - an import (job) by id . GetItem AGENT#<agentId> / IMPORT#<importId> (progress, checkpoint and lease of the import
//                            job; ids sort by creation time; TTL): another agent's import is not under their key
//  - an agent's latest import Query AGENT#<agentId>, sk begins_with IMPORT#, newest first, Limit 1
//  - an import's report lines Query IMPORTISSUES#<importId>, sk <first row of the batch, 9 digits> (one item per batch
// with skipped rows or warnings, written before its checkpoint; read in order for the report; TTL)
//  - a Google connection .. GetItem AGENT#<agentId> / GOOGLE#CONNECTION (the sealed refresh token, the account,
//                            the locations, the chosen one, its rating); connected agents: Query gsi1 GOOGLECONNECTED
//  - Google OAuth state .... conditional Delete GOOGLESTATE#<sha256(state)> / STATE (single use; PKCE verifier; TTL)
//  - an agent's Google reviews GetItem AGENT#<agentId> / GREVIEW#<reviewId>; newest first: Query gsi1
//                            GREVIEWS#<agentId>, gsi1sk <createTime>#<reviewId> descending
//  - a client's review link  GetItem REVIEWLINK#<token> / LINK → agent and client (GET /r/{token})
// - an agent's conversations Query gsi1 CONVERSATIONS#<agentId>, newest first (gsi1sk <last message at>#<clientId>);
//                            the unread ones: Query gsi2 UNREAD#<agentId> (same sort key; gsi2pk only while unread).
//                            One item per conversation, CLIENT#<clientId> / CONVERSATION (deleted with the client)
//  - unread conversations .. GetItem AGENT#<agentId> / UNREADCONVERSATIONS (a counter: ADD with each conditional flip)
//  - reply notice throttle . GetItem CLIENT#<clientId> / REPLYNOTICE (when the agent was last told of a reply, and
//                            the replies since, waiting for the next notice)
//  - a write sent again .... conditional Put / GetItem IDEMP#<agentId> / KEY#<Idempotency-Key> (the request's
//                            fingerprint and its answer; TTL 24 h; the agent's partition goes with their account)
//  - an agent's push devices Query USER#<agentId>, sk begins_with PUSHSUB# (at most MAX_PUSH_SUBSCRIPTIONS); one by id
//                            GetItem USER#<agentId> / PUSHSUB#<id>, the id a hash of the endpoint (the same device
//                            subscribing again is the same item; erased with the account's USER# partition)
//  - a client merge (undo) GetItem AGENT#<agentId> / MERGE#<mergeId> (both clients as they were, its state and undo
//                            deadline; TTL), and what it moved: Query MERGED#<mergeId> (each item as it was and where
//                            it went, in order; TTL); a client being merged: AGENT#<agentId> / MERGING#<clientId>
//                            (a unique lock naming the merge, for the length of the merge or its undo)
export const GSI1 = 'gsi1';
export const GSI2 = 'gsi2';
export const GSI3 = 'gsi3';

export const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
export const agentsIndexKeys = (signupDate: string, userId: string) => ({
  gsi1pk: 'AGENTS',
  gsi1sk: `${signupDate}#${userId}`,
});
export const AGENTS_PARTITION = 'AGENTS';
export const usernameLockKey = (username: string) => ({ pk: `USERNAME#${username.toLowerCase()}`, sk: 'LOCK' });
export const phoneLockKey = (digits: string) => ({ pk: `PHONE#${digits}`, sk: 'LOCK' });
export const sessionKey = (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` });
export const SESSION_PREFIX = 'SESSION#';
export const userPartition = (userId: string) => `USER#${userId}`;
export const resetLinksKey = (userId: string) => ({ pk: `RESET#${userId}`, sk: 'LINKS' });
export const emailVerificationKey = (jtiHash: string) => ({ pk: `VERIFY#${jtiHash}`, sk: 'VERIFY' });
export const throttlePartition = (scope: string, id: string) => `THROTTLE#${scope}#${id}`;
export const throttleKey = (scope: string, id: string, windowStart: number) => ({
  pk: throttlePartition(scope, id),
  sk: `W#${windowStart}`,
});
export const throttleDelayKey = (scope: string, id: string) => ({ pk: throttlePartition(scope, id), sk: 'DELAY' });
export const STATS_SHARDS = 10;
export const statsPartition = (shard: number) => `STATS#${shard}`;
export const statsTotalKey = (shard: number) => ({ pk: statsPartition(shard), sk: STATS_TOTAL_SK });
export const statsMonthKey = (shard: number, month: string) => ({
  pk: statsPartition(shard),
  sk: `${STATS_MONTH_PREFIX}${month}`,
});
export const statsShardKey = (shard: number, sk: string) => ({ pk: statsPartition(shard), sk });
export const STATS_MONTH_PREFIX = 'MONTH#';
export const STATS_TOTAL_SK = 'TOTAL';

export const clientKey = (agentId: string, clientId: string) => ({ pk: `AGENT#${agentId}`, sk: `CLIENT#${clientId}` });
export const agentPartition = (agentId: string) => `AGENT#${agentId}`;
export const CLIENT_PREFIX = 'CLIENT#';
export const clientIndexKeys = (createdAt: string, clientId: string) => ({
  gsi1pk: 'CLIENTS',
  gsi1sk: `${createdAt}#${clientId}`,
  gsi2pk: `CLIENT#${clientId}`,
  gsi2sk: 'CLIENT',
});
export const CLIENTS_PARTITION = 'CLIENTS';
export const CLIENT_EMAIL_PREFIX = 'CLIENTEMAIL#';
export const clientEmailLockKey = (agentId: string, email: string) => ({
  pk: `AGENT#${agentId}`,
  sk: `${CLIENT_EMAIL_PREFIX}${email.toLowerCase()}`,
});
export const milestoneKey = (clientId: string, type: string) => ({ pk: `CLIENT#${clientId}`, sk: `MILESTONE#${type}` });
export const milestonePartition = (clientId: string) => `CLIENT#${clientId}`;
export const MILESTONE_PREFIX = 'MILESTONE#';
export const milestoneIndexKeys = (achievedAt: string, clientId: string, type: string) => ({
  gsi1pk: 'MILESTONES',
  gsi1sk: `${achievedAt}#${clientId}#${type}`,
});
export const MILESTONES_PARTITION = 'MILESTONES';

export const invitationKey = (tokenHash: string) => ({ pk: `INVITE#${tokenHash}`, sk: 'INVITE' });
export const INVITE_EMAIL_PREFIX = 'INVITEEMAIL#';
export const invitationEmailKey = (agentId: string, email: string) => ({
  pk: `AGENT#${agentId}`,
  sk: `${INVITE_EMAIL_PREFIX}${email.toLowerCase()}`,
});
export const registrationSubmissionKey = (submissionId: string) => ({ pk: `REGSUB#${submissionId}`, sk: 'REGSUB' });
export const pendingUploadKey = (uploadId: string) => ({ pk: `UPLOAD#${uploadId}`, sk: 'UPLOAD' });
export const testimonialKey = (clientId: string, testimonialId: string) => ({
  pk: `CLIENT#${clientId}`,
  sk: `TESTIMONIAL#${testimonialId}`,
});
export const testimonialPartition = (clientId: string) => `CLIENT#${clientId}`;
export const TESTIMONIAL_PREFIX = 'TESTIMONIAL#';

export const stripeCustomerKey = (customerId: string) => ({ pk: `STRIPECUSTOMER#${customerId}`, sk: 'LOCK' });
export const stripeEventKey = (eventId: string) => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' });

// The admin export lists these across all agents (gsi1); their writers add the index keys.
export const invitationIndexKeys = (createdAt: string, invitationId: string) => ({
  gsi1pk: 'INVITATIONS',
  gsi1sk: `${createdAt}#${invitationId}`,
});
export const INVITATIONS_PARTITION = 'INVITATIONS';
export const testimonialIndexKeys = (uploadedAt: string, testimonialId: string) => ({
  gsi1pk: 'TESTIMONIALS',
  gsi1sk: `${uploadedAt}#${testimonialId}`,
});
export const TESTIMONIALS_PARTITION = 'TESTIMONIALS';

export const digestKey = (agentId: string, date: string) => ({ pk: `DIGEST#${agentId}#${date}`, sk: 'DIGEST' });
export const calendarFeedKey = (secretHash: string) => ({ pk: `CALENDAR#${secretHash}`, sk: 'CALENDAR' });
export const sendCountKey = (agentId: string, channel: string, day: string) => ({
  pk: `SENDS#${agentId}`,
  sk: `${channel}#${day}`,
});
export const sendsPartition = (agentId: string) => `SENDS#${agentId}`;
export const draftCountKey = (agentId: string, day: string) => ({ pk: `SENDS#${agentId}`, sk: `ai-draft#${day}` });
export const sendCountPartition = (agentId: string) => `SENDS#${agentId}`;
export const sesEventKey = (sesMessageId: string, reason: string) => ({ pk: `SESEVENT#${sesMessageId}`, sk: reason });
export const platformSendCountKey = (channel: string, day: string) => ({
  pk: `PLATFORMSENDS#${channel}#${day}`,
  sk: 'COUNT',
});
export const DIRECTORY_PREFIX_LENGTH = 3;
export const directoryPartition = (word: string) => `DIRECTORY#${word.slice(0, DIRECTORY_PREFIX_LENGTH)}`;
export const directoryEntryKey = (word: string, signupDate: string, userId: string) => ({
  pk: directoryPartition(word),
  sk: `${word}#${signupDate}#${userId}`,
});

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
export const smsPhonePartition = (e164: string) => `SMSPHONE#${e164}`;
export const smsPhoneKey = (e164: string, agentId: string, clientId: string) => ({
  pk: smsPhonePartition(e164),
  sk: `AGENT#${agentId}#CLIENT#${clientId}`,
});
/** `mark`: the keyed hash of the number (functions/domain/opt-out-marks.ts); a legacy record has the number itself. */
export const smsOptOutKey = (mark: string) => ({ pk: `SMSOPTOUT#${mark}`, sk: 'OPTOUT' });
/** `mark`: the keyed hash of the address; a legacy record has the lower-cased address itself. */
export const mailSuppressionKey = (mark: string) => ({ pk: `MAILSUPPRESS#${mark}`, sk: 'SUPPRESS' });
/** The sealed keys of the roots replaced before the root `kid` names (npm run optouts:rehash writes them). */
export const carriedMarkKeysKey = (kid: string) => ({ pk: `MARKKEYS#${kid}`, sk: 'KEYS' });
export const sesMessageKey = (sesMessageId: string) => ({ pk: `SESMSG#${sesMessageId}`, sk: 'SESMSG' });
/**
 * A client's key date under the day it comes round each year (`MM-DD`): the automations' due clients, without reading
 * the book.
 */
/**
 * The occasion index: an agent's key dates by the day of the year (sk `<MM-DD>#<folded name>#<kind rank>#<clientId>`).
 */
export const occasionsPartition = (agentId: string) => `OCCASIONS#${agentId}`;
/**
 * The check-in index: an agent's clients with a keep-in-touch rhythm by the day they become due (sk
 * `<YYYY-MM-DD>#<clientId>`): the clients due today are a Query with sk up to today's date.
 */
export const checkInPartition = (agentId: string) => `CHECKIN#${agentId}`;
/**
 * The per-day partitions the occasion index had before it became one sorted partition: `npm run occasions:rebuild`
 * deletes them.
 */
export const legacyOccasionPartition = (agentId: string, monthDay: string) => `OCCASION#${agentId}#${monthDay}`;
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

export const SUPPORT_PREFIX = 'SUPPORT#';
export const supportTicketKey = (agentId: string, createdAt: string, ticketId: string) => ({
  pk: agentPartition(agentId),
  sk: `${SUPPORT_PREFIX}${createdAt}#${ticketId}`,
});
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

export const insightsPartition = (agentId: string) => `INSIGHTS#${agentId}`;
export const INSIGHTS_MONTH_PREFIX = 'M#';
export const insightsMonthKey = (agentId: string, month: string) => ({
  pk: insightsPartition(agentId),
  sk: `${INSIGHTS_MONTH_PREFIX}${month}`,
});
export const insightsBookKey = (agentId: string) => ({ pk: insightsPartition(agentId), sk: 'BOOK' });
export const handledOccasionKey = (agentId: string, clientId: string, occasion: string, year: string) => ({
  pk: `HANDLED#${agentId}#${clientId}`,
  sk: `${occasion}#${year}`,
});
export const monthlySummaryKey = (agentId: string, month: string) => ({
  pk: `SUMMARY#${agentId}#${month}`,
  sk: 'SUMMARY',
});
/** Sorts before every date: a client never contacted is the quietest. */
export const NEVER_CONTACTED = '0000-00-00';
export const contactPartition = (agentId: string) => `CONTACT#${agentId}`;
export const contactIndexKeys = (agentId: string, lastContactDate: string | null | undefined, clientId: string) => ({
  gsi3pk: contactPartition(agentId),
  gsi3sk: `${lastContactDate || NEVER_CONTACTED}#${clientId}`,
});

export const IMPORT_PREFIX = 'IMPORT#';
/** The agent's one running import (functions/data/import-lock.ts). */
export const importLockKey = (agentId: string) => ({ pk: agentPartition(agentId), sk: 'IMPORTLOCK' });
export const importKey = (agentId: string, importId: string) => ({
  pk: agentPartition(agentId),
  sk: `${IMPORT_PREFIX}${importId}`,
});
export const importIssuesPartition = (importId: string) => `IMPORTISSUES#${importId}`;
export const importIssuesKey = (importId: string, firstRow: number) => ({
  pk: importIssuesPartition(importId),
  sk: String(firstRow).padStart(9, '0'),
});

/** An erased client's opt-out, kept as a keyed hash of the address (functions/domain/opt-out-marks.ts). */
//  - opt-out of an erased client  GetItem OPTOUT#<agentId> / <channel>#<HMAC of the normalised address>
export const optOutMarkPartition = (agentId: string) => `OPTOUT#${agentId}`;
//  - every agent's mark of one number  Query gsi1 OPTOUTMARK#<channel>#<HMAC> (a START lifts them all)
export const optOutMarkIndexPartition = (channel: string, mark: string) => `OPTOUTMARK#${channel}#${mark}`;
export const optOutMarkIndexKeys = (channel: string, mark: string, agentId: string) => ({
  gsi1pk: optOutMarkIndexPartition(channel, mark),
  gsi1sk: agentId,
});
export const optOutMarkItemKey = (agentId: string, channel: string, mark: string) => ({
  pk: optOutMarkPartition(agentId),
  sk: `${channel}#${mark}`,
});

/**
 * The owner index (gsi2) on the items an agent owns outside their own partitions, which nothing else finds by agent
 * (verification and reset links, pending uploads, registration submissions, invitations, texted numbers, SES message
 * references, digests, summaries, handled occasions): closing the account reads them all with one Query, deleting a
 * client those of that client (gsi2sk begins_with `C#<clientId>#`).
 *  - an agent's scattered items  Query gsi2 OWNER#<agentId>; a client's: gsi2sk begins_with C#<clientId>#
 */
export const ownerPartition = (agentId: string) => `OWNER#${agentId}`;
export const ownerClientPrefix = (clientId: string) => `C#${clientId}#`;
export const ownerIndexKeys = (agentId: string, key: { pk: string; sk: string }, clientId?: string) => ({
  gsi2pk: ownerPartition(agentId),
  gsi2sk: `${clientId ? ownerClientPrefix(clientId) : 'A#'}${key.pk}#${key.sk}`,
});

export const googleConnectionKey = (agentId: string) => ({ pk: agentPartition(agentId), sk: 'GOOGLE#CONNECTION' });
export const GOOGLE_CONNECTED_PARTITION = 'GOOGLECONNECTED';
export const googleConnectedIndexKeys = (agentId: string) => ({ gsi1pk: GOOGLE_CONNECTED_PARTITION, gsi1sk: agentId });
export const googleStateKey = (stateHash: string) => ({ pk: `GOOGLESTATE#${stateHash}`, sk: 'STATE' });
export const GOOGLE_REVIEW_PREFIX = 'GREVIEW#';
export const googleReviewKey = (agentId: string, reviewId: string) => ({
  pk: agentPartition(agentId),
  sk: `${GOOGLE_REVIEW_PREFIX}${reviewId}`,
});
export const googleReviewsPartition = (agentId: string) => `GREVIEWS#${agentId}`;
export const googleReviewIndexKeys = (agentId: string, createTime: string, reviewId: string) => ({
  gsi1pk: googleReviewsPartition(agentId),
  gsi1sk: `${createTime}#${reviewId}`,
});
export const reviewLinkKey = (token: string) => ({ pk: `REVIEWLINK#${token}`, sk: 'LINK' });
export const CONVERSATION_SK = 'CONVERSATION';
export const conversationKey = (clientId: string) => ({ pk: `CLIENT#${clientId}`, sk: CONVERSATION_SK });
export const conversationsPartition = (agentId: string) => `CONVERSATIONS#${agentId}`;
export const unreadConversationsPartition = (agentId: string) => `UNREAD#${agentId}`;
/** Sorts a conversation by its last message, ties by client. */
export const conversationSortKey = (at: string, clientId: string) => `${at}#${clientId}`;
export const unreadCounterKey = (agentId: string) => ({ pk: agentPartition(agentId), sk: 'UNREADCONVERSATIONS' });
export const replyNoticeKey = (clientId: string) => ({ pk: `CLIENT#${clientId}`, sk: 'REPLYNOTICE' });
/** Reply notices holding replies, by the UTC hour (YYYY-MM-DDTHH) their window ends in: the hourly run sends them. */
export const heldNoticePartition = (hour: string) => `NOTICEDUE#${hour}`;
export const idempotencyPartition = (agentId: string) => `IDEMP#${agentId}`;
export const idempotencyKey = (agentId: string, key: string) => ({
  pk: idempotencyPartition(agentId),
  sk: `KEY#${key}`,
});
export const PUSH_SUBSCRIPTION_PREFIX = 'PUSHSUB#';
export const pushSubscriptionKey = (agentId: string, subscriptionId: string) => ({
  pk: userPartition(agentId),
  sk: `${PUSH_SUBSCRIPTION_PREFIX}${subscriptionId}`,
});
export const MERGE_PREFIX = 'MERGE#';
export const clientMergeKey = (agentId: string, mergeId: string) => ({
  pk: agentPartition(agentId),
  sk: `${MERGE_PREFIX}${mergeId}`,
});
export const mergedItemsPartition = (mergeId: string) => `MERGED#${mergeId}`;
export const mergedItemKey = (mergeId: string, index: number) => ({
  pk: mergedItemsPartition(mergeId),
  sk: String(index).padStart(9, '0'),
});
export const mergingLockKey = (agentId: string, clientId: string) => ({
  pk: agentPartition(agentId),
  sk: `MERGING#${clientId}`,
});

// Tags, segments and bulk actions:
//  - an agent's clients with a tag  Query CTAG#<agentId>#<sort>#<folded tag> / <sort value>#<clientId> (one entry per
//                            tag and order, derived by the client record like the list entries: client-lists.ts)
//  - an agent's tags and counts  Query TAGS#<agentId> / <folded tag> → name (as first written), count
//  - an agent's segments ... Query AGENT#<agentId>, sk begins_with SEGMENT#
//  - a bulk action ......... GetItem AGENT#<agentId> / BULK#<id> (status, counts, checkpoint); its client ids in
//                            BULKIDS#<id> / <chunk index>; a bulk delete's snapshots in BULKUNDO#<id> / <clientId>#…
//                            (on the owner index, so closing the account finds them; TTL)
export const tagCountPartition = (agentId: string) => `TAGS#${agentId}`;
export const tagCountKey = (agentId: string, foldedTag: string) => ({
  pk: tagCountPartition(agentId),
  sk: foldedTag,
});
export const SEGMENT_PREFIX = 'SEGMENT#';
export const segmentKey = (agentId: string, segmentId: string) => ({
  pk: agentPartition(agentId),
  sk: `${SEGMENT_PREFIX}${segmentId}`,
});
export const BULK_PREFIX = 'BULK#';
export const bulkJobKey = (agentId: string, jobId: string) => ({
  pk: agentPartition(agentId),
  sk: `${BULK_PREFIX}${jobId}`,
});
export const bulkIdsPartition = (jobId: string) => `BULKIDS#${jobId}`;
export const bulkIdsKey = (jobId: string, chunk: number) => ({
  pk: bulkIdsPartition(jobId),
  sk: String(chunk).padStart(6, '0'),
});
export const bulkUndoPartition = (jobId: string) => `BULKUNDO#${jobId}`;
/** How many segments the agent has (a conditional ADD keeps it within SEGMENTS_PER_AGENT_MAX). */
export const segmentCountKey = (agentId: string) => ({ pk: agentPartition(agentId), sk: 'SEGMENTCOUNT' });

// Broadcasts (one personal draft for each client of an audience):
//  - a broadcast ........... GetItem AGENT#<agentId> / BROADCAST#<id> (its request, status and total); the agent's
//                            recent ones: Query AGENT#<agentId>, sk begins_with BROADCAST#, newest ids last
//  - its recipients ........ Query AGENT#<agentId>, sk begins_with BCASTTO#<id># (one per client: the message made
//                            for them and why none was, written once the message is)
export const BROADCAST_PREFIX = 'BROADCAST#';
export const broadcastKey = (agentId: string, broadcastId: string) => ({
  pk: agentPartition(agentId),
  sk: `${BROADCAST_PREFIX}${broadcastId}`,
});
export const broadcastRecipientPrefix = (broadcastId: string) => `BCASTTO#${broadcastId}#`;
export const broadcastRecipientKey = (agentId: string, broadcastId: string, clientId: string) => ({
  pk: agentPartition(agentId),
  sk: `${broadcastRecipientPrefix(broadcastId)}${clientId}`,
});
