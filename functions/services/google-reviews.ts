// Every Google review through the agent's Business Profile: connecting (OAuth with PKCE, the state single use and
// bound to the session; each further feature, contacts or calendar, asked for only when the agent turns it on, and
// turned on when Google granted it), choosing the location or turning features on and off, syncing (newest updated
// first, down to the last sync), suggesting who wrote each new review, confirming or dismissing that, drafting and
// posting replies, and the tracked review link of review requests. The refresh token is encrypted at rest
// (integrations/token-sealing.ts: KMS in AWS) and never leaves this module.
import { createHash } from 'node:crypto';
import type { BusinessReview, GoogleConnectionStatus, ReviewInbox, ReviewSyncResult } from '@shared/api-types';
import { GOOGLE_FEATURES, type GoogleConnectionUpdate, type GoogleFeature } from '@shared/google';
import { changeClient } from '../client-record/record';
import { actorOf, clientFor } from '../data/client-access';
import { listClients } from '../data/clients';
import {
  chooseLocation,
  deleteConnection,
  featureAttribute,
  getConnection,
  putConnection,
  recordSync,
  recordSyncProgress,
  setFeatures,
  type GoogleConnectionItem,
  type CalendarFeatureItem,
  type GoogleFeatureItem,
} from '../data/google-connections';
import { putOAuthState, takeOAuthState } from '../data/google-oauth-states';
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
  GoogleFeatureNotGranted,
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
  FEATURE_SCOPES,
  GOOGLE_SCOPE,
  GoogleBusinessError,
  grantedFeatures,
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

/**
 * Google's consent page for the agent; the state (single use, bound to this session), the PKCE verifier and the
 * features asked for kept. Without features it asks for the Business Profile as it always did; a feature is asked
 * for incrementally (what was granted before stays granted), with the Business Profile when not connected yet.
 */
export async function startGoogleConnection(
  agentId: string,
  sessionId: string,
  features: readonly GoogleFeature[] = [],
  now = new Date(),
): Promise<string> {
  const client = await requireOAuthClient();
  const state = randomId(32);
  const codeVerifier = randomId(48);
  const expiresAt = new Date(now.getTime() + STATE_TTL_SECONDS * 1000).toISOString();
  const asked = features.length ? { features: [...features] } : {};
  await putOAuthState(hashOf(state), { agentId, sessionId, codeVerifier, expiresAt, ...asked }, STATE_TTL_SECONDS);
  if (features.length === 0) return authorizationUrl(client.clientId, state, codeVerifier);
  const connected = Boolean(await getConnection(agentId));
  const scopes = [...(connected ? [] : [GOOGLE_SCOPE]), ...features.flatMap((feature) => FEATURE_SCOPES[feature])];
  return authorizationUrl(client.clientId, state, codeVerifier, { scopes, incremental: true });
}

/** Why a callback did not connect, as the page it returns to says it in its `google` parameter. */
export type CallbackOutcome = 'connected' | 'denied' | 'state' | 'signed-out' | GoogleBusinessError['reason'];
/** How a callback went: the features the agent asked for, and those of them Google did not grant (they stay off). */
export type CallbackResult = { outcome: CallbackOutcome; asked: GoogleFeature[]; declined: GoogleFeature[] };

/**
 * The callback from Google's consent page: the state taken (a replay finds nothing), checked against the session that
 * started it, the code traded with the PKCE verifier, and the refresh token sealed and kept with the locations and the
 * scopes Google granted. Each feature asked for and granted is turned on; one on before stays on while granted.
 */
