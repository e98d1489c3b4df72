// An agent's Google Business Profile: the connection (the refresh token sealed, never returned), the single-use OAuth
// states, the synced reviews with their match and reply, and the clients' tracked review links. Keys: keys.ts.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReviewMatch, ReviewReply } from '@shared/api-types';
import { decodeCursor, encodeCursor } from './cursors';
import { batchDelete, batchGet, db, queryAll, sendIf, table, updateIf, writeIf } from './db';
import {
  GOOGLE_CONNECTED_PARTITION,
  googleConnectedIndexKeys,
  googleConnectionKey,
  googleReviewIndexKeys,
  googleReviewKey,
  googleReviewsPartition,
  googleStateKey,
  GSI1,
  ownerIndexKeys,
  reviewLinkKey,
} from './keys';

/** A location; `newReviewUri`: its write-a-review page (Business Information's metadata.newReviewUri). */
export type GoogleLocationItem = { name: string; title: string; newReviewUri?: string };

export type GoogleConnectionItem = {
  pk: string;
  sk: string;
  type: 'google-connection';
  agentId: string;
  refreshTokenSealed: string;
  accountName: string;
  accountDisplayName: string;
  locations: GoogleLocationItem[];
  locationName: string | null;
  averageRating: number | null;
  totalReviewCount: number | null;
  /** The newest updateTime the last complete sync saw: the next sync pages until it reaches it. */
  syncedThrough: string | null;
  lastSyncAt: string | null;
  /** Where a sync that stopped part way got to: the next one continues there (services/google-reviews.ts). */
  syncResume?: SyncResume;
  connectedAt: string;
  gsi1pk?: string;
  gsi1sk?: string;
};

/**
 * A sync stopped part way (the function's time, or the pages one sync reads): Google's token of the next page to read,
 * the syncedThrough it reads down to, and the newest updateTime it has seen so far (the next syncedThrough).
 */
export type SyncResume = { pageToken: string; since: string | null; newest: string | null };

export async function getConnection(agentId: string): Promise<GoogleConnectionItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: googleConnectionKey(agentId) }));
  return out.Item as GoogleConnectionItem | undefined;
}

/** Stores a new connection (a reconnect replaces the old one, its reviews kept for the same location). */
export async function putConnection(
  item: Omit<GoogleConnectionItem, 'pk' | 'sk' | 'type' | 'gsi1pk' | 'gsi1sk'>,
): Promise<GoogleConnectionItem> {
  const stored: GoogleConnectionItem = {
    ...googleConnectionKey(item.agentId),
    type: 'google-connection',
    ...item,
    ...(item.locationName ? googleConnectedIndexKeys(item.agentId) : {}),
  };
  await db().send(new PutCommand({ TableName: table(), Item: stored }));
  return stored;
}

/** Picks the location (one of the connection's): in the hourly sync's index from then on; a new one syncs afresh. */
export async function chooseLocation(agentId: string, locationName: string): Promise<GoogleConnectionItem | null> {
  const attributes = await updateIf(
    new UpdateCommand({
      TableName: table(),
      Key: googleConnectionKey(agentId),
      UpdateExpression:
        'SET locationName = :l, syncedThrough = :none, averageRating = :none, totalReviewCount = :none, gsi1pk = :g, gsi1sk = :agent REMOVE syncResume',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':l': locationName,
        ':none': null,
        ':g': GOOGLE_CONNECTED_PARTITION,
        ':agent': agentId,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes as GoogleConnectionItem | null;
}

/** Records a finished sync: the location's rating and count, and how far it got (a resume point is done with). */
export async function recordSync(
  agentId: string,
  locationName: string,
  fields: { averageRating: number | null; totalReviewCount: number; syncedThrough: string | null; at: string },
): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: googleConnectionKey(agentId),
      UpdateExpression:
        'SET averageRating = :r, totalReviewCount = :n, syncedThrough = :s, lastSyncAt = :at REMOVE syncResume',
      // A location changed or a disconnect meanwhile: this sync's numbers are not the connection's any more.
      ConditionExpression: 'locationName = :l',
      ExpressionAttributeValues: {
        ':r': fields.averageRating,
        ':n': fields.totalReviewCount,
        ':s': fields.syncedThrough,
        ':at': fields.at,
        ':l': locationName,
      },
    }),
  );
}

