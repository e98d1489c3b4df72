// Users (agents and administrators) and the locks that keep usernames and phones unique. Without
// transactions (docs/architecture.md, Data model) a registration claims the username lock, then the phone lock, then
// writes the profile; a failure undoes the locks it took, and a lock left by a crash (its user was
// never written) is taken over by the next registration after a grace period.
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '@shared/api-types';
import type { AutomationRule } from '@shared/automations';
import { withDefaultPushPrefs, type PushPrefs } from '@shared/push';
import { withDefaultPrefs, type ReminderPrefs } from '@shared/reminder-prefs';
import { config } from '../config';
import { isAdministrator } from '../domain/administrators';
import { normalizeTimeZone } from '../domain/time-zone';
import { db, getItem, sendIf, table, writeIf } from './db';
import { writeDirectoryEntries } from './directory-index';
import type { SendingPause } from './sending-pause';
import { agentsIndexKeys, phoneLockKey, userKey, usernameLockKey } from './keys/users';
import { claimUniqueLock, lockOwner, releaseUniqueLock, type UniqueLock } from './unique-locks';

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
  /**
   * The last decision recorded (at login and verification), for lists and exports only: access is decided by isAdmin().
   */
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
  /** The web push switches (PATCH /api/user/preferences `push`), one attribute each; missing ones are on. */
  pushDigest?: boolean;
  pushReplies?: boolean;
  pushApprovals?: boolean;
  /** Automated follow-ups per occasion (PUT /api/user/automations); a missing occasion is off. */
  automations?: AutomationRule[];
  /** The calendar feed: SHA-256 of its secret (the lookup key) and the URL sealed for showing again. */
  calendarSecretHash?: string;
  calendarFeedSealed?: string;
  calendarFeedCreatedAt?: string;
  signupDate: string;
  lastLoginDate?: string;
  clientCount: number;
  /** Client sends paused for bounces or complaints (services/send-limits.ts), until an administrator lifts it. */
  sendingPause?: SendingPause;
  /** The UTC date the sending review counts from, after a pause was lifted. */
  sendingReviewFrom?: string;
  /** The agents index (gsi1); removed when the account closes, so no list shows it any more. */
  gsi1pk?: string;
  gsi1sk?: string;
  /** When the agent asked to close the account: its erasure is queued or running (services/account-closure.ts). */
  closingAt?: string;
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

/** Administrator now: verified and in ADMIN_EMAILS as configured at this moment. */
export const isAdmin = (user: Pick<UserItem, 'username' | 'emailVerifiedAt'>): boolean =>
  isAdministrator(user, config().adminEmails);

/** The attribute of the user item each push switch is kept in. */
export const PUSH_PREF_ATTRIBUTES = {
  digest: 'pushDigest',
  replies: 'pushReplies',
  approvals: 'pushApprovals',
} as const satisfies Record<keyof PushPrefs, keyof UserItem>;

export const pushPrefsOf = (item: UserItem): PushPrefs =>
  withDefaultPushPrefs({ digest: item.pushDigest, replies: item.pushReplies, approvals: item.pushApprovals });

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
    pushPrefs: pushPrefsOf(item),
    sendingPaused: sendingPausedOf(item.sendingPause),
  };
}

/** What the agent and administrators are told of a pause. */
export const sendingPausedOf = (pause: unknown): User['sendingPaused'] => {
  if (!pause || typeof pause !== 'object') return null;
  const { reason, pausedAt } = pause as Partial<SendingPause>;
  return reason === 'bounces' || reason === 'complaints' ? { reason, since: String(pausedAt ?? '') } : null;
};

export async function getUserById(id: string, consistent = false): Promise<UserItem | undefined> {
  return getItem<UserItem>(userKey(id), { consistent });
}

export async function getUserByUsername(username: string): Promise<UserItem | undefined> {
  const userId = await lockOwner(userLock(usernameLockKey(username)));
  return userId ? getUserById(userId, true) : undefined;
}

/** The locks that keep usernames and phones unique, each naming its user. */
const userLock = (key: { pk: string; sk: string }): UniqueLock => ({
  key,
  type: 'lock',
  ownerAttribute: 'userId',
  ownerExists: async (userId) => (await getUserById(userId, true)) !== undefined,
});

export async function createUser(input: NewUser): Promise<UserItem> {
  await claimLock(usernameLockKey(input.username), input.id, input.now, 'username');
  try {
    await claimLock(phoneLockKey(input.phoneDigits), input.id, input.now, 'phone');
  } catch (error) {
    await releaseUniqueLock(userLock(usernameLockKey(input.username)), input.id);
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
    await db().send(
      new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (error) {
    await releaseUserLocks(input);
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
  const deleted = await writeIf(
    new DeleteCommand({
      TableName: table(),
      Key: userKey(input.id),
      ConditionExpression: 'attribute_not_exists(clientCount) OR clientCount = :zero',
      ExpressionAttributeValues: { ':zero': 0 },
    }),
  );
  if (!deleted) return; // already in use: keep the account
  await releaseUserLocks(input);
}

export async function releaseUserLocks(input: Pick<NewUser, 'id' | 'username' | 'phoneDigits'>): Promise<void> {
  await releaseUniqueLock(userLock(phoneLockKey(input.phoneDigits)), input.id);
  await releaseUniqueLock(userLock(usernameLockKey(input.username)), input.id);
}

async function claimLock(
  key: { pk: string; sk: string },
  userId: string,
  now: string,
  field: 'username' | 'phone',
): Promise<void> {
  if (!(await claimUniqueLock(userLock(key), userId, now)).granted) throw new UniqueFieldTakenError(field);
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

/**
 * Marks the e-mail verified (the first time only) and records whether that makes an administrator; undefined when the
 * user is gone.
 */
export async function markEmailVerified(id: string, now: string): Promise<UserItem | undefined> {
  const user = await getUserById(id, true);
  if (!user) return undefined;
  const verifiedAt = user.emailVerifiedAt ?? now;
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(id),
      UpdateExpression: 'SET emailVerifiedAt = if_not_exists(emailVerifiedAt, :now), isAdmin = :admin',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':now': now,
        ':admin': isAdmin({ username: user.username, emailVerifiedAt: verifiedAt }),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const verified = out?.Attributes as UserItem | undefined;
  // Verified: listed in the realtor search from now on (the first verification writes the entries, later ones again).
  if (verified) await writeDirectoryEntries(verified);
  return verified;
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

/**
 * The agent's business profile (PATCH /api/user/business), and the realtor search's entries; returns the updated user.
 */
export async function updateBusinessProfile(
  id: string,
  profile: { googlePlaceId: string; businessName: string; businessLocation: string },
): Promise<UserItem> {
  const out = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(id),
      UpdateExpression: 'SET googlePlaceId = :g, businessName = :n, businessLocation = :l',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':g': profile.googlePlaceId,
        ':n': profile.businessName,
        ':l': profile.businessLocation,
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const before = out.Attributes as UserItem;
  const updated: UserItem = { ...before, ...profile };
  await writeDirectoryEntries(updated, before);
  return updated;
}

/**
 * Stores the agent's automation rules (all of them, as PUT /api/user/automations sends them); the user as it is now.
 */
export async function setAutomationRules(id: string, rules: AutomationRule[]): Promise<UserItem | undefined> {
  const out = await sendIf(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(id),
      UpdateExpression: 'SET automations = :rules',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':rules': rules },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out?.Attributes as UserItem | undefined;
}
