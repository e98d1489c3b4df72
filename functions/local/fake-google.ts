// The local runtime's fake Google (docs/architecture.md, Local runtime): stands in for Google's OAuth and Business
// Profile endpoints when no Google OAuth client is configured, as the payment simulator stands in for Stripe. It
// speaks the documented shapes, so the real adapter (functions/integrations/google-business.ts) runs against it:
// - /local/google/oauth/o/oauth2/v2/auth: the consent page, listing each scope asked in plain words with a box to
//   untick (Google's granular consent); its form POSTs to the same URL with approve=yes and the `scope`s left ticked
//   (without the form's `granular` field, every scope asked counts as ticked) and `account` (the fake user, "demo"
//   unless a test names its own), and is redirected (303) to the redirect_uri with `code` and `state`
//   (approve=no: `error=access_denied`);
// - /local/google/oauth/token: authorization_code (the PKCE S256 verifier checked against the challenge, the code
//   single use, the redirect_uri and client checked) and refresh_token grants, each answering `scope`: what was
//   granted, with the account's earlier grants when the request said `include_granted_scopes=true`;
//   /local/google/oauth/revoke (a revoked token takes its account's grants with it);
// - /local/google/api/accountmanagement/v1/accounts, /local/google/api/businessinformation/v1/{account}/locations;
// - /local/google/api/mybusiness/v4/{account}/{location}/reviews (pageSize ≤ 50, pageToken/nextPageToken,
//   orderBy=updateTime desc, averageRating, totalReviewCount) and PUT …/reviews/{id}/reply.
// - /local/google/api/people/v1/…: the People API of the fake account's contacts (`<dir>/contacts.json`,
//   functions/local/fake-google-people.ts), for an access token that carries the contacts scope (403 otherwise);
// - /local/google/api/calendar/v3/…: the Calendar API of the fake account's calendars (`<dir>/calendars/`,
//   functions/local/fake-google-calendar.ts), with its watch channels' notifications.
// The reviews are `<dir>/reviews.json` (an array of v4 Review objects of the first location; a small demo set is
// written when it is absent), and replies are written back into it. Failures on demand: `<dir>/faults.json`, an array
// of `{ "status": 429 | 403 | …, "times": n, "path"?: "reviews", "reason"?: "FAILED_PRECONDITION" }`; each API request
// whose path contains `path` takes one and is answered with that status (and `reason` as the error's status, else
// Google's for the code) in Google's error shape until `times` run out (a revoke takes only a fault that names it,
// `"path": "revoke"`).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { escapeHtml } from '../integrations/mail';
import { createFakeCalendar } from './fake-google-calendar';
import { createFakePeople } from './fake-google-people';
import { readBodyText, readJsonFile, standInPageHtml } from './stand-in-http';

export const FAKE_GOOGLE_PREFIX = '/local/google/';
export const FAKE_GOOGLE_CLIENT_ID = 'local-fake-google-client';
export const FAKE_ACCOUNT = { name: 'accounts/1001', accountName: 'Demo Realty (fake Google)' };
export const FAKE_LOCATIONS = [
  { name: 'locations/2002', title: 'Demo Realty · Austin' },
  { name: 'locations/2003', title: 'Demo Realty · Round Rock' },
];
const SCOPE = 'https://www.googleapis.com/auth/business.manage';
/** The scopes the fake grants, each as its consent page says it. */
export const FAKE_SCOPES: Record<string, string> = {
  [SCOPE]: 'See, edit, create and delete your Google Business Profile and its reviews',
  'https://www.googleapis.com/auth/contacts': 'See, edit, download and permanently delete your contacts',
  'https://www.googleapis.com/auth/calendar.app.created':
    'Make secondary Google calendars, and see, create, change and delete events on them',
  'https://www.googleapis.com/auth/calendar.events.readonly': 'View events on all your calendars',
  'https://www.googleapis.com/auth/calendar.events': 'View and edit events on all your calendars',
};
const DEFAULT_ACCOUNT = 'demo';
const LABEL = 'Local fake Google — no Google account is used';
const CSS =
  'body{font-family:system-ui,sans-serif;background:#f1f3f4;color:#202124;margin:0;padding:24px}' +
  'main{max-width:440px;margin:40px auto;background:#fff;border-radius:8px;padding:28px;border:1px solid #dadce0}' +
  'button{padding:10px 20px;font-size:16px;font-weight:600;border:0;border-radius:4px;background:#1a73e8;color:#fff;cursor:pointer}' +
  'button.secondary{background:#fff;color:#1a73e8;border:1px solid #dadce0}code{font-size:13px}' +
  'ul.scopes{list-style:none;padding:0;margin:16px 0 24px}ul.scopes li{margin:8px 0}';