/** Keeps where a sync that stopped part way got to, with the location's rating and count as Google gave them. */
export async function recordSyncProgress(
  agentId: string,
  locationName: string,
  fields: { averageRating: number | null; totalReviewCount: number; resume: SyncResume },
): Promise<void> {
  await writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: googleConnectionKey(agentId),
      UpdateExpression: 'SET averageRating = :r, totalReviewCount = :n, syncResume = :resume',
      // As recordSync: what was read of another location is not this connection's.
      ConditionExpression: 'locationName = :l',
      ExpressionAttributeValues: {
        ':r': fields.averageRating,
        ':n': fields.totalReviewCount,
        ':resume': fields.resume,
        ':l': locationName,
      },
    }),
  );
}

/** Forgets the connection; the item as it was (its sealed token, to revoke), if there was one. */
export async function deleteConnection(agentId: string): Promise<GoogleConnectionItem | undefined> {
  const out = await sendIf(
    new DeleteCommand({
      TableName: table(),
      Key: googleConnectionKey(agentId),
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_OLD',
    }),
  );
  return out?.Attributes as GoogleConnectionItem | undefined;
}

/**
 * The agents with a location chosen (the hourly sync), the least recently synced first: a run cut short by its time
 * leaves the agents it did not reach (and the one whose sync stopped part way) for the next run to begin with.
 */
export async function connectedAgents(): Promise<string[]> {
  const items = await queryAll<{ agentId: string; lastSyncAt?: string | null }>({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': GOOGLE_CONNECTED_PARTITION },
    ProjectionExpression: 'agentId, lastSyncAt',
  });
  const lastSync = (item: { lastSyncAt?: string | null }) => item.lastSyncAt ?? '';
  return items
    .sort((a, b) => lastSync(a).localeCompare(lastSync(b)) || a.agentId.localeCompare(b.agentId))
    .map((item) => item.agentId);
}

export type OAuthStateItem = {
  agentId: string;
  sessionId: string;
  codeVerifier: string;
  expiresAt: string;
};

export async function putOAuthState(stateHash: string, state: OAuthStateItem, ttlSeconds: number): Promise<void> {
  const key = googleStateKey(stateHash);
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...key,
        type: 'google-oauth-state',
        ...state,
        ttl: Math.floor(Date.parse(state.expiresAt) / 1000) + ttlSeconds,
        ...ownerIndexKeys(state.agentId, key),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Takes the state (one conditional delete): the first caller gets it, a replay gets undefined. */
export async function takeOAuthState(stateHash: string): Promise<OAuthStateItem | undefined> {
  const out = await sendIf(
    new DeleteCommand({
      TableName: table(),
      Key: googleStateKey(stateHash),
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_OLD',
    }),
  );
  return out?.Attributes as OAuthStateItem | undefined;
}

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
  const out = await db().send(new GetCommand({ TableName: table(), Key: googleReviewKey(agentId, reviewId) }));
  return out.Item as ReviewItem | undefined;
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

export type ReviewLinkItem = { agentId: string; clientId: string };

export async function putReviewLink(token: string, agentId: string, clientId: string, now: Date): Promise<void> {
  const key = reviewLinkKey(token);
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...key,
        type: 'review-link',
        agentId,
        clientId,
        createdAt: now.toISOString(),
        ...ownerIndexKeys(agentId, key, clientId),
      },
    }),
  );
}

export async function getReviewLink(token: string): Promise<ReviewLinkItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: reviewLinkKey(token) }));
  return out.Item as ReviewLinkItem | undefined;
}
