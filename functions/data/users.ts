// Users (agents and administrators) and the locks that keep usernames and phones unique. Without
// transactions (docs/architecture.md, Data model) a registration claims the username lock, then the phone lock, then
// writes the profile; a failure undoes the locks it took, and a lock left by a crash (its user was
// never written) is taken over by the next registration after a grace period.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '../../shared/api-types';
import { withDefaultPrefs, type ReminderPrefs } from '../../shared/reminder-prefs';
import { config } from '../config';
import { isAdministrator } from '../domain/administrators';
import { normalizeTimeZone } from '../domain/time-zone';
import { db, isConditionalCheckFailed, table, writeIf } from './db';
import { writeDirectoryEntries } from './directory-index';
import { agentsIndexKeys, phoneLockKey, userKey, usernameLockKey } from './keys';

export type UserItem = {
  pk: string;
  sk: string;
  type: 'user';
  id: string;
  username: string;
  fullName: string;
  phone: string | null;
  passwordHash: string;
  isPro: boolean;
  /** The last decision recorded (at login and verification), for lists and exports only: access is decided by isAdmin(). */
  isAdmin: boolean;
  /** When the agent followed the verification link we mailed (ISO-8601). */
  emailVerifiedAt?: string;
  stripeCustomerId?: string;
  /** The Stripe subscription that made the agent Pro, and the `created` of the last subscription event applied. */
  stripeSubscriptionId?: string;
  subscriptionEventAt?: number;
  googlePlaceId?: string;
  businessName?: string;
  businessLocation?: string;
  timeZone: string;
  /** Daily digest settings (PATCH /api/user/preferences); missing fields take the defaults. */
  reminderPrefs?: Partial<ReminderPrefs>;
  /** The calendar feed: SHA-256 of its secret (the lookup key) and the URL sealed for showing again. */
  calendarSecretHash?: string;
  calendarFeedSealed?: string;
  calendarFeedCreatedAt?: string;
  signupDate: string;
  lastLoginDate?: string;
  clientCount: number;
  gsi1pk: string;
  gsi1sk: string;
};

export type NewUser = {
  id: string;
  username: string;
  fullName: string;
  phone: string;
  phoneDigits: string;
  passwordHash: string;
  /** Only the demo seed creates accounts already verified. */
  emailVerifiedAt?: string;
  timeZone: string;
  googlePlaceId?: string;
  businessName?: string;
  businessLocation?: string;
  now: string;
};

export class UniqueFieldTakenError extends Error {
  override name = 'UniqueFieldTakenError';
  constructor(readonly field: 'username' | 'phone') {
    super(`${field} already taken`);
  }
}

const ORPHAN_LOCK_GRACE_MS = 60_000;

/** Administrator now: verified and in ADMIN_EMAILS as configured at this moment. */
export const isAdmin = (user: Pick<UserItem, 'username' | 'emailVerifiedAt'>): boolean => isAdministrator(user, config().adminEmails);

export function toPublicUser(item: UserItem): User {
  return {
    id: item.id,
    username: item.username,
    fullName: item.fullName,
    phone: item.phone ?? null,
    isPro: item.isPro === true,
    isAdmin: isAdmin(item),
    emailVerified: Boolean(item.emailVerifiedAt),
    googlePlaceId: item.googlePlaceId ?? null,
    businessName: item.businessName ?? null,
    businessLocation: item.businessLocation ?? null,
    signupDate: item.signupDate,
    lastLoginDate: item.lastLoginDate ?? null,
    timeZone: normalizeTimeZone(item.timeZone),
    reminderPrefs: withDefaultPrefs(item.reminderPrefs),
  };
}

export async function getUserById(id: string, consistent = false): Promise<UserItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: userKey(id), ConsistentRead: consistent }));
  return out.Item as UserItem | undefined;
}

export async function getUserByUsername(username: string): Promise<UserItem | undefined> {
  const lock = await db().send(new GetCommand({ TableName: table(), Key: usernameLockKey(username), ConsistentRead: true }));
  const userId = lock.Item?.userId as string | undefined;
  return userId ? getUserById(userId, true) : undefined;
}

