// Keys of the users and their accounts: profiles and their unique logins, sessions, links sent by e-mail, the
// subscription's Stripe ids, the calendar feed, the realtors' directory, push devices and requests sent again.
// Access patterns:
//  - user by id ............ GetItem USER#<id> / PROFILE
//  - user by username ...... GetItem USERNAME#<email> / LOCK → userId (uniqueness lock)
//  - phone uniqueness ...... PHONE#<digits> / LOCK
//  - sessions of a user .... Query USER#<id>, sk begins_with SESSION#
//  - agents (admin) ........ Query gsi1 AGENTS, sorted by signup date
//  - agents due a digest ... Query gsi1 AGENTS projecting id and timeZone (the hourly scheduler; never the clients)
//  - a user's reset links .. GetItem RESET#<userId> / LINKS (every live link's jti → expiry in one item)
//  - e-mail verification ... GetItem VERIFY#<sha256(jti)> / VERIFY (the link's id is never stored)
//  - user by Stripe customer GetItem STRIPECUSTOMER#<customerId> / LOCK → userId (webhook events)
//  - Stripe event processed  GetItem STRIPE_EVENT#<eventId> / EVENT (conditional put: once per event)
//  - calendar feed by secret GetItem CALENDAR#<sha256(secret)> / CALENDAR → agentId (the secret itself is never stored)
//  - realtor search ........ Query DIRECTORY#<first 3 letters of a word>, sk begins_with <word prefix> (one entry per
//                            word of an agent's name and business name: sk <word>#<signupDate>#<userId>)
//  - an agent's push devices Query USER#<agentId>, sk begins_with PUSHSUB# (at most MAX_PUSH_SUBSCRIPTIONS); one by id
//                            GetItem USER#<agentId> / PUSHSUB#<id>, the id a hash of the endpoint (the same device
//                            subscribing again is the same item; erased with the account's USER# partition); a
//                            session's devices, when it ends: the same Query filtered on sessionId
//  - a write sent again .... conditional Put / GetItem IDEMP#<agentId> / KEY#<Idempotency-Key> (the request's
//                            fingerprint and its answer; TTL 24 h; the agent's partition goes with their account)
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

export const stripeCustomerKey = (customerId: string) => ({ pk: `STRIPECUSTOMER#${customerId}`, sk: 'LOCK' });
export const stripeEventKey = (eventId: string) => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' });
export const calendarFeedKey = (secretHash: string) => ({ pk: `CALENDAR#${secretHash}`, sk: 'CALENDAR' });

export const DIRECTORY_PREFIX_LENGTH = 3;
export const directoryPartition = (word: string) => `DIRECTORY#${word.slice(0, DIRECTORY_PREFIX_LENGTH)}`;
export const directoryEntryKey = (word: string, signupDate: string, userId: string) => ({
  pk: directoryPartition(word),
  sk: `${word}#${signupDate}#${userId}`,
});

export const PUSH_SUBSCRIPTION_PREFIX = 'PUSHSUB#';
export const pushSubscriptionKey = (agentId: string, subscriptionId: string) => ({
  pk: userPartition(agentId),
  sk: `${PUSH_SUBSCRIPTION_PREFIX}${subscriptionId}`,
});
export const idempotencyPartition = (agentId: string) => `IDEMP#${agentId}`;
export const idempotencyKey = (agentId: string, key: string) => ({
  pk: idempotencyPartition(agentId),
  sk: `KEY#${key}`,
});
