// An agent's Google reviews as synced (one item per review, newest first through gsi1), with what the agent adds:
// the client it is matched to (or the clients dismissed for it) and the reply. The connection: google-connections.ts.
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReviewMatch, ReviewReply } from '@shared/api-types';
import { decodeCursor, encodeCursor } from './cursors';
import { batchDelete, batchGet, db, getItem, queryAll, table, updateIf, writeIf } from './db';
import { googleReviewIndexKeys, googleReviewKey, googleReviewsPartition } from './keys/reviews';
import { GSI1 } from './keys/table';

export type ReviewItem = {
  pk: string;
  sk: string;
  type: 'google-review';
  gsi1pk: string;
  gsi1sk: string;
  agentId: string;
  reviewId: string;
  /** Google's resource name (accounts/…/locations/…/reviews/…): where the reply goes. */
  name: string;
  displayName: string | null;
  isAnonymous: boolean;
  stars: number | null;
  comment: string | null;
  createTime: string;
  updateTime: string;
  reply: ReviewReply | null;
  match: ReviewMatch | null;
  /** Clients the agent dismissed for this review: never suggested for it again. */
  dismissed?: string[];
  /** `unreplied` and `unmatched` filters: kept as flags so a page is read by one filtered Query. */
  replied: boolean;
  matched: boolean;
};

export type GoogleFields = Pick<
  ReviewItem,
  'name' | 'displayName' | 'isAnonymous' | 'stars' | 'comment' | 'createTime' | 'updateTime'
> & { reply: ReviewReply | null };

export async function getReview(agentId: string, reviewId: string): Promise<ReviewItem | undefined> {
  return getItem<ReviewItem>(googleReviewKey(agentId, reviewId));
}

/** The reviews of these ids the agent already has, by id. */
export async function knownReviews(agentId: string, reviewIds: readonly string[]): Promise<Map<string, ReviewItem>> {
  const items = await batchGet<ReviewItem>(reviewIds.map((id) => googleReviewKey(agentId, id)));
  return new Map(items.map((item) => [item.reviewId, item]));
}

/** A review new to the agent; false when another sync wrote it first. */
export async function addReview(agentId: string, reviewId: string, fields: GoogleFields): Promise<ReviewItem | null> {
  const item: ReviewItem = {
    ...googleReviewKey(agentId, reviewId),
    ...googleReviewIndexKeys(agentId, fields.createTime, reviewId),
    type: 'google-review',
    agentId,
    reviewId,
    ...fields,
    match: null,
    replied: fields.reply !== null,
    matched: false,
  };
  const written = await writeIf(
    new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return written ? item : null;
}

/** Google's side of a known review changed (edited, or replied to elsewhere): the match and dismissals stay. */
export async function updateReviewFromGoogle(agentId: string, reviewId: string, fields: GoogleFields): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: googleReviewKey(agentId, reviewId),
      UpdateExpression:
        'SET #name = :name, displayName = :dn, isAnonymous = :anon, stars = :stars, #comment = :comment, updateTime = :ut, reply = :reply, replied = :replied',
      ExpressionAttributeNames: { '#name': 'name', '#comment': 'comment' },
      ExpressionAttributeValues: {
        ':name': fields.name,
        ':dn': fields.displayName,
        ':anon': fields.isAnonymous,
        ':stars': fields.stars,
        ':comment': fields.comment,
        ':ut': fields.updateTime,
        ':reply': fields.reply,
        ':replied': fields.reply?.state === 'published',
      },
    }),
  );
}

/**
 * Sets the review's match (null: none) and adds a dismissed client, if the review exists; the review after, or
 * null. `onlyIfUnmatched`: a suggestion never replaces a match the agent confirmed or dismissed meanwhile.
 */
export async function setMatch(
  agentId: string,
  reviewId: string,
  match: ReviewMatch | null,
  { dismiss, onlyIfUnmatched = false }: { dismiss?: string; onlyIfUnmatched?: boolean } = {},
): Promise<ReviewItem | null> {
  const attributes = await updateIf(
    new UpdateCommand({
      TableName: table(),
      Key: googleReviewKey(agentId, reviewId),
      UpdateExpression: `SET #match = :m, matched = :matched${dismiss ? ', dismissed = list_append(if_not_exists(dismissed, :empty), :d)' : ''}`,
      ConditionExpression: onlyIfUnmatched
        ? 'attribute_exists(pk) AND (attribute_not_exists(#match) OR #match = :null)'
        : 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#match': 'match' },
      ExpressionAttributeValues: {
        ':m': match,
        ':matched': match?.status === 'confirmed',
        ...(dismiss ? { ':empty': [], ':d': [dismiss] } : {}),
        ...(onlyIfUnmatched ? { ':null': null } : {}),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes as ReviewItem | null;
}

export async function setReply(agentId: string, reviewId: string, reply: ReviewReply): Promise<ReviewItem | null> {
  const attributes = await updateIf(
    new UpdateCommand({
      TableName: table(),
      Key: googleReviewKey(agentId, reviewId),
      UpdateExpression: 'SET reply = :reply, replied = :replied',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':reply': reply, ':replied': reply.state === 'published' },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes as ReviewItem | null;
}

export type ReviewFilter = 'all' | 'unreplied' | 'unmatched';

/** A page of the agent's reviews, newest written first; the filters read the flags in one Query a round. */
export async function reviewPage(
  agentId: string,
  filter: ReviewFilter,
  limit: number,
  cursor: string | undefined,
): Promise<{ reviews: ReviewItem[]; nextCursor: string | null }> {
  const partition = googleReviewsPartition(agentId);
  let startKey: Record<string, unknown> | undefined = decodeCursor(cursor, {
    names: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    check: (key) => key.gsi1pk === partition && key.pk === `AGENT#${agentId}`,
  });
  const reviews: ReviewItem[] = [];
  const flag = filter === 'unreplied' ? 'replied' : filter === 'unmatched' ? 'matched' : undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': partition, ...(flag ? { ':yes': true } : {}) },
        ...(flag ? { FilterExpression: '#flag <> :yes', ExpressionAttributeNames: { '#flag': flag } } : {}),
        ScanIndexForward: false,
        Limit: limit - reviews.length,
        ExclusiveStartKey: startKey,
      }),
    );
    reviews.push(...((page.Items ?? []) as ReviewItem[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey && reviews.length < limit);
  return { reviews, nextCursor: encodeCursor(startKey) };
}

/** Every review of the agent (a location changed, or the connection forgotten). */
export async function deleteAllReviews(agentId: string): Promise<void> {
  const keys = await queryAll<{ pk: string; sk: string }>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': googleReviewsPartition(agentId) },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete(keys);
}