const SCOPE_PREFIX = 'https://www.googleapis.com/auth/';
const MAX_BODY = 64 * 1024;
const MAX_PAGE = 50;
const CODE_TTL_MS = 10 * 60_000;

/** A v4 Review as the fake keeps it in reviews.json (`name` is filled in when served). */
export type FakeReview = {
  name?: string;
  reviewId: string;
  reviewer: { displayName?: string; isAnonymous?: boolean };
  starRating: string;
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
};
type Fault = { status: number; times: number; path?: string; reason?: string };
type Grant = {
  challenge: string;
  redirectUri: string;
  clientId: string;
  expiresAt: number;
  account: string;
  scopes: string[];
};
/** What each fake account granted the app, and each refresh token's account and scopes (grants.json). */
type Grants = { accounts: Record<string, string[]>; tokens: Record<string, { account: string; scopes: string[] }> };

export type FakeGoogle = {
  dir: string;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
};

/** The fake, keeping its files in `dir`; `client`: the OAuth client the app is configured with. */
export function createFakeGoogle(dir: string, client: { clientId: string; clientSecret: string }): FakeGoogle {
  mkdirSync(dir, { recursive: true });
  const codes = new Map<string, Grant>();
  /** Each access token the fake issued, with the scopes it carries. */
  const accessTokens = new Map<string, string[]>();
  /** The APIs of the fake account's own data, each under its path: contacts and calendars. */
  const apis = [
    ['/api/people/v1/', createFakePeople(dir)],
    ['/api/calendar/v3/', createFakeCalendar(dir)],
  ] as const;
  const refreshFile = join(dir, 'refresh-tokens.json');
  const reviewsFile = join(dir, 'reviews.json');
  const faultsFile = join(dir, 'faults.json');
  const grantsFile = join(dir, 'grants.json');

  const refreshTokens = (): string[] => readJsonFile<string[]>(refreshFile, []);
  const grants = (): Grants => readJsonFile<Grants>(grantsFile, { accounts: {}, tokens: {} });
  const saveGrants = (value: Grants) => writeFileSync(grantsFile, JSON.stringify(value));
  const reviews = (): FakeReview[] => {
    if (!existsSync(reviewsFile)) writeFileSync(reviewsFile, JSON.stringify(demoReviews(), null, 2));
    return readJsonFile<FakeReview[]>(reviewsFile, []);
  };

  /** The next fault for this path, taken (its count goes down), if any; `named`: only a fault naming the path. */
  const takeFault = (path: string, named = false): Fault | undefined => {
    const faults = readJsonFile<Fault[]>(faultsFile, []);
    const index = faults.findIndex((f) => f.times > 0 && (f.path ? path.includes(f.path) : !named));
    if (index < 0) return undefined;
    const fault = faults[index]!;
    faults[index] = { ...fault, times: fault.times - 1 };
    writeFileSync(faultsFile, JSON.stringify(faults.filter((f) => f.times > 0)));
    return fault;
  };

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname.slice(FAKE_GOOGLE_PREFIX.length - 1);
    if (path === '/oauth/o/oauth2/v2/auth') return consent(req, res, url);
    if (path === '/oauth/token') return token(req, res);
    if (path === '/oauth/revoke') return revoke(req, res, url);
    if (!path.startsWith('/api/')) return false;
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const scopes = bearer ? accessTokens.get(bearer) : undefined;
    if (!scopes) return googleError(res, 401, 'UNAUTHENTICATED', 'Invalid credentials.');
    const fault = takeFault(path);
    if (fault)
      return googleError(
        res,
        fault.status,
        fault.reason ?? (fault.status === 429 ? 'RESOURCE_EXHAUSTED' : 'PERMISSION_DENIED'),
        'Fault injected by faults.json.',
      );
    const api = apis.find(([prefix]) => path.startsWith(prefix));
    if (api) {
      const [prefix, served] = api;
      const body = req.method === 'POST' || req.method === 'PATCH' ? await jsonBody(req) : undefined;
      const answer = await served.handle(req.method ?? 'GET', path.slice(prefix.length), url, body, scopes);
      if (answer.body === undefined) {
        res.writeHead(answer.status, { 'cache-control': 'no-store' });
        res.end();
        return true;
      }
      return json(res, answer.status, answer.body);
    }
    if (req.method === 'GET' && path === '/api/accountmanagement/v1/accounts')
      return json(res, 200, { accounts: [{ ...FAKE_ACCOUNT, type: 'PERSONAL' }] });
    if (req.method === 'GET' && path === `/api/businessinformation/v1/${FAKE_ACCOUNT.name}/locations`) {
      if (!url.searchParams.get('readMask')) return googleError(res, 400, 'INVALID_ARGUMENT', 'readMask is required.');
      return json(res, 200, {
        locations: FAKE_LOCATIONS.map((l) => ({
          ...l,
          metadata: { newReviewUri: `https://search.google.com/local/writereview?placeid=fake-${l.name.slice(10)}` },
        })),
      });
    }
    const list = new RegExp(`^/api/mybusiness/v4/${FAKE_ACCOUNT.name}/(locations/\\d+)/reviews$`).exec(path);
    if (req.method === 'GET' && list) return listReviews(res, url, list[1]!);
    const reply = new RegExp(`^/api/mybusiness/v4/${FAKE_ACCOUNT.name}/(locations/\\d+)/reviews/([^/]+)/reply$`).exec(
      path,
    );
    if (req.method === 'PUT' && reply) return putReply(req, res, reply[1]!, reply[2]!);
    return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
  }

  async function consent(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    const asked = (q.get('scope') ?? '').split(' ').filter(Boolean);
    const problem =
      q.get('client_id') !== client.clientId
        ? 'The OAuth client is unknown (client_id).'
        : !/^https?:\/\/[^/]+\/api\/google\/callback$/.test(redirectUri)
          ? 'The redirect_uri is not the app’s callback.'
          : q.get('response_type') !== 'code'
            ? 'response_type must be code.'
            : asked.length === 0 || asked.some((scope) => !FAKE_SCOPES[scope])
              ? `Every scope must be one of: ${Object.keys(FAKE_SCOPES).join(', ')}.`
              : q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')
                ? 'PKCE with S256 is required.'
                : !q.get('state')
                  ? 'state is required.'
                  : undefined;
    if (problem) return page(res, 400, 'Error 400: invalid_request', `<p>${escapeHtml(problem)}</p>`);
    if (req.method === 'GET' || req.method === 'HEAD') {
      const boxes = asked
        .map(
          (scope, n) =>
            `<li><input type="checkbox" id="scope-${n}" name="scope" value="${escapeHtml(scope)}" checked> ` +
            `<label for="scope-${n}">${escapeHtml(FAKE_SCOPES[scope]!)} <code>${escapeHtml(scope.slice(SCOPE_PREFIX.length))}</code></label></li>`,
        )
        .join('');
      return page(
        res,
        200,
        'Hearthside wants access to your Google Account',
        '<p>This page stands in for Google’s consent screen on this machine, for the fake account <strong>' +
          escapeHtml(FAKE_ACCOUNT.accountName) +
          '</strong>. Allowing gives the app what stays ticked:</p>' +
          `<form method="post" action="${escapeHtml(url.pathname + url.search)}">` +
          `<ul class="scopes">${boxes}</ul>` +
          `<input type="hidden" name="granular" value="yes"><input type="hidden" name="account" value="${DEFAULT_ACCOUNT}">` +
          '<button type="submit" name="approve" value="yes">Allow</button> ' +
          '<button type="submit" name="approve" value="no" class="secondary">Cancel</button></form>',
      );
    }
    if (req.method !== 'POST') return page(res, 405, 'Method not allowed', '');
    const form = new URLSearchParams(await readBody(req));
    const back = new URL(redirectUri);
    back.searchParams.set('state', q.get('state')!);
    if (form.get('approve') === 'yes') {
      const code = `fake-code-${randomBytes(16).toString('base64url')}`;
      const ticked = form.get('granular') ? form.getAll('scope').filter((scope) => asked.includes(scope)) : asked;
      const account = form.get('account') || DEFAULT_ACCOUNT;
      const known = grants();
      const before = known.accounts[account] ?? [];
      // Google remembers every grant of the account; the token carries the earlier ones only when asked to.
      known.accounts[account] = [...new Set([...before, ...ticked])];
      saveGrants(known);
      codes.set(code, {
        challenge: q.get('code_challenge')!,
        redirectUri,
        clientId: client.clientId,
        expiresAt: Date.now() + CODE_TTL_MS,
        account,
        scopes: q.get('include_granted_scopes') === 'true' ? known.accounts[account] : ticked,
      });
      back.searchParams.set('code', code);
    } else back.searchParams.set('error', 'access_denied');
    res.writeHead(303, { location: back.toString(), 'cache-control': 'no-store' });
    res.end();
    return true;
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'POST') return json(res, 405, { error: 'invalid_request' });
    const form = new URLSearchParams(await readBody(req));
    if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret)
      return json(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const grant = codes.get(code);
      codes.delete(code);
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.expiresAt < Date.now() || grant.redirectUri !== form.get('redirect_uri'))
        return json(res, 400, { error: 'invalid_grant', error_description: 'Bad or used code.' });
      if (challenge !== grant.challenge)
        return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      const refresh = `fake-refresh-${randomBytes(24).toString('base64url')}`;
      writeFileSync(refreshFile, JSON.stringify([...refreshTokens(), refresh]));
      const known = grants();
      known.tokens[refresh] = { account: grant.account, scopes: grant.scopes };
      saveGrants(known);
      const scope = grant.scopes.join(' ');
      return json(res, 200, { ...newAccess(grant.scopes), refresh_token: refresh, scope, token_type: 'Bearer' });
    }
    if (grantType === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (!refreshTokens().includes(refresh))
        return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      const scopes = grants().tokens[refresh]?.scopes ?? [SCOPE];
      return json(res, 200, { ...newAccess(scopes), scope: scopes.join(' '), token_type: 'Bearer' });
    }
    return json(res, 400, { error: 'unsupported_grant_type' });
  }

  function newAccess(scopes: string[]) {
    const access = `fake-access-${randomBytes(24).toString('base64url')}`;
    accessTokens.set(access, scopes);
    return { access_token: access, expires_in: 3599 };
  }

  async function revoke(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (req.method !== 'POST') return json(res, 405, { error: 'invalid_request' });
    const fault = takeFault(url.pathname, true);
    if (fault) return json(res, fault.status, { error: 'backend_error' });
    const form = new URLSearchParams(await readBody(req));
    const tokenValue = form.get('token') ?? url.searchParams.get('token') ?? '';
    const known = refreshTokens();
    if (!known.includes(tokenValue) && !accessTokens.delete(tokenValue))
      return json(res, 400, { error: 'invalid_token' });
    writeFileSync(refreshFile, JSON.stringify(known.filter((t) => t !== tokenValue)));
    // Revoking ends the account's grant: what it allowed before is asked afresh. (Google would end its other tokens
    // too; the fake leaves them working, since the agents of one test run share the demo account.)
    const granted = grants();
    const account = granted.tokens[tokenValue]?.account;
    if (account) {
      delete granted.accounts[account];
      delete granted.tokens[tokenValue];
      saveGrants(granted);
    }
    return json(res, 200, {});
  }

  /** The request's JSON body, or undefined when it is none. */
  async function jsonBody(req: IncomingMessage): Promise<unknown> {
    try {
      return JSON.parse(await readBody(req)) as unknown;
    } catch {
      return undefined;
    }
  }

  function listReviews(res: ServerResponse, url: URL, location: string): true {
    const pageSize = Number(url.searchParams.get('pageSize') ?? MAX_PAGE);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE)
      return googleError(res, 400, 'INVALID_ARGUMENT', `pageSize must be from 1 to ${MAX_PAGE}.`);
    const orderBy = url.searchParams.get('orderBy');
    if (orderBy && orderBy !== 'updateTime desc' && orderBy !== 'rating' && orderBy !== 'rating desc')
      return googleError(res, 400, 'INVALID_ARGUMENT', 'Unsupported orderBy.');
    const all = location === FAKE_LOCATIONS[0]!.name ? reviews() : [];
    const sorted = [...all].sort(
      (a, b) => b.updateTime.localeCompare(a.updateTime) || a.reviewId.localeCompare(b.reviewId),
    );
    const start = Number(Buffer.from(url.searchParams.get('pageToken') ?? '', 'base64url').toString('utf8') || 0);
    if (!Number.isInteger(start) || start < 0) return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid pageToken.');
    const page = sorted.slice(start, start + pageSize).map((r) => ({ ...r, name: reviewName(location, r.reviewId) }));
    const stars = all.map((r) => STARS.indexOf(r.starRating) + 1).filter((n) => n > 0);
    return json(res, 200, {
      reviews: page,
      averageRating: stars.length ? Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10 : 0,
      totalReviewCount: all.length,
      ...(start + pageSize < sorted.length
        ? { nextPageToken: Buffer.from(String(start + pageSize)).toString('base64url') }
        : {}),
    });
  }

  async function putReply(
    req: IncomingMessage,
    res: ServerResponse,
    location: string,
    reviewId: string,
  ): Promise<true> {
    let body: { comment?: unknown };
    try {
      body = JSON.parse(await readBody(req)) as { comment?: unknown };
    } catch {
      return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload.');
    }
    if (typeof body.comment !== 'string' || !body.comment.trim() || body.comment.length > 4096)
      return googleError(res, 400, 'INVALID_ARGUMENT', 'comment must be 1 to 4096 characters.');
    const all = location === FAKE_LOCATIONS[0]!.name ? reviews() : [];
    const review = all.find((r) => r.reviewId === reviewId);
    if (!review) return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
    review.reviewReply = { comment: body.comment, updateTime: new Date().toISOString() };
    writeFileSync(reviewsFile, JSON.stringify(all, null, 2));
    return json(res, 200, review.reviewReply);
  }

  return { dir, handle };
}

