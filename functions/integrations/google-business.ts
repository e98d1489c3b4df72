// Google Business Profile through its documented REST paths with plain HTTPS (fetch): OAuth 2.0 authorization code with
// PKCE and offline access (scope business.manage, and each feature's scopes when the agent turns it on), the Account
// Management and Business Information APIs for the accounts and locations, and the v4 reviews list and reply (the
// `googleapis` package has no v4 reviews methods). The endpoints are Google's unless GOOGLE_OAUTH_BASE_URL /
// GOOGLE_API_BASE_URL point elsewhere (the local runtime's fake Google, functions/local/fake-google.ts).
import { countMetric } from '../observability/metrics';
import { createHash } from 'node:crypto';
import { GOOGLE_FEATURES, type GoogleFeature } from '@shared/google';
import { config, googleOAuthClient, type GoogleOAuthClient } from '../config';

export const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/business.manage';

/**
 * What each feature asks Google for, on its own consent when the agent turns it on (incremental authorization). The
 * calendar asks for two narrow scopes in that one step rather than `calendar` (every calendar, read and write) or
 * `calendar.events` (write access to every calendar's events, yet no `calendars.insert`, so no calendar of the app's
 * own): `calendar.app.created` makes and manages the app's "Hearthside" calendar, `calendar.events.readonly` reads
 * (and watches) the agent's primary calendar. Contacts need read and write (`contacts`: a sensitive scope, verified
 * by Google before more than 100 users).
 */
export const FEATURE_SCOPES: Record<GoogleFeature, readonly string[]> = {
  contacts: ['https://www.googleapis.com/auth/contacts'],
  calendar: [
    'https://www.googleapis.com/auth/calendar.app.created',
    'https://www.googleapis.com/auth/calendar.events.readonly',
  ],
};

/** The features whose every scope is among `granted` (a token answer's `scope`, space-separated). */
export const grantedFeatures = (granted: readonly string[]): GoogleFeature[] =>
  GOOGLE_FEATURES.filter((feature) => FEATURE_SCOPES[feature].every((scope) => granted.includes(scope)));
/** The most reviews one page of the v4 list returns. */
export const REVIEW_PAGE_SIZE = 50;
/** The most characters of a reply Google takes. */
export const MAX_REPLY_LENGTH = 4096;

/**
 * Why Google did not do it: `quota` (429), `forbidden` (403: the project's Business Profile API access is not approved,
 * or the user may not manage the location), `reconnect` (the refresh token was revoked or expired), `not-configured`
 * (no OAuth client), `unavailable`/`timeout` (Google's side), `refused` (anything else Google said no to).
 */
export type GoogleFailure =
  'quota' | 'forbidden' | 'reconnect' | 'not-configured' | 'unavailable' | 'timeout' | 'refused';

export class GoogleBusinessError extends Error {
  override name = 'GoogleBusinessError';
  constructor(
    readonly reason: GoogleFailure,
    message: string,
  ) {
    super(message);
  }
}

export type GoogleEndpoints = {
  authorize: string;
  token: string;
  revoke: string;
  accounts: string;
  information: string;
  reviews: string;
  people: string;
  calendar: string;
};