export async function createUser(input: NewUser): Promise<UserItem> {
  await claimLock(usernameLockKey(input.username), input.id, input.now, 'username');
  try {
    await claimLock(phoneLockKey(input.phoneDigits), input.id, input.now, 'phone');
  } catch (error) {
    await releaseLock(usernameLockKey(input.username), input.id);
    throw error;
  }
  const item: UserItem = {
    ...userKey(input.id),
    type: 'user',
    id: input.id,
    username: input.username,
    fullName: input.fullName,
    phone: input.phone,
    passwordHash: input.passwordHash,
    isPro: false,
    isAdmin: isAdmin(input),
    ...(input.emailVerifiedAt ? { emailVerifiedAt: input.emailVerifiedAt } : {}),
    ...(input.googlePlaceId ? { googlePlaceId: input.googlePlaceId } : {}),
    ...(input.businessName ? { businessName: input.businessName } : {}),
    ...(input.businessLocation ? { businessLocation: input.businessLocation } : {}),
    timeZone: input.timeZone,
    signupDate: input.now,
    clientCount: 0,
    ...agentsIndexKeys(input.now, input.id),
  };
  try {
    await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    await releaseLock(phoneLockKey(input.phoneDigits), input.id);
    await releaseLock(usernameLockKey(input.username), input.id);
    throw error;
  }
  try {
    await writeDirectoryEntries(item);
  } catch (error) {
    // Take the account back so the same registration can be sent again; entries already written
    // name a user that no longer exists, and the search drops those.
    await deleteNewUser(input);
    throw error;
  }
  return item;
}

/**
 * Takes back a registration whose follow-up steps failed (counters, session), so the same
 * registration can be sent again: the profile first (only while it has no clients), then its locks.
 */
export async function deleteNewUser(input: Pick<NewUser, 'id' | 'username' | 'phoneDigits'>): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({ TableName: table(), Key: userKey(input.id), ConditionExpression: 'attribute_not_exists(clientCount) OR clientCount = :zero', ExpressionAttributeValues: { ':zero': 0 } }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    return; // already in use: keep the account
  }
  await releaseLock(phoneLockKey(input.phoneDigits), input.id);
  await releaseLock(usernameLockKey(input.username), input.id);
}

async function claimLock(key: { pk: string; sk: string }, userId: string, now: string, field: 'username' | 'phone'): Promise<void> {
  const put = () =>
    db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...key, type: 'lock', userId, createdAt: now },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  try {
    await put();
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    if (!(await removeOrphanLock(key))) throw new UniqueFieldTakenError(field);
    try {
      await put();
    } catch (retryError) {
      if (isConditionalCheckFailed(retryError)) throw new UniqueFieldTakenError(field);
      throw retryError;
    }
  }
}