export async function completeGoogleConnection(
  input: { code?: string; state?: string; error?: string },
  session: { agentId: string; sessionId: string } | null,
  now = new Date(),
): Promise<CallbackResult> {
  if (!input.state) return { outcome: 'state', asked: [], declined: [] };
  const state = await takeOAuthState(hashOf(input.state));
  if (!state || Date.parse(state.expiresAt) < now.getTime()) return { outcome: 'state', asked: [], declined: [] };
  const asked = state.features ?? [];
  const ended = (outcome: CallbackOutcome): CallbackResult => ({ outcome, asked, declined: [] });
  if (!session) return ended('signed-out');
  if (state.agentId !== session.agentId || state.sessionId !== session.sessionId) return ended('state');
  if (input.error || !input.code) return ended('denied');
  try {
    const { refreshToken, scopes } = await exchangeCode(input.code, state.codeVerifier);
    const granted = grantedFeatures(scopes);
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
      grantedScopes: scopes,
      ...featuresOn(previous, asked, granted, now),
    });
    if (previous && !kept) await deleteAllReviews(state.agentId);
    return { outcome: 'connected', asked, declined: asked.filter((f) => !granted.includes(f)) };
  } catch (error) {
    if (error instanceof GoogleBusinessError) {
      log.warn('google connection failed', { reason: error.reason });
      return ended(error.reason);
    }
    throw error;
  }
}

/** The features on after a consent: those on before (their state kept) and those asked for, while granted. */
function featuresOn(
  previous: GoogleConnectionItem | undefined,
  asked: readonly GoogleFeature[],
  granted: readonly GoogleFeature[],
  now: Date,
): Partial<Pick<GoogleConnectionItem, ReturnType<typeof featureAttribute>>> {
  const on: Array<[string, GoogleFeatureItem | CalendarFeatureItem]> = granted.flatMap((feature) => {
    const before = previous?.[featureAttribute(feature)];
    // Connected again: Google's refusal of the old grant is no longer this feature's state.
    if (before)
      return [[featureAttribute(feature), before.lastError === 'reconnect' ? { ...before, lastError: null } : before]];
    return asked.includes(feature) ? [[featureAttribute(feature), { enabledAt: now.toISOString() }]] : [];
  });
  return Object.fromEntries(on);
}

export function toConnection(item: GoogleConnectionItem | undefined): GoogleConnectionStatus {
  const granted = grantedFeatures(item?.grantedScopes ?? []);
  const features = Object.fromEntries(
    GOOGLE_FEATURES.map((feature) => [
      feature,
      { enabled: Boolean(item?.[featureAttribute(feature)]), granted: granted.includes(feature) },
    ]),
  ) as GoogleConnectionStatus['features'];
  if (!item) return { connected: false, accountName: null, locations: [], locationName: null, features };
  return {
    connected: true,
    accountName: item.accountDisplayName,
    locations: item.locations.map(({ name, title }) => ({ name, title })),
    locationName: item.locationName,
    features,
  };
}

export type LocationRefusal = GoogleNotConnected | UnknownLocation;
export type ConnectionUpdateRefusal = LocationRefusal | GoogleFeatureNotGranted;

/**
 * PUT /api/google/connection: picks the location the reviews follow, or turns features on (only when Google granted
 * them) or off (what they kept is forgotten).
 */
export async function updateGoogleConnection(
  agentId: string,
  update: GoogleConnectionUpdate,
  now = new Date(),
): Promise<GoogleConnectionStatus | ConnectionUpdateRefusal> {
  if (update.locationName !== undefined) return chooseGoogleLocation(agentId, update.locationName);
  const changes = Object.fromEntries(
    GOOGLE_FEATURES.flatMap((feature) => (update[feature] === undefined ? [] : [[feature, update[feature]]])),
  ) as Partial<Record<GoogleFeature, boolean>>;
  const connection = await getConnection(agentId);
  if (!connection) return { kind: 'google-not-connected' };
  const granted = grantedFeatures(connection.grantedScopes ?? []);
  const refused = GOOGLE_FEATURES.find((feature) => changes[feature] === true && !granted.includes(feature));
  if (refused) return { kind: 'google-feature-not-granted', feature: refused };
  const updated = await setFeatures(agentId, changes, now.toISOString());
  return updated ? toConnection(updated) : { kind: 'google-not-connected' };
}

/** Picks one of the connection's locations; the reviews of another location go (the next sync reads the new one). */
async function chooseGoogleLocation(
  agentId: string,
  locationName: string,
): Promise<GoogleConnectionStatus | LocationRefusal> {
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
export async function disconnectGoogle(agentId: string): Promise<GoogleConnectionStatus> {
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

/** A fresh access token on the connection's sealed refresh token (GoogleBusinessError 'reconnect' when it is gone). */
export async function accessTokenOf(connection: GoogleConnectionItem): Promise<string> {
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