export function googleEndpoints(): GoogleEndpoints {
  const { googleOAuthBaseUrl: oauth, googleApiBaseUrl: api } = config();
  return {
    authorize: oauth ? `${oauth}/o/oauth2/v2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth',
    token: oauth ? `${oauth}/token` : 'https://oauth2.googleapis.com/token',
    revoke: oauth ? `${oauth}/revoke` : 'https://oauth2.googleapis.com/revoke',
    accounts: api ? `${api}/accountmanagement/v1` : 'https://mybusinessaccountmanagement.googleapis.com/v1',
    information: api ? `${api}/businessinformation/v1` : 'https://mybusinessbusinessinformation.googleapis.com/v1',
    reviews: api ? `${api}/mybusiness/v4` : 'https://mybusiness.googleapis.com/v4',
    people: api ? `${api}/people/v1` : 'https://people.googleapis.com/v1',
    calendar: api ? `${api}/calendar/v3` : 'https://www.googleapis.com/calendar/v3',
  };
}

/** RFC 7636 S256: the challenge sent with the authorization request for the verifier kept until the callback. */
export const codeChallengeOf = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export const googleRedirectUri = (): string => `${config().appUrl}/api/google/callback`;

/** The OAuth client, or GoogleBusinessError('not-configured'). */
export async function requireOAuthClient(): Promise<GoogleOAuthClient> {
  const client = await googleOAuthClient().catch(() => undefined);
  if (!client)
    throw new GoogleBusinessError(
      'not-configured',
      'Google Business Profile is not set up: the administrator needs to add the Google OAuth client (GOOGLE_OAUTH_CLIENT_ID and its secret).',
    );
  return client;
}

/**
 * Google's consent page for this agent: offline access (a refresh token), consent asked each time, PKCE S256.
 * `incremental`: the scopes asked add to what the agent granted before (`include_granted_scopes`), and the token
 * answered covers them all.
 */
export function authorizationUrl(
  clientId: string,
  state: string,
  codeVerifier: string,
  { scopes = [GOOGLE_SCOPE], incremental = false }: { scopes?: readonly string[]; incremental?: boolean } = {},
): string {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: googleRedirectUri(),
    response_type: 'code',
    scope: scopes.join(' '),
    access_type: 'offline',
    prompt: 'consent',
    ...(incremental ? { include_granted_scopes: 'true' } : {}),
    state,
    code_challenge: codeChallengeOf(codeVerifier),
    code_challenge_method: 'S256',
  });
  return `${googleEndpoints().authorize}?${query.toString()}`;
}

type TokenAnswer = {
  access_token?: unknown;
  refresh_token?: unknown;
  scope?: unknown;
  error?: unknown;
  error_description?: unknown;
};

/**
 * Trades the callback's code (with the PKCE verifier) for tokens; the refresh token is what is kept, with the scopes
 * Google says it granted (the agent may have left some unticked).
 */
export async function exchangeCode(
  code: string,
  codeVerifier: string,
): Promise<{ refreshToken: string; scopes: string[] }> {
  const client = await requireOAuthClient();
  const body = await tokenRequest({
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    redirect_uri: googleRedirectUri(),
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  if (typeof body.refresh_token !== 'string' || !body.refresh_token)
    throw new GoogleBusinessError('refused', 'Google did not grant offline access. Please connect again.');
  const scopes = typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : [];
  return { refreshToken: body.refresh_token, scopes };
}

/** A short-lived access token for the kept refresh token. */
export async function accessTokenFor(refreshToken: string): Promise<string> {
  const client = await requireOAuthClient();
  const body = await tokenRequest({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  if (typeof body.access_token !== 'string' || !body.access_token)
    throw new GoogleBusinessError('unavailable', 'Google did not return an access token. Please try again.');
  return body.access_token;
}

async function tokenRequest(form: Record<string, string>): Promise<TokenAnswer> {
  const response = await googleCall(googleEndpoints().token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const body = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (response.ok) return body;
  // RFC 6749: a revoked, expired or already used grant is invalid_grant.
  if (response.status === 400 && body.error === 'invalid_grant')
    throw new GoogleBusinessError(
      'reconnect',
      'Google no longer accepts this connection (it was revoked or expired). Please connect Google again.',
    );
  throw googleFailure(response.status, body);
}

/** Revokes the token at Google; a token Google already forgot counts as revoked. */
export async function revokeToken(token: string): Promise<void> {
  const response = await googleCall(googleEndpoints().revoke, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  if (!response.ok && response.status !== 400) throw googleFailure(response.status, {});
}

export type GoogleAccount = { name: string; accountName: string };
export type GoogleLocation = { name: string; title: string; newReviewUri?: string };

export async function listAccounts(accessToken: string): Promise<GoogleAccount[]> {
  const body = await getJson<{ accounts?: Array<{ name?: unknown; accountName?: unknown }> }>(
    `${googleEndpoints().accounts}/accounts`,
    accessToken,
  );
  return (body.accounts ?? []).flatMap((a) =>
    typeof a.name === 'string'
      ? [{ name: a.name, accountName: typeof a.accountName === 'string' ? a.accountName : a.name }]
      : [],
  );
}

/** Every location of the account (`locations/{id}` and its title), following the pages. */
export async function listLocations(accessToken: string, account: string): Promise<GoogleLocation[]> {
  const locations: GoogleLocation[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const query = new URLSearchParams({
      readMask: 'name,title,metadata',
      pageSize: '100',
      ...(pageToken ? { pageToken } : {}),
    });
    const body = await getJson<{
      locations?: Array<{ name?: unknown; title?: unknown; metadata?: { newReviewUri?: unknown } }>;
      nextPageToken?: unknown;
    }>(`${googleEndpoints().information}/${account}/locations?${query.toString()}`, accessToken);
    for (const l of body.locations ?? []) {
      if (typeof l.name !== 'string') continue;
      const uri = l.metadata?.newReviewUri;
      locations.push({
        name: l.name,
        title: typeof l.title === 'string' ? l.title : l.name,
        ...(typeof uri === 'string' && uri.startsWith('https://') ? { newReviewUri: uri } : {}),
      });
    }
    pageToken = typeof body.nextPageToken === 'string' && body.nextPageToken ? body.nextPageToken : undefined;
    if (!pageToken) break;
  }
  return locations;
}

export type StarRating = 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE';
/** A v4 Review as Google documents it (the fields this app reads). */
export type GoogleReview = {
  name: string;
  reviewId: string;
  reviewer: { displayName?: string; isAnonymous?: boolean; profilePhotoUrl?: string };
  starRating: StarRating | 'STAR_RATING_UNSPECIFIED';
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
};
export type ReviewPage = {
  reviews: GoogleReview[];
  averageRating: number | null;
  totalReviewCount: number;
  nextPageToken: string | null;
};

/** One page of the location's reviews, the most recently updated first. */
export async function listReviews(
  accessToken: string,
  account: string,
  location: string,
  pageToken?: string,
): Promise<ReviewPage> {
  const query = new URLSearchParams({
    pageSize: String(REVIEW_PAGE_SIZE),
    orderBy: 'updateTime desc',
    ...(pageToken ? { pageToken } : {}),
  });
  const body = await getJson<{
    reviews?: unknown[];
    averageRating?: unknown;
    totalReviewCount?: unknown;
    nextPageToken?: unknown;
  }>(`${googleEndpoints().reviews}/${account}/${location}/reviews?${query.toString()}`, accessToken);
  return {
    reviews: (body.reviews ?? []).filter(isReview),
    averageRating: typeof body.averageRating === 'number' ? body.averageRating : null,
    totalReviewCount: typeof body.totalReviewCount === 'number' ? body.totalReviewCount : 0,
    nextPageToken: typeof body.nextPageToken === 'string' && body.nextPageToken ? body.nextPageToken : null,
  };
}

function isReview(value: unknown): value is GoogleReview {
  const r = value as Partial<GoogleReview> | null;
  return (
    !!r &&
    typeof r.name === 'string' &&
    typeof r.reviewId === 'string' &&
    /^[A-Za-z0-9_-]{1,200}$/.test(r.reviewId) &&
    typeof r.createTime === 'string' &&
    typeof r.updateTime === 'string' &&
    !!r.reviewer &&
    typeof r.reviewer === 'object'
  );
}

/** Posts (or replaces) the owner's reply; Google's copy of it. `review`: the review's full name. */
export async function putReply(
  accessToken: string,
  review: string,
  comment: string,
): Promise<{ comment: string; updateTime: string }> {
  const response = await googleCall(`${googleEndpoints().reviews}/${review}/reply`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ comment }),
  });
  const body = (await response.json().catch(() => ({}))) as { comment?: unknown; updateTime?: unknown };
  if (!response.ok) throw googleFailure(response.status, body);
  return {
    comment: typeof body.comment === 'string' ? body.comment : comment,
    updateTime: typeof body.updateTime === 'string' ? body.updateTime : new Date().toISOString(),
  };
}

async function getJson<T>(url: string, accessToken: string): Promise<T> {
  const response = await googleCall(url, { headers: { authorization: `Bearer ${accessToken}` } });
  const body = (await response.json().catch(() => ({}))) as T;
  if (!response.ok) throw googleFailure(response.status, body);
  return body;
}

const TIMEOUT_MS = 8000;

/** A request to Google within its time; a timeout or no answer thrown as a GoogleBusinessError. */
export async function googleCall(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new GoogleBusinessError('timeout', 'Google did not answer in time. Please try again in a moment.');
    throw new GoogleBusinessError('unavailable', 'Google could not be reached. Please try again in a moment.');
  }
}

/** Google's error answer as the failure the app names (quota, reconnect, forbidden, unavailable, refused). */
export function googleFailure(status: number, body: unknown): GoogleBusinessError {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  const said = typeof message === 'string' && message ? ` Google said: "${message.slice(0, 300)}"` : '';
  if (status === 429) {
    countMetric('GoogleQuotaLimited');
    return new GoogleBusinessError(
      'quota',
      'Google is limiting requests from Hearthside right now. Please try again later.',
    );
  }
  if (status === 401)
    return new GoogleBusinessError(
      'reconnect',
      'Google no longer accepts this connection. Please connect Google again.',
    );
  if (status === 403)
    return new GoogleBusinessError(
      'forbidden',
      `Google refused access to the Business Profile: the project's API access may not be approved yet, or this Google account may not manage the location.${said}`,
    );
  if (status >= 500)
    return new GoogleBusinessError(
      'unavailable',
      `Google could not answer (HTTP ${status}). Please try again in a moment.`,
    );
  return new GoogleBusinessError('refused', `Google refused the request (HTTP ${status}).${said}`);
}
