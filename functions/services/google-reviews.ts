// Every Google review through the agent's Business Profile: connecting (OAuth with PKCE, the state single use and
// bound to the session), choosing the location, syncing (newest updated first, down to the last sync), suggesting
// who wrote each new review, confirming or dismissing that, drafting and posting replies, and the tracked review
// link of review requests. The refresh token is encrypted at rest (integrations/token-sealing.ts: KMS in AWS) and
// never leaves this module.
import { createHash } from 'node:crypto';
import type { BusinessReview, GoogleConnection, ReviewInbox, ReviewSyncResult } from '@shared/api-types';
import { changeClient } from '../client-record/record';
import { actorOf, clientFor } from '../data/client-access';
import { listClients } from '../data/clients';
import {
  chooseLocation,
  deleteConnection,
  getConnection,
  putConnection,
  putOAuthState,
  recordSync,
  recordSyncProgress,
  takeOAuthState,
  type GoogleConnectionItem,
} from '../data/google-connections';
import {
  addReview,
  deleteAllReviews,
  getReview,
  knownReviews,
  reviewPage,
  setMatch,
  setReply,
  updateReviewFromGoogle,
  type GoogleFields,
  type ReviewFilter,
  type ReviewItem,
} from '../data/google-reviews';
import type { UserItem } from '../data/users';
import { forEachLimited } from '../lib/concurrency';
import { UNLIMITED, type RemainingMs } from '../lib/time-budget';
import type {
  AnonymousReview,
  GoogleNoLocation,
  GoogleNotConnected,
  NotFound,
  UnknownLocation,
} from '../domain/refusals';
import { MATCH_WINDOW_DAYS, suggestMatch, type MatchCandidate } from '../domain/review-match';
import { needsAttention } from '../domain/review-reply';
import { randomId } from '../domain/signed-tokens';
import {
  accessTokenFor,
  authorizationUrl,
  exchangeCode,
  GoogleBusinessError,
  listAccounts,
  listLocations,
  listReviews,
  putReply,
  requireOAuthClient,
  revokeToken,
  type GoogleReview,
} from '../integrations/google-business';
import { sealRefreshToken, unsealRefreshToken } from '../integrations/token-sealing';
import { createLogger } from '../observability/logger';

const log = createLogger({ module: 'google-reviews' });
/** How long the consent page may take before its state is refused. */
const STATE_TTL_SECONDS = 10 * 60;
/** Pages of 50 one sync reads at most (10,000 reviews): a location with more continues at the next sync. */
const MAX_SYNC_PAGES = 200;
export const REVIEW_PAGE_LIMIT = 20;
/** The writes of one page of reviews in flight at once. */
const SYNC_WRITES_IN_FLIGHT = 8;

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Google's consent page for the agent; the state (single use, bound to this session) and the PKCE verifier kept. */
export async function startGoogleConnection(agentId: string, sessionId: string, now = new Date()): Promise<string> {
  const client = await requireOAuthClient();
  const state = randomId(32);
  const codeVerifier = randomId(48);
  const expiresAt = new Date(now.getTime() + STATE_TTL_SECONDS * 1000).toISOString();
  await putOAuthState(hashOf(state), { agentId, sessionId, codeVerifier, expiresAt }, STATE_TTL_SECONDS);
  return authorizationUrl(client.clientId, state, codeVerifier);
}

/** Why a callback did not connect, as the /reviews page's `google` parameter says it. */
export type CallbackOutcome = 'connected' | 'denied' | 'state' | 'signed-out' | GoogleBusinessError['reason'];

/**
 * The callback from Google's consent page: the state taken (a replay finds nothing), checked against the session that
 * started it, the code traded with the PKCE verifier, and the refresh token sealed and kept with the locations.
 */
