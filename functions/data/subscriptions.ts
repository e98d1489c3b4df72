// The Pro subscription as Stripe reports it: the agent's Stripe customer and the lookup back from
// it, the webhook's once-per-event markers, and the Pro flag applied newest event first. Without
// transactions (docs/architecture.md, Data model) each step is one conditional write, ordered so a retry heals: the
// customer lookup is written before anything points at it, and the event marker stays
// "processing" until the effect is done (a crashed delivery is taken over once it is stale).
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, sendIf, table, writeIf } from './db';
import { stripeCustomerKey, stripeEventKey, userKey } from './keys/users';
import { addToStats } from './stats';
import type { UserItem } from './users';

/** Stripe retries a failed delivery for up to three days; the marker outlives that. */
const EVENT_MARKER_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A marker still "processing" after this long belongs to a delivery that died (Lambda times out at 30 s). */
const STALE_CLAIM_MS = 60_000;

export type EventClaim = 'claimed' | 'already-done' | 'in-progress';

/** Claims a Stripe event for processing: only one delivery of an event gets 'claimed'. */
export async function claimStripeEvent(eventId: string, eventType: string, now = new Date()): Promise<EventClaim> {
  const claimed = await writeIf(
    new PutCommand({
      TableName: table(),
      Item: {
        ...stripeEventKey(eventId),
        type: 'stripe-event',
        eventType,
        status: 'processing',
        claimedAt: now.getTime(),
        ttl: Math.floor(now.getTime() / 1000) + EVENT_MARKER_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk) OR (#status = :processing AND claimedAt < :stale)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':processing': 'processing', ':stale': now.getTime() - STALE_CLAIM_MS },
    }),
  );
  if (claimed) return 'claimed';
  const marker = await db().send(
    new GetCommand({ TableName: table(), Key: stripeEventKey(eventId), ConsistentRead: true }),
  );
  return marker.Item?.status === 'done' ? 'already-done' : 'in-progress';
}

export async function finishStripeEvent(eventId: string, outcome: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: stripeEventKey(eventId),
      UpdateExpression: 'SET #status = :done, outcome = :outcome',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': 'done', ':outcome': outcome },
    }),
  );
}

/** Gives a claim back after a failure, so Stripe's retry is processed at once. */
export async function releaseStripeEvent(eventId: string): Promise<void> {
  await writeIf(
    new DeleteCommand({
      TableName: table(),
      Key: stripeEventKey(eventId),
      ConditionExpression: '#status = :processing',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':processing': 'processing' },
    }),
  );
}

export async function findUserIdByStripeCustomer(customerId: string): Promise<string | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: stripeCustomerKey(customerId), ConsistentRead: true }),
  );
  return out.Item?.userId as string | undefined;
}

/** Stripe customer ids are unique to one agent; the latest event's word wins if that ever changed. */
async function putCustomerLookup(customerId: string, userId: string): Promise<void> {
  await db().send(
    new PutCommand({ TableName: table(), Item: { ...stripeCustomerKey(customerId), type: 'stripe-customer', userId } }),
  );
}

/**
 * Records the agent's Stripe customer, unless they already have one: returns the customer id the
 * agent ends up with (the existing one when two checkouts raced).
 */
export async function linkStripeCustomer(userId: string, customerId: string): Promise<string> {
  await putCustomerLookup(customerId, userId);
  const linked = await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression: 'SET stripeCustomerId = :c',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(stripeCustomerId)',
      ExpressionAttributeValues: { ':c': customerId },
    }),
  );
  if (linked) return customerId;
  const user = (await db().send(new GetCommand({ TableName: table(), Key: userKey(userId), ConsistentRead: true })))
    .Item as UserItem | undefined;
  if (!user?.stripeCustomerId) throw new Error(`user ${userId} does not exist`);
  return user.stripeCustomerId;
}

export type SubscriptionState = {
  isPro: boolean;
  /** The Stripe event's `created` (Unix seconds). */
  eventCreated: number;
  customerId?: string;
  subscriptionId?: string;
  /** Apply only when the agent's current subscription is this one (or none is known). */
  onlyIfSubscription?: string;
};

export type ApplyOutcome =
  'pro-started' | 'pro-ended' | 'unchanged' | 'older-event' | 'other-subscription' | 'no-such-user';

/**
 * Applies a subscription state unless a newer one was applied already (events may arrive out
 * of order), and keeps the Pro-agents counter in step when the flag really flips. Ending Pro never
 * touches clients: above the free cap the agent keeps them and cannot add more.
 */
export async function applySubscriptionState(userId: string, state: SubscriptionState): Promise<ApplyOutcome> {
  if (state.customerId) await putCustomerLookup(state.customerId, userId);
  const sets = ['isPro = :p', 'subscriptionEventAt = :created'];
  const values: Record<string, unknown> = { ':p': state.isPro, ':created': state.eventCreated };
  if (state.customerId) {
    sets.push('stripeCustomerId = :c');
    values[':c'] = state.customerId;
  }
  if (state.subscriptionId) {
    sets.push('stripeSubscriptionId = :s');
    values[':s'] = state.subscriptionId;
  }
  // Stripe's `created` has one-second resolution: on a tie the later arrival wins (a checkout and a
  // cancellation in the same second must end cancelled); strictly older events are ignored.
  let condition =
    'attribute_exists(pk) AND (attribute_not_exists(subscriptionEventAt) OR subscriptionEventAt <= :created)';
  if (state.onlyIfSubscription) {
    condition += ' AND (attribute_not_exists(stripeSubscriptionId) OR stripeSubscriptionId = :only)';
    values[':only'] = state.onlyIfSubscription;
  }
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!out) return whyNotApplied(userId, state);
  const before = out.Attributes as UserItem;
  if (before.isPro === state.isPro) return 'unchanged';
  await addToStats({ proAgents: state.isPro ? 1 : -1 });
  return state.isPro ? 'pro-started' : 'pro-ended';
}

async function whyNotApplied(userId: string, state: SubscriptionState): Promise<ApplyOutcome> {
  const user = (await db().send(new GetCommand({ TableName: table(), Key: userKey(userId), ConsistentRead: true })))
    .Item as UserItem | undefined;
  if (!user) return 'no-such-user';
  if (user.subscriptionEventAt !== undefined && user.subscriptionEventAt > state.eventCreated) return 'older-event';
  return 'other-subscription';
}
