// Throttles. Fixed-window counters (hitLimit/readLimit count events; takeLimit reserves a slot
// before the work and refuses past the limit), and growing delays (takeAttempt) for guesses:
// failures in a row make each further attempt wait longer, up to a cap. A slot is taken with one
// conditional write before the work it guards, so parallel requests cannot all pass a read.
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { delayAfterFailures, type GrowingDelay } from '../domain/growing-delay';
import { db, sendIf, table, writeIf } from './db';
import { throttleDelayKey, throttleKey } from './keys/counters';

export type Limit = { scope: string; id: string; max: number; windowSeconds: number };
export type LimitState = { limited: boolean; count: number; retryAfterSeconds: number };
export type DelayLimit = GrowingDelay & { scope: string; id: string };

/** A slot taken before an attempt; say how the attempt ended. */
export type Slot = {
  /** It failed: the slot stays used (and a growing delay grows). */
  failed(): Promise<void>;
  /** It succeeded: it does not count (a growing delay starts over). */
  succeeded(): Promise<void>;
  /** It never happened (another throttle refused it): the slot is given back. */
  cancel(): Promise<void>;
};
export type Reservation = { granted: true; slot: Slot } | { granted: false; retryAfterSeconds: number };

/** The throttles of a login attempt by `username` (lower-cased) from `ip`. */
export const loginThrottles = (username: string, ip: string) => ({
  ip: { scope: 'login-ip', id: ip },
  accountFromIp: { scope: 'login-account-ip', id: `${username}#${ip}` },
  account: { scope: 'login-account', id: username },
});

/** Forgets a growing delay's failures: the next attempt is free again. */
export async function clearDelay({ scope, id }: { scope: string; id: string }): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: throttleDelayKey(scope, id) }));
}

/** A failure in a row is forgotten after a quiet day. */
const DELAY_MEMORY_SECONDS = 24 * 3600;
/**
 * While an attempt is in flight its outcome is unknown, so it holds the next slot this long (longer
 * than any route may run); its outcome then sets the real wait. A request that dies holds it no longer.
 */
const IN_FLIGHT_HOLD_MS = 60_000;

function windowOf(limit: Limit, nowMs: number) {
  const windowMs = limit.windowSeconds * 1000;
  const start = Math.floor(nowMs / windowMs) * windowMs;
  return { start, end: start + windowMs, retryAfterSeconds: Math.ceil((start + windowMs - nowMs) / 1000) };
}

function countInWindow(limit: Limit, nowMs: number, condition?: string) {
  const { start, end } = windowOf(limit, nowMs);
  return new UpdateCommand({
    TableName: table(),
    Key: throttleKey(limit.scope, limit.id, start),
    UpdateExpression: 'ADD #count :one SET #ttl = :ttl, #type = :type',
    ...(condition ? { ConditionExpression: condition } : {}),
    ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl', '#type': 'type' },
    ExpressionAttributeValues: {
      ':one': 1,
      ':ttl': Math.floor(end / 1000) + 60,
      ':type': 'throttle',
      ...(condition ? { ':max': limit.max } : {}),
    },
    ReturnValues: 'UPDATED_NEW',
  });
}

export async function readLimit(limit: Limit, nowMs = Date.now()): Promise<LimitState> {
  const { start, retryAfterSeconds } = windowOf(limit, nowMs);
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: throttleKey(limit.scope, limit.id, start), ConsistentRead: true }),
  );
  const count = Number(out.Item?.count ?? 0);
  return { limited: count >= limit.max, count, retryAfterSeconds };
}

/** Counts one more event in the current window and says whether the limit is now exceeded. */
export async function hitLimit(limit: Limit, nowMs = Date.now()): Promise<LimitState> {
  const out = await db().send(countInWindow(limit, nowMs));
  const count = Number(out.Attributes?.count ?? 1);
  return { limited: count > limit.max, count, retryAfterSeconds: windowOf(limit, nowMs).retryAfterSeconds };
}