export async function completeGoogleConnection(
  input: { code?: string; state?: string; error?: string },
  session: { agentId: string; sessionId: string } | null,
  now = new Date(),
): Promise<CallbackOutcome> {
  if (!input.state) return 'state';
  const state = await takeOAuthState(hashOf(input.state));
  if (!state || Date.parse(state.expiresAt) < now.getTime()) return 'state';
  if (!session) return 'signed-out';
  if (state.agentId !== session.agentId || state.sessionId !== session.sessionId) return 'state';
  if (input.error || !input.code) return 'denied';
  try {
    const { refreshToken } = await exchangeCode(input.code, state.codeVerifier);
    const accessToken = await accessTokenFor(refreshToken);
    const [account] = await listAccounts(accessToken);
    if (!account) throw new GoogleBusinessError('refused', 'This Google account manages no Business Profile.');
    const locations = await listLocations(accessToken, account.name);
    const previous = await getConnection(state.agentId);
    // Reconnecting keeps the location chosen before when it is still there; a single location is chosen for them.
    const kept = previous && locations.some((l) => l.name === previous.locationName) ? previous : undefined;
    const locationName = kept?.locationName ?? (locations.length === 1 ? locations[0]!.name : null);
    await putConnection({
      agentId: state.agentId,
      refreshTokenSealed: await sealRefreshToken(state.agentId, refreshToken),
      accountName: account.name,
      accountDisplayName: account.accountName,
      locations,
      locationName,
      averageRating: kept?.averageRating ?? null,
      totalReviewCount: kept?.totalReviewCount ?? null,
      syncedThrough: kept?.syncedThrough ?? null,
      lastSyncAt: kept?.lastSyncAt ?? null,
      connectedAt: now.toISOString(),
    });
    if (previous && !kept) await deleteAllReviews(state.agentId);
    return 'connected';
  } catch (error) {
    if (error instanceof GoogleBusinessError) {
      log.warn('google connection failed', { reason: error.reason });
      return error.reason;
    }
    throw error;
  }
}

export function toConnection(item: GoogleConnectionItem | undefined): GoogleConnection {
  if (!item) return { connected: false, accountName: null, locations: [], locationName: null };
  return {
    connected: true,
    accountName: item.accountDisplayName,
    locations: item.locations.map(({ name, title }) => ({ name, title })),
    locationName: item.locationName,
  };
}

export type LocationRefusal = GoogleNotConnected | UnknownLocation;

/** Picks one of the connection's locations; the reviews of another location go (the next sync reads the new one). */
export async function chooseGoogleLocation(
  agentId: string,
  locationName: string,
): Promise<GoogleConnection | LocationRefusal> {
  const connection = await getConnection(agentId);
  if (!connection) return { kind: 'google-not-connected' };
  if (!connection.locations.some((l) => l.name === locationName)) return { kind: 'unknown-location' };
  if (connection.locationName === locationName) return toConnection(connection);
  await deleteAllReviews(agentId);
  const chosen = await chooseLocation(agentId, locationName);
  if (!chosen) return { kind: 'google-not-connected' };
  return toConnection(chosen);
}

/** Revokes the token at Google (a failure there is logged: the connection is forgotten all the same) and forgets it. */
export async function disconnectGoogle(agentId: string): Promise<GoogleConnection> {
  const gone = await deleteConnection(agentId);
  if (gone) {
    const token = await unsealRefreshToken(agentId, gone.refreshTokenSealed);
    if (token)
      await revokeToken(token).catch((error: unknown) =>
        log.warn('revoking the google token failed', { reason: (error as GoogleBusinessError).reason }),
      );
    await deleteAllReviews(agentId);
  }
  return toConnection(undefined);
}

async function accessTokenOf(connection: GoogleConnectionItem): Promise<string> {
  const refreshToken = await unsealRefreshToken(connection.agentId, connection.refreshTokenSealed);
  if (!refreshToken) throw new GoogleBusinessError('reconnect', 'Please connect Google again.');
  return accessTokenFor(refreshToken);
}

const STAR_VALUES: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };

function googleFields(review: GoogleReview): GoogleFields {
  return {
    name: review.name,
    displayName: review.reviewer.displayName?.trim() || null,
    isAnonymous: review.reviewer.isAnonymous === true,
    stars: STAR_VALUES[review.starRating] ?? null,
    comment: review.comment ?? null,
    createTime: review.createTime,
    updateTime: review.updateTime,
    reply: review.reviewReply
      ? { comment: review.reviewReply.comment, updatedAt: review.reviewReply.updateTime, state: 'published' }
      : null,
  };
}

const sameFromGoogle = (item: ReviewItem, fields: GoogleFields) =>
  item.updateTime === fields.updateTime &&
  (item.reply?.state === 'published' ? item.reply.comment : null) === (fields.reply?.comment ?? null);

export type SyncRefusal = GoogleNotConnected | GoogleNoLocation;

/** What reading one page of reviews and writing it may take: a sync reads the next page only while more is left. */
export const SYNC_PAGE_TIME_MS = 10_000;

/** A sync's outcome; `complete` false when it stopped part way and keeps where it got to for the next one. */
export type SyncOutcome = ReviewSyncResult & { complete: boolean };

