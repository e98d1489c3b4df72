// Password reset links: one item per user maps each live link's id (jti) to its expiry. A link is
// used by removing the whole map in one conditional write, so it works once and a completed reset
// revokes every other link of that user. Asking for a new link never revokes the earlier ones: a
// stranger requesting resets for someone cannot spoil the link in their inbox.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, expiryFields, table, writeIf } from './db';
import { resetLinksKey } from './keys/users';

type ResetLinksItem = { links?: Record<string, string> };

/** Adds a live link (and forgets the expired ones, so the item stays small). */
export async function createResetRecord(
  jti: string,
  userId: string,
  ttlSeconds: number,
  now = new Date(),
): Promise<void> {
  const { expiresAt, ttl } = expiryFields(now, ttlSeconds, 24 * 3600);
  // Another request may add or use a link between the read and the write: then read again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await db().send(
      new GetCommand({ TableName: table(), Key: resetLinksKey(userId), ConsistentRead: true }),
    );
    const links = (current.Item as ResetLinksItem | undefined)?.links;
    const written = links
      ? await writeIf(
          addLink(
            userId,
            jti,
            expiresAt,
            ttl,
            Object.keys(links).filter((id) => links[id]! <= now.toISOString()),
          ),
        )
      : await writeIf(
          new PutCommand({
            TableName: table(),
            Item: { ...resetLinksKey(userId), type: 'reset-links', userId, links: { [jti]: expiresAt }, ttl },
            ConditionExpression: 'attribute_not_exists(links)',
          }),
        );
    if (written) return;
  }
  throw new Error('Could not record the reset link: too many concurrent changes');
}

function addLink(userId: string, jti: string, expiresAt: string, ttl: number, expired: string[]): UpdateCommand {
  const names: Record<string, string> = { '#new': jti, '#ttl': 'ttl' };
  expired.forEach((id, i) => (names[`#old${i}`] = id));
  return new UpdateCommand({
    TableName: table(),
    Key: resetLinksKey(userId),
    UpdateExpression: `SET links.#new = :expiresAt, #ttl = :ttl${expired.length ? ` REMOVE ${expired.map((_, i) => `links.#old${i}`).join(', ')}` : ''}`,
    ConditionExpression: 'attribute_exists(links)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ':expiresAt': expiresAt, ':ttl': ttl },
  });
}

/** Uses the link and revokes every other link of the user; false when it is unknown, used, revoked or expired. */
export async function consumeResetRecord(jti: string, userId: string, now = new Date()): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: resetLinksKey(userId),
      UpdateExpression: 'REMOVE links SET usedAt = :now',
      ConditionExpression: 'links.#jti > :now',
      ExpressionAttributeNames: { '#jti': jti },
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}