/** A lock whose user does not exist, older than the grace period, was left by a crash: remove it. */
async function removeOrphanLock(key: { pk: string; sk: string }): Promise<boolean> {
  const lock = (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
  if (!lock) return true;
  const age = Date.now() - Date.parse(String(lock.createdAt));
  if (!(age > ORPHAN_LOCK_GRACE_MS)) return false;
  if (await getUserById(String(lock.userId), true)) return false;
  await releaseLock(key, String(lock.userId));
  return true;
}

async function releaseLock(key: { pk: string; sk: string }, userId: string): Promise<void> {
  try {
    await db().send(new DeleteCommand({ TableName: table(), Key: key, ConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': userId } }));
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** Records the login and the administrator decision it made (the list may have changed either way). */
export async function recordLogin(id: string, now: string, admin: boolean): Promise<UserItem> {
  const out = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(id),
      UpdateExpression: 'SET lastLoginDate = :now, isAdmin = :admin',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now, ':admin': admin },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out.Attributes as UserItem;
}

/** Marks the e-mail verified (the first time only) and records whether that makes an administrator; undefined when the user is gone. */
export async function markEmailVerified(id: string, now: string): Promise<UserItem | undefined> {
  const user = await getUserById(id, true);
  if (!user) return undefined;
  const verifiedAt = user.emailVerifiedAt ?? now;
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: userKey(id),
        UpdateExpression: 'SET emailVerifiedAt = if_not_exists(emailVerifiedAt, :now), isAdmin = :admin',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now, ':admin': isAdmin({ username: user.username, emailVerifiedAt: verifiedAt }) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as UserItem;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

export async function setPasswordHash(id: string, passwordHash: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(id),
      UpdateExpression: 'SET passwordHash = :h',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':h': passwordHash },
    }),
  );
}

export class PlanLimitError extends Error {
  override name = 'PlanLimitError';
}

/**
 * Takes one client slot atomically: the free plan's cap holds under concurrency because the
 * condition and the increment are one conditional write (docs/architecture.md, Data model).
 */
export async function reserveClientSlot(agentId: string, freeLimit: number): Promise<{ clientCount: number; isPro: boolean }> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: userKey(agentId),
        UpdateExpression: 'SET clientCount = if_not_exists(clientCount, :zero) + :one',
        ConditionExpression: 'attribute_exists(pk) AND (isPro = :true OR attribute_not_exists(clientCount) OR clientCount < :limit)',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':true': true, ':limit': freeLimit },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { clientCount: Number(out.Attributes?.clientCount ?? 0), isPro: out.Attributes?.isPro === true };
  } catch (error) {
    if (isConditionalCheckFailed(error)) throw new PlanLimitError('free plan limit reached');
    throw error;
  }
}

/**
 * Takes `count` slots at once for a Pro agent (a batch of the CSV import); false, taking none, when
 * the agent is not Pro (any more), so the caller goes on one slot at a time within the free plan.
 */
export async function reserveProClientSlots(agentId: string, count: number): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(agentId),
      UpdateExpression: 'SET clientCount = if_not_exists(clientCount, :zero) + :count',
      ConditionExpression: 'attribute_exists(pk) AND isPro = :true',
      ExpressionAttributeValues: { ':zero': 0, ':count': count, ':true': true },
    }),
  );
}

/** Gives slots back (a delete, or creates that failed after reserving). Never below zero: when fewer are taken, none is given back. */
export async function releaseClientSlot(agentId: string, count = 1): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: userKey(agentId),
        UpdateExpression: 'SET clientCount = clientCount - :count',
        ConditionExpression: 'attribute_exists(pk) AND clientCount >= :count',
        ExpressionAttributeValues: { ':count': count },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** Sets the plan counter to `count` unless it changed from `was` since it was read; false when it had. */
export async function setClientCountIfUnchanged(agentId: string, was: number, count: number): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(agentId),
      UpdateExpression: 'SET clientCount = :count',
      ConditionExpression: `attribute_exists(pk) AND ${was === 0 ? '(attribute_not_exists(clientCount) OR clientCount = :was)' : 'clientCount = :was'}`,
      ExpressionAttributeValues: { ':count': count, ':was': was },
    }),
  );
}

/** Sets the Pro flag (the Stripe webhook, and the demo seed). */
export async function setProStatus(id: string, isPro: boolean): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(id),
      UpdateExpression: 'SET isPro = :p',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':p': isPro },
    }),
  );
}

/** The agent's business profile (PATCH /api/user/business), and the realtor search's entries; returns the updated user. */
export async function updateBusinessProfile(id: string, profile: { googlePlaceId: string; businessName: string; businessLocation: string }): Promise<UserItem> {
  const out = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(id),
      UpdateExpression: 'SET googlePlaceId = :g, businessName = :n, businessLocation = :l',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':g': profile.googlePlaceId, ':n': profile.businessName, ':l': profile.businessLocation },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const before = out.Attributes as UserItem;
  const updated: UserItem = { ...before, ...profile };
  await writeDirectoryEntries(updated, before);
  return updated;
}