/**
 * Reads the location's reviews, the most recently updated first, until it reaches what the last sync saw; adds the
 * new, updates the changed, then suggests who wrote each new one. It reads one page at least, then stops before the
 * next when the function's time (`remainingMs`) runs short or MAX_SYNC_PAGES are read: the next sync continues from
 * that page (the connection's syncResume) down to the same point, and only then moves syncedThrough on.
 */
export async function syncReviews(
  agent: Pick<UserItem, 'id'>,
  now = new Date(),
  { remainingMs = UNLIMITED }: { remainingMs?: RemainingMs } = {},
): Promise<SyncOutcome | SyncRefusal> {
  const connection = await getConnection(agent.id);
  if (!connection) return { kind: 'google-not-connected' };
  const location = connection.locationName;
  if (!location) return { kind: 'google-no-location' };
  const accessToken = await accessTokenOf(connection);
  const resume = connection.syncResume;
  // Newest updated first: a review is the sync's to look at from `since` (the last complete sync's newest) on.
  const since = resume ? resume.since : connection.syncedThrough;
  let newest: string | null = resume?.newest ?? null;
  let added = 0;
  let updated = 0;
  let summary = { averageRating: null as number | null, totalReviewCount: 0 };
  const fresh: ReviewItem[] = [];
  let pageToken: string | undefined = resume?.pageToken;
  let complete = false;
  for (let page = 0; page === 0 || (page < MAX_SYNC_PAGES && remainingMs() >= SYNC_PAGE_TIME_MS); page += 1) {
    const answer = await reviewsPage(accessToken, connection.accountName, location, pageToken, page === 0);
    summary = { averageRating: answer.averageRating, totalReviewCount: answer.totalReviewCount };
    const known = await knownReviews(
      agent.id,
      answer.reviews.map((r) => r.reviewId),
    );
    const changed = since ? answer.reviews.filter((review) => review.updateTime >= since) : answer.reviews;
    for (const review of changed) if (!newest || review.updateTime > newest) newest = review.updateTime;
    await forEachLimited(changed, SYNC_WRITES_IN_FLIGHT, async (review) => {
      const fields = googleFields(review);
      const item = known.get(review.reviewId);
      if (!item) {
        const written = await addReview(agent.id, review.reviewId, fields);
        if (written) {
          added += 1;
          fresh.push(written);
        }
      } else if (!sameFromGoogle(item, fields)) {
        await updateReviewFromGoogle(agent.id, review.reviewId, fields);
        updated += 1;
      }
    });
    if (changed.length < answer.reviews.length || !answer.nextPageToken) {
      complete = true;
      break;
    }
    pageToken = answer.nextPageToken;
  }
  if (complete)
    await recordSync(agent.id, location, { ...summary, syncedThrough: newest ?? since, at: now.toISOString() });
  else await recordSyncProgress(agent.id, location, { ...summary, resume: { pageToken: pageToken!, since, newest } });
  if (fresh.some((r) => !r.isAnonymous)) await suggestMatches(agent.id, fresh, now);
  return { added, updated, total: summary.totalReviewCount, complete };
}

/**
 * One page of the location's reviews. A page token kept from an earlier run that Google no longer takes (it expired)
 * starts the pass again from the top: what was written already is found unchanged.
 */
async function reviewsPage(
  accessToken: string,
  account: string,
  location: string,
  pageToken: string | undefined,
  resumed: boolean,
): ReturnType<typeof listReviews> {
  try {
    return await listReviews(accessToken, account, location, pageToken);
  } catch (error) {
    if (!(resumed && pageToken && error instanceof GoogleBusinessError && error.reason === 'refused')) throw error;
    log.warn('a kept page token was refused; the sync starts from the top', { location });
    return listReviews(accessToken, account, location, undefined);
  }
}

/** The clients asked in the window before the oldest new review, scored against each new review. */
async function suggestMatches(agentId: string, reviews: readonly ReviewItem[], now: Date): Promise<void> {
  const oldest = Math.min(...reviews.map((r) => Date.parse(r.createTime)));
  const since = new Date(Math.min(oldest, now.getTime()) - MATCH_WINDOW_DAYS * 86_400_000).toISOString();
  const candidates: MatchCandidate[] = (await listClients(agentId))
    .filter(
      (c) =>
        c.reviewStatus !== 'submitted' &&
        ((c.reviewRequestedAt ?? '') >= since || (c.reviewLinkOpenedAt ?? '') >= since),
    )
    .map((c) => ({
      clientId: c.id,
      name: c.name,
      requestedAt: c.reviewRequestedAt ?? null,
      openedAt: c.reviewLinkOpenedAt ?? null,
    }));
  if (candidates.length === 0) return;
  for (const review of reviews) {
    const suggestion = suggestMatch(review, candidates, review.dismissed ?? []);
    if (suggestion)
      await setMatch(agentId, review.reviewId, { ...suggestion, status: 'suggested' }, { onlyIfUnmatched: true });
  }
}