const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'];
const reviewName = (location: string, reviewId: string) => `${FAKE_ACCOUNT.name}/${location}/reviews/${reviewId}`;

/** The demo set served when reviews.json is absent: dated from now, so a sync on any day finds them recent. */
export function demoReviews(now = Date.now()): FakeReview[] {
  const ago = (days: number) => new Date(now - days * 86_400_000).toISOString();
  return [
    {
      reviewId: 'demo-1',
      reviewer: { displayName: 'Sarah J.' },
      starRating: 'FIVE',
      comment: 'Made buying our first home painless. Highly recommend!',
      createTime: ago(2),
      updateTime: ago(2),
    },
    {
      reviewId: 'demo-2',
      reviewer: { displayName: 'Michael Chen' },
      starRating: 'FOUR',
      comment: 'Great communication throughout the sale.',
      createTime: ago(9),
      updateTime: ago(9),
    },
    {
      reviewId: 'demo-3',
      reviewer: { isAnonymous: true, displayName: 'A Google user' },
      starRating: 'TWO',
      comment: 'Slow to call back during closing week.',
      createTime: ago(20),
      updateTime: ago(20),
    },
    {
      reviewId: 'demo-4',
      reviewer: { displayName: 'Priya Patel' },
      starRating: 'FIVE',
      comment: 'Knew the neighbourhood inside out.',
      createTime: ago(60),
      updateTime: ago(60),
      reviewReply: { comment: 'Thank you, Priya! Enjoy the new home.', updateTime: ago(58) },
    },
  ];
}

async function readBody(req: IncomingMessage): Promise<string> {
  return (await readBodyText(req, MAX_BODY)).text;
}

function json(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
  return true;
}

/** Google's JSON error shape. */
function googleError(res: ServerResponse, code: number, status: string, message: string): true {
  return json(res, code, { error: { code, message, status } });
}

function page(res: ServerResponse, status: number, title: string, body: string): true {
  const html = standInPageHtml(LABEL, CSS, title, body);
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    'x-content-type-options': 'nosniff',
  });
  res.end(html);
  return true;
}
