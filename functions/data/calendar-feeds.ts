// Calendar feed secrets. The secret (32 random bytes, base64url) is a bearer credential in a URL, so
// the lookup item is keyed by its SHA-256 only: CALENDAR#<hash> → agentId. The user item names the
// current hash, and the feed answers only when both agree, so a rotation cuts the old URL off at
// the moment the user item changes, even if deleting the old lookup item failed.
// Without transactions (docs/architecture.md, Data model): the new lookup item is written first (invisible until the
// user
// points at it), then the user, then the old lookup item is deleted.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomBytes } from 'node:crypto';
import { db, table, writeIf } from './db';
import { calendarFeedKey, userKey } from './keys/users';
import { getUserById, type UserItem } from './users';

export const hashCalendarSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export class CalendarFeedConflictError extends Error {
  override name = 'CalendarFeedConflictError';
}

/**
 * Gives the agent a new feed secret, replacing the old one (which stops working). `seal` turns the
 * secret into what the user item keeps so the URL can be shown again (encrypted, never in clear).
 */
export async function rotateCalendarFeed(
  agentId: string,
  seal: (secret: string) => string,
  now: Date = new Date(),
): Promise<{ secret: string; createdAt: string }> {
  const createdAt = now.toISOString();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const user = await getUserById(agentId, true);
    if (!user) throw new CalendarFeedConflictError('no such user');
    const previous = user.calendarSecretHash;
    const secret = randomBytes(32).toString('base64url');
    const hash = hashCalendarSecret(secret);
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...calendarFeedKey(hash), type: 'calendar-feed', agentId, createdAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    let pointed: boolean;
    try {
      pointed = await writeIf(
        new UpdateCommand({
          TableName: table(),
          Key: userKey(agentId),
          UpdateExpression: 'SET calendarSecretHash = :h, calendarFeedSealed = :s, calendarFeedCreatedAt = :at',
          ConditionExpression: previous
            ? 'calendarSecretHash = :previous'
            : 'attribute_exists(pk) AND attribute_not_exists(calendarSecretHash)',
          ExpressionAttributeValues: {
            ':h': hash,
            ':s': seal(secret),
            ':at': createdAt,
            ...(previous ? { ':previous': previous } : {}),
          },
        }),
      );
    } catch (error) {
      await deleteLookup(hash);
      throw error;
    }
    if (!pointed) {
      await deleteLookup(hash);
      continue; // rotated or removed meanwhile: read again
    }
    if (previous) await deleteLookup(previous);
    return { secret, createdAt };
  }
  throw new CalendarFeedConflictError('the calendar feed kept changing');
}

/** Stops the feed: its URL answers 404 from now on. */
export async function removeCalendarFeed(user: Pick<UserItem, 'id'>): Promise<void> {
  const out = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(user.id),
      UpdateExpression: 'REMOVE calendarSecretHash, calendarFeedSealed, calendarFeedCreatedAt',
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  const previous = out.Attributes?.calendarSecretHash as string | undefined;
  if (previous) await deleteLookup(previous);
}

/** The agent whose current feed secret this is, or undefined (unknown, rotated or removed). */
export async function findCalendarFeedOwner(secret: string): Promise<UserItem | undefined> {
  const hash = hashCalendarSecret(secret);
  const lookup = await db().send(new GetCommand({ TableName: table(), Key: calendarFeedKey(hash) }));
  const agentId = lookup.Item?.agentId as string | undefined;
  if (!agentId) return undefined;
  // Consistent: a rotation cuts the old URL off at once.
  const user = await getUserById(agentId, true);
  return user && user.calendarSecretHash === hash ? user : undefined;
}

async function deleteLookup(hash: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: calendarFeedKey(hash) }));
}