export function toBusinessReview(item: ReviewItem): BusinessReview {
  return {
    id: item.reviewId,
    reviewer: { displayName: item.isAnonymous ? null : item.displayName, isAnonymous: item.isAnonymous },
    stars: item.stars,
    comment: item.comment,
    createdAt: item.createTime,
    updatedAt: item.updateTime,
    needsAttention: needsAttention(item.stars),
    reply: item.reply,
    match: item.match,
  };
}

export async function reviewInbox(
  agentId: string,
  filter: ReviewFilter,
  cursor: string | undefined,
): Promise<ReviewInbox> {
  const [connection, page] = await Promise.all([
    getConnection(agentId),
    reviewPage(agentId, filter, REVIEW_PAGE_LIMIT, cursor),
  ]);
  return {
    reviews: page.reviews.map(toBusinessReview),
    nextCursor: page.nextCursor,
    summary: {
      connected: Boolean(connection),
      locationTitle: connection?.locations.find((l) => l.name === connection.locationName)?.title ?? null,
      averageRating: connection?.averageRating ?? null,
      totalReviewCount: connection?.totalReviewCount ?? null,
      lastSyncAt: connection?.lastSyncAt ?? null,
    },
  };
}

export type MatchRefusal = NotFound<'review' | 'client'> | AnonymousReview;
export const NO_REVIEW = { kind: 'not-found', what: 'review' } as const;

/**
 * The agent confirms who wrote the review: the match is confirmed, and the client becomes submitted with the review's
 * date through the client record (which stops further review requests to them).
 */
export async function confirmMatch(
  agent: UserItem,
  reviewId: string,
  clientId: string,
): Promise<BusinessReview | MatchRefusal> {
  const review = await getReview(agent.id, reviewId);
  if (!review) return NO_REVIEW;
  if (review.isAnonymous) return { kind: 'anonymous-review' };
  const client = await clientFor(actorOf(agent), clientId);
  if (!client) return { kind: 'not-found', what: 'client' };
  const suggested = review.match?.clientId === clientId ? review.match : null;
  const updated = await setMatch(agent.id, reviewId, {
    clientId,
    clientName: client.name,
    confidence: suggested?.confidence ?? 1,
    status: 'confirmed',
    evidence: suggested?.evidence ?? ['You confirmed this client wrote the review.'],
  });
  if (!updated) return NO_REVIEW;
  await changeClient(
    agent.id,
    clientId,
    { kind: 'review-found', at: review.createTime },
    {
      known: client,
      timeZone: agent.timeZone,
    },
  );
  return toBusinessReview(updated);
}

/** The agent says the suggested (or confirmed) client did not write it: never suggested for this review again. */
export async function dismissMatch(agentId: string, reviewId: string): Promise<BusinessReview | MatchRefusal> {
  const review = await getReview(agentId, reviewId);
  if (!review) return NO_REVIEW;
  const updated = await setMatch(agentId, reviewId, null, review.match ? { dismiss: review.match.clientId } : {});
  if (!updated) return NO_REVIEW;
  return toBusinessReview(updated);
}

/**
 * Posts the agent's reply to Google; the review with it. A refusal from Google keeps the reply as `failed` (to post
 * again) and is thrown on as it is.
 */
export async function postReviewReply(
  agentId: string,
  reviewId: string,
  comment: string,
  now = new Date(),
): Promise<BusinessReview | NotFound<'review'> | GoogleNotConnected> {
  const review = await getReview(agentId, reviewId);
  if (!review) return NO_REVIEW;
  const connection = await getConnection(agentId);
  if (!connection) return { kind: 'google-not-connected' };
  try {
    const accessToken = await accessTokenOf(connection);
    const posted = await putReply(accessToken, review.name, comment);
    const updated = await setReply(agentId, reviewId, {
      comment: posted.comment,
      updatedAt: posted.updateTime,
      state: 'published',
    });
    return updated ? toBusinessReview(updated) : NO_REVIEW;
  } catch (error) {
    if (error instanceof GoogleBusinessError)
      await setReply(agentId, reviewId, { comment, updatedAt: now.toISOString(), state: 'failed' });
    throw error;
  }
}