/** Takes one of the window's `max` slots, or refuses once they are all taken. A failed attempt keeps its slot. */
export async function takeLimit(limit: Limit, nowMs = Date.now()): Promise<Reservation> {
  const { start, retryAfterSeconds } = windowOf(limit, nowMs);
  if (!(await writeIf(countInWindow(limit, nowMs, 'attribute_not_exists(#count) OR #count < :max'))))
    return { granted: false, retryAfterSeconds };
  const giveBack = async () => {
    await writeIf(
      new UpdateCommand({
        TableName: table(),
        Key: throttleKey(limit.scope, limit.id, start),
        UpdateExpression: 'ADD #count :minus',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  };
  return { granted: true, slot: { failed: async () => undefined, succeeded: giveBack, cancel: giveBack } };
}

/**
 * Takes the next attempt under a growing delay, or refuses while the wait set by earlier failures
 * runs. The attempt counts as a failure from the moment it is taken, so parallel attempts use up
 * the free allowance one by one; past it, the one that gets through holds the slot until its outcome.
 */
export async function takeAttempt(limit: DelayLimit, nowMs = Date.now()): Promise<Reservation> {
  const Key = throttleDelayKey(limit.scope, limit.id);
  const hold = nowMs + IN_FLIGHT_HOLD_MS;
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key,
      UpdateExpression: 'ADD failures :one SET nextAt = :hold, #ttl = :ttl, #type = :type',
      ConditionExpression: 'attribute_not_exists(failures) OR failures < :free OR nextAt <= :now',
      ExpressionAttributeNames: { '#ttl': 'ttl', '#type': 'type' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':hold': hold,
        ':free': limit.free,
        ':now': nowMs,
        ':ttl': Math.floor(nowMs / 1000) + DELAY_MEMORY_SECONDS,
        ':type': 'throttle',
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!out) {
    const current = await db().send(new GetCommand({ TableName: table(), Key, ConsistentRead: true }));
    return {
      granted: false,
      retryAfterSeconds: Math.max(1, Math.ceil((Number(current.Item?.nextAt ?? nowMs) - nowMs) / 1000)),
    };
  }
  const failures = Number(out.Attributes?.failures ?? 0) + 1;
  return {
    granted: true,
    slot: {
      failed: async () => {
        await writeIf(
          new UpdateCommand({
            TableName: table(),
            Key,
            UpdateExpression: 'SET nextAt = :next',
            // Only our own hold or an earlier time is replaced: a later attempt's wait is never shortened.
            ConditionExpression: 'nextAt = :hold OR nextAt < :next',
            ExpressionAttributeValues: { ':next': nowMs + delayAfterFailures(limit, failures) * 1000, ':hold': hold },
          }),
        );
      },
      succeeded: async () => {
        await db().send(new DeleteCommand({ TableName: table(), Key }));
      },
      cancel: async () => {
        const restored = await writeIf(
          new UpdateCommand({
            TableName: table(),
            Key,
            UpdateExpression: 'ADD failures :minus SET nextAt = :previous',
            ConditionExpression: 'nextAt = :hold',
            ExpressionAttributeValues: {
              ':minus': -1,
              ':previous': Number(out.Attributes?.nextAt ?? 0),
              ':hold': hold,
            },
          }),
        );
        if (!restored) {
          await writeIf(
            new UpdateCommand({
              TableName: table(),
              Key,
              UpdateExpression: 'ADD failures :minus',
              ConditionExpression: 'failures > :zero',
              ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
            }),
          );
        }
      },
    },
  };
}

/**
 * Takes a slot from each throttle in order, stopping at the first refusal and giving back what
 * was taken, so a refused attempt counts nowhere.
 */
export async function takeAll(takes: Array<() => Promise<Reservation>>): Promise<Reservation> {
  const slots: Slot[] = [];
  for (const take of takes) {
    const reservation = await take();
    if (!reservation.granted) {
      await Promise.all(slots.map((slot) => slot.cancel()));
      return reservation;
    }
    slots.push(reservation.slot);
  }
  const each = (outcome: keyof Slot) => async () => {
    await Promise.all(slots.map((slot) => slot[outcome]()));
  };
  return { granted: true, slot: { failed: each('failed'), succeeded: each('succeeded'), cancel: each('cancel') } };
}
