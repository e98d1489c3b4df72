// Every Google review through the Business Profile, end to end against the local runtime's fake Google: connecting
// (state and PKCE), the location, syncing with paging and updates, the tracked link, matching, replies, Google's 429
// and 403, disconnecting, and tenancy.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BusinessReview, ReviewInbox } from '@shared/api-types';
import { markAccountClosing } from '../../data/account-erasure';
import { connectedAgents, getConnection } from '../../data/google-connections';
import { getUserById } from '../../data/users';
import { unsealRefreshToken } from '../../integrations/token-sealing';
import { STOP_BEFORE_TIMEOUT_MS, syncEveryAgent } from '../../jobs/reviews-sync';
import { FAKE_GOOGLE_CLIENT_ID, type FakeReview } from '../../local/fake-google';
import type { Logger } from '../../observability/logger';
import { runAccountErasure } from '../../services/account-erasure';
import { SYNC_PAGE_TIME_MS, syncReviews } from '../../services/google-reviews';
import { clientInput, makePro } from '../../testing/factories';
import { signedInAgent, useTestApi, type ApiClient, type TestApi, allClients } from '../../testing/local-api';

let api: TestApi;
useTestApi((started) => (api = started));

const fakeFile = (name: string) => join(api.runtime.fakeGoogleDir!, name);
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'];
function fakeReview(n: number, overrides: Partial<FakeReview> = {}): FakeReview {
  const at = new Date(Date.now() - (n + 1) * 3_600_000).toISOString();
  return {
    reviewId: `r${String(n).padStart(4, '0')}`,
    reviewer: { displayName: `Reviewer ${n}` },
    starRating: STARS[n % 5]!,
    comment: `Review number ${n}`,
    createTime: at,
    updateTime: at,
    ...overrides,
  };
}
const serveReviews = (reviews: FakeReview[]) => writeFile(fakeFile('reviews.json'), JSON.stringify(reviews));
const fakeReviews = async () => JSON.parse(await readFile(fakeFile('reviews.json'), 'utf8')) as FakeReview[];
const injectFaults = (faults: Array<{ status: number; times: number; path?: string }>) =>
  writeFile(fakeFile('faults.json'), JSON.stringify(faults));

/** The consent page's Allow (or Cancel): the fake Google's redirect back to the app's callback. */
async function consent(authorizationUrl: string, approve: 'yes' | 'no' = 'yes'): Promise<string> {
  const page = await fetch(authorizationUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Allow');
  const answer = await fetch(authorizationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `approve=${approve}`,
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return answer.headers.get('location')!;
}
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** A verified agent with a Google Place ID, connected through the consent page, the first location chosen. */
async function connectedAgent() {
  const agent = await signedInAgent(api);
  const started = await agent.client.post('/api/google/connect');
  expect(started.status).toBe(200);
  const callback = await agent.client.get(pathOf(await consent(started.body.authorizationUrl)));
  expect(callback.headers.get('location')).toBe('/reviews?google=connected');
  expect((await agent.client.put('/api/google/connection', { locationName: 'locations/2002' })).status).toBe(200);
  return agent;
}
const sync = (client: ApiClient) => client.post('/api/reviews/sync');
async function allReviews(client: ApiClient, filter = 'all'): Promise<BusinessReview[]> {
  const reviews: BusinessReview[] = [];
  let cursor: string | null = '';
  do {
    const res: { status: number; body: ReviewInbox } = await client.get(
      `/api/reviews?filter=${filter}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status).toBe(200);
    reviews.push(...res.body.reviews);
    cursor = res.body.nextCursor;
  } while (cursor);
  return reviews;
}

describe('connecting the Google Business Profile', () => {
  it('sends the agent to the consent page with PKCE S256, offline access and the business.manage scope only', async () => {
    const { client } = await signedInAgent(api);
    const res = await client.post('/api/google/connect');
    expect(res.status).toBe(200);
    const url = new URL(res.body.authorizationUrl);
    expect(url.pathname).toBe('/local/google/oauth/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: FAKE_GOOGLE_CLIENT_ID,
      redirect_uri: `${api.url}/api/google/callback`,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/business.manage',
      access_type: 'offline',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it('connects through the consent page, lists the locations and never returns the token; a replayed state is refused', async () => {
    const { client } = await signedInAgent(api);
    const started = await client.post('/api/google/connect');
    const back = await consent(started.body.authorizationUrl);
    expect(back).toMatch(new RegExp(`^${api.url}/api/google/callback\\?state=[^&]+&code=fake-code-`));
    const callback = await client.get(pathOf(back));
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/reviews?google=connected');

    const connection = await client.get('/api/google/connection');
    expect(connection.body).toEqual({
      connected: true,
      accountName: 'Demo Realty (fake Google)',
      locations: [
        { name: 'locations/2002', title: 'Demo Realty · Austin' },
        { name: 'locations/2003', title: 'Demo Realty · Round Rock' },
      ],
      locationName: null,
      features: { contacts: { enabled: false, granted: false }, calendar: { enabled: false, granted: false } },
    });
    expect(connection.text).not.toMatch(/fake-refresh|fake-access/);
    // The token Google gave is kept sealed: the fake knows it, the API's answers never show it.
    const [refresh] = JSON.parse(await readFile(fakeFile('refresh-tokens.json'), 'utf8')) as string[];
    expect(refresh).toMatch(/^fake-refresh-/);

    const replay = await client.get(pathOf(back));
    expect(replay.headers.get('location')).toBe('/reviews?google=state');
  });

  it("refuses a state started in another agent's session, and an unknown one", async () => {
    const mallory = await signedInAgent(api);
    const victim = await signedInAgent(api);
    const started = await mallory.client.post('/api/google/connect');
    const back = await consent(started.body.authorizationUrl);
    expect((await victim.client.get(pathOf(back))).headers.get('location')).toBe('/reviews?google=state');
    expect((await victim.client.get('/api/google/connection')).body.connected).toBe(false);
    const forged = await victim.client.get('/api/google/callback?code=fake-code-x&state=not-a-state');
    expect(forged.headers.get('location')).toBe('/reviews?google=state');
  });

  it('says so when the agent cancels on the consent page', async () => {
    const { client } = await signedInAgent(api);
    const started = await client.post('/api/google/connect');
    const back = await consent(started.body.authorizationUrl, 'no');
    expect(back).toContain('error=access_denied');
    expect((await client.get(pathOf(back))).headers.get('location')).toBe('/reviews?google=denied');
    expect((await client.get('/api/google/connection')).body.connected).toBe(false);
  });

  it("the fake Google's token endpoint checks the PKCE verifier, so the app's own verifier is what connected", async () => {
    const { client } = await signedInAgent(api);
    const started = await client.post('/api/google/connect');
    const code = new URL(await consent(started.body.authorizationUrl)).searchParams.get('code')!;
    const secret = process.env.GOOGLE_OAUTH_CLIENT_SECRET!;
    const token = await fetch(`${api.url}/local/google/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: 'a-verifier-that-is-not-the-one-the-app-kept-aaaaaaaaaaaaaa',
        redirect_uri: `${api.url}/api/google/callback`,
        client_id: FAKE_GOOGLE_CLIENT_ID,
        client_secret: secret,
      }).toString(),
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('picks one of the listed locations only', async () => {
    const { client } = await signedInAgent(api);
    expect((await client.put('/api/google/connection', { locationName: 'locations/2002' })).status).toBe(409);
    const started = await client.post('/api/google/connect');
    await client.get(pathOf(await consent(started.body.authorizationUrl)));
    const unknown = await client.put('/api/google/connection', { locationName: 'locations/9999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('UNKNOWN_LOCATION');
    expect((await client.put('/api/google/connection', { locationName: 'accounts/1' })).status).toBe(400);
    expect((await client.put('/api/google/connection', {})).body.code).toBe('VALIDATION_FAILED');
    const chosen = await client.put('/api/google/connection', { locationName: 'locations/2003' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.locationName).toBe('locations/2003');
  });
});

describe('syncing the reviews', () => {
  it('pages through every review, then reads only what changed since: edited, replied elsewhere, new', async () => {
    const { client } = await connectedAgent();
    const reviews = Array.from({ length: 63 }, (_, n) => fakeReview(n));
    await serveReviews(reviews);
    expect((await sync(client)).body).toEqual({ added: 63, updated: 0, total: 63 });
    const listed = await allReviews(client);
    expect(listed).toHaveLength(63);
    expect(new Set(listed.map((r) => r.id)).size).toBe(63);
    // Newest written first, in pages of 20.
    expect(listed.slice(0, 2).map((r) => r.id)).toEqual(['r0000', 'r0001']);
    expect((await client.get('/api/reviews')).body.reviews).toHaveLength(20);
    const first = (await client.get('/api/reviews')).body as ReviewInbox;
    expect(first.summary).toMatchObject({
      connected: true,
      locationTitle: 'Demo Realty · Austin',
      totalReviewCount: 63,
      averageRating: expect.any(Number),
    });

    // Google's side changes: one review edited, one answered elsewhere, one new; the rest stay as they were.
    const now = new Date().toISOString();
    reviews[40] = { ...reviews[40]!, comment: 'Edited: even better than I said', updateTime: now };
    reviews[50] = { ...reviews[50]!, reviewReply: { comment: 'Thanks!', updateTime: now }, updateTime: now };
    reviews.push(fakeReview(99, { reviewId: 'new-one', createTime: now, updateTime: now }));
    await serveReviews(reviews);
    expect((await sync(client)).body).toEqual({ added: 1, updated: 2, total: 64 });
    const again = await allReviews(client);
    expect(again.find((r) => r.id === 'r0040')!.comment).toBe('Edited: even better than I said');
    expect(again.find((r) => r.id === 'r0050')!.reply).toMatchObject({ comment: 'Thanks!', state: 'published' });
    expect((await allReviews(client, 'unreplied')).map((r) => r.id)).not.toContain('r0050');
    expect((await sync(client)).body).toEqual({ added: 0, updated: 0, total: 64 });
  });

  it('the hourly job (here run by its local trigger) syncs every connected agent with a location, as its own function', async () => {
    const { client } = await connectedAgent();
    await serveReviews([fakeReview(1, { reviewId: 'hourly' })]);
    const run = await api.client().post('/local/jobs/reviews-sync', {});
    expect(run.status).toBe(200);
    expect(run.body.failed).toBe(0);
    expect(run.body.agents).toBeGreaterThanOrEqual(1);
    expect((await client.get('/api/reviews')).body.reviews.map((r: BusinessReview) => r.id)).toEqual(['hourly']);
  });

  it("a sync cut short by the function's time keeps its page, and the next goes on from there down to the same point", async () => {
    const { client, user } = await connectedAgent();
    const reviews = Array.from({ length: 63 }, (_, n) => fakeReview(n));
    await serveReviews(reviews);
    // No time left: each sync reads its one page (50 reviews) and stops before the next.
    const noTime = { remainingMs: () => 0 };

    const first = await syncReviews({ id: user.id }, new Date(), noTime);
    expect(first).toEqual({ added: 50, updated: 0, total: 63, complete: false });
    expect((await getConnection(user.id))!.syncResume).toEqual({
      pageToken: expect.any(String),
      since: null,
      newest: reviews[0]!.updateTime,
    });
    expect(await allReviews(client)).toHaveLength(50);

    // Went on from the second page (from the top, one page would have found nothing new and not finished).
    const second = await syncReviews({ id: user.id }, new Date(), noTime);
    expect(second).toEqual({ added: 13, updated: 0, total: 63, complete: true });
    const connection = (await getConnection(user.id))!;
    expect(connection.syncResume).toBeUndefined();
    expect(connection.syncedThrough).toBe(reviews[0]!.updateTime);
    expect(await allReviews(client)).toHaveLength(63);
    expect(await syncReviews({ id: user.id }, new Date(), noTime)).toEqual({
      added: 0,
      updated: 0,
      total: 63,
      complete: true,
    });
  });

  it('a kept page Google no longer takes starts the sync again from the top', async () => {
    const { client, user } = await connectedAgent();
    await serveReviews(Array.from({ length: 55 }, (_, n) => fakeReview(n)));
    expect(await syncReviews({ id: user.id }, new Date(), { remainingMs: () => 0 })).toMatchObject({ complete: false });
    await injectFaults([{ status: 400, times: 1, path: 'reviews' }]);

    expect(await syncReviews({ id: user.id }, new Date())).toEqual({ added: 5, updated: 0, total: 55, complete: true });
    expect(await allReviews(client)).toHaveLength(55);
  });

  it('the hourly job stops before its timeout, and its next run begins with the agents it did not reach', async () => {
    const agents = [await connectedAgent(), await connectedAgent()];
    await serveReviews([fakeReview(1, { reviewId: 'for-everyone' })]);
    const waiting = await connectedAgents();
    // Time for one agent: the run's budget is what is left less its margin, and an agent needs a page's time.
    let starts = 0;
    const remainingMs = () => STOP_BEFORE_TIMEOUT_MS + (starts++ === 0 ? 10 * SYNC_PAGE_TIME_MS : 0);

    const cut = await syncEveryAgent(remainingMs);

    expect(cut).toMatchObject({ agents: 1, failed: 0, notReached: waiting.length - 1 });
    const order = await connectedAgents();
    // The agent it synced goes last; the others keep their turn, first.
    expect(order.at(-1)).toBe(waiting[0]);
    expect(order.slice(0, -1)).toEqual(waiting.slice(1));

    const next = await syncEveryAgent();
    expect(next).toMatchObject({ agents: waiting.length, notReached: 0 });
    for (const { client } of agents)
      expect((await client.get('/api/reviews')).body.reviews.map((r: BusinessReview) => r.id)).toEqual([
        'for-everyone',
      ]);
  });

  it('marks 1 to 3 stars for attention and never names an anonymous reviewer', async () => {
    const { client } = await connectedAgent();
    await serveReviews([
      fakeReview(1, { starRating: 'TWO', reviewer: { displayName: 'A Google user', isAnonymous: true } }),
      fakeReview(2, { starRating: 'FIVE' }),
    ]);
    await sync(client);
    const [low, high] = (await client.get('/api/reviews')).body.reviews as BusinessReview[];
    expect(low).toMatchObject({ stars: 2, needsAttention: true, reviewer: { displayName: null, isAnonymous: true } });
    expect(high).toMatchObject({ stars: 5, needsAttention: false });
  });

  it('refuses a bad filter or cursor with a 400, and a sync before choosing a location with a 409', async () => {
    const { client } = await connectedAgent();
    expect((await client.get('/api/reviews?filter=everything')).body.code).toBe('VALIDATION_FAILED');
    expect((await client.get('/api/reviews?cursor=bm90LWEta2V5')).body.code).toBe('INVALID_CURSOR');
    const fresh = await signedInAgent(api);
    expect((await sync(fresh.client)).status).toBe(409);
    expect((await fresh.client.get('/api/reviews')).body).toMatchObject({ reviews: [], summary: { connected: false } });
  });

  it("answers Google's 429 with a 429 and its 403 with a 403 the agent can act on", async () => {
    const { client } = await connectedAgent();
    await serveReviews([fakeReview(1)]);
    await injectFaults([{ status: 429, times: 1, path: 'reviews' }]);
    const limited = await sync(client);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('GOOGLE_QUOTA');
    expect(limited.headers.get('retry-after')).toBe('60');
    await injectFaults([{ status: 403, times: 1, path: 'reviews' }]);
    const refused = await sync(client);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'GOOGLE_FORBIDDEN',
      message: expect.stringContaining('not be approved'),
    });
    expect((await sync(client)).body).toEqual({ added: 1, updated: 0, total: 1 });
  });
});

describe('who wrote it: the tracked link and the match', () => {
  it("records the opening of the request's link, suggests the client for their review, and confirming marks them submitted", async () => {
    const { client, user } = await connectedAgent();
    await makePro(user.id);
    await serveReviews([]);
    await sync(client);
    const jane = (await client.post('/api/clients', clientInput({ name: 'Jane Doe' }))).body;
    const john = (await client.post('/api/clients', clientInput({ name: 'John Doe' }))).body;
    for (const c of [jane, john]) expect((await client.post(`/api/clients/${c.id}/request-review`)).status).toBe(200);

    const mail = (await api.outbox()).find((m) => m.to === jane.email)!;
    const link = new RegExp(`${api.url}/r/[A-Za-z0-9_-]+`).exec(mail.text)![0];
    const opened = await api.client().get(new URL(link).pathname);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('https://search.google.com/local/writereview?placeid=fake-2002');
    expect((await api.client().get('/r/not-a-known-token-at-all')).status).toBe(404);

    const now = new Date().toISOString();
    await serveReviews([
      fakeReview(1, { reviewId: 'by-jane', reviewer: { displayName: 'Jane D.' }, createTime: now, updateTime: now }),
      fakeReview(2, { reviewId: 'by-nobody', reviewer: { displayName: 'Pat Q.' }, createTime: now, updateTime: now }),
      fakeReview(3, { reviewId: 'before', reviewer: { displayName: 'John Doe' }, createTime: ago(3), updateTime: now }),
    ]);
    expect((await sync(client)).body.added).toBe(3);
    const byId = new Map((await allReviews(client)).map((r) => [r.id, r]));
    expect(byId.get('by-jane')!.match).toMatchObject({
      clientId: jane.id,
      clientName: 'Jane Doe',
      status: 'suggested',
      confidence: expect.any(Number),
      evidence: expect.arrayContaining([expect.stringContaining('opened your review link')]),
    });
    expect(byId.get('by-nobody')!.match).toBeNull();
    // Written before John was asked: never his.
    expect(byId.get('before')!.match).toBeNull();

    const confirmed = await client.post('/api/reviews/by-jane/match', { clientId: jane.id });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.match).toMatchObject({ clientId: jane.id, status: 'confirmed' });
    const clients = (await allClients(client)) as Array<{
      id: string;
      reviewStatus: string;
      reviewSubmittedAt: string;
    }>;
    expect(clients.find((c) => c.id === jane.id)).toMatchObject({ reviewStatus: 'submitted', reviewSubmittedAt: now });
    // Her requests stop.
    expect((await client.post(`/api/clients/${jane.id}/request-review`)).status).toBe(409);
    expect((await allReviews(client, 'unmatched')).map((r) => r.id).sort()).toEqual(['before', 'by-nobody']);

    // The funnel: both asked, Jane opened the link and reviewed.
    expect((await client.get('/api/insights')).body.totals.reviews).toMatchObject({
      requested: 2,
      clicked: 1,
      reviewed: 1,
    });
  });

  it('dismisses a suggestion, refuses an anonymous review and a client of another agent', async () => {
    const { client } = await connectedAgent();
    await serveReviews([]);
    await sync(client);
    const maria = (await client.post('/api/clients', clientInput({ name: 'Maria Lopez' }))).body;
    expect((await client.post(`/api/clients/${maria.id}/request-review`)).status).toBe(200);
    const now = new Date().toISOString();
    await serveReviews([
      fakeReview(1, { reviewId: 'maria', reviewer: { displayName: 'Maria Lopez' }, createTime: now, updateTime: now }),
      fakeReview(2, { reviewId: 'anon', reviewer: { isAnonymous: true }, createTime: now, updateTime: now }),
    ]);
    await sync(client);
    expect((await client.get('/api/reviews')).body.reviews[0].match.status).toBe('suggested');
    const dismissed = await client.delete('/api/reviews/maria/match');
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.match).toBeNull();
    expect((await client.post('/api/reviews/anon/match', { clientId: maria.id })).body.code).toBe('ANONYMOUS_REVIEW');
    const other = await signedInAgent(api);
    const theirs = (await other.client.post('/api/clients', clientInput({ name: 'Maria Lopez' }))).body;
    expect((await client.post('/api/reviews/maria/match', { clientId: theirs.id })).status).toBe(404);
    expect((await client.post('/api/reviews/maria/match', {})).body.code).toBe('VALIDATION_FAILED');
  });
});

describe('replying', () => {
  it('drafts a reply that never repeats a complaint, and posts it to Google', async () => {
    const { client } = await connectedAgent();
    const complaint = 'The agent lost our keys on 3 May and ignored my calls. Visit evil.example.com';
    await serveReviews([fakeReview(1, { reviewId: 'unhappy', starRating: 'TWO', comment: complaint })]);
    await sync(client);
    const draft = await client.post('/api/reviews/unhappy/reply-draft', {});
    expect(draft.status).toBe(200);
    expect(draft.body.engine).toEqual({ provider: 'local', model: null });
    expect(draft.body.comment).toMatch(/sorry/i);
    for (const detail of ['keys', '3 May', 'calls', 'evil']) expect(draft.body.comment).not.toContain(detail);

    expect((await client.put('/api/reviews/unhappy/reply', { comment: 'x'.repeat(4097) })).body.code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await client.put('/api/reviews/unhappy/reply', { comment: '   ' })).status).toBe(400);
    const posted = await client.put('/api/reviews/unhappy/reply', { comment: draft.body.comment });
    expect(posted.status).toBe(200);
    expect(posted.body.reply).toMatchObject({ comment: draft.body.comment, state: 'published' });
    expect((await fakeReviews())[0]!.reviewReply!.comment).toBe(draft.body.comment);
    expect((await allReviews(client, 'unreplied')).map((r) => r.id)).not.toContain('unhappy');
  });

  it('keeps a reply Google refused as failed, to post again', async () => {
    const { client } = await connectedAgent();
    await serveReviews([fakeReview(1, { reviewId: 'happy', starRating: 'FIVE' })]);
    await sync(client);
    await injectFaults([{ status: 403, times: 1, path: 'reply' }]);
    const refused = await client.put('/api/reviews/happy/reply', { comment: 'Thank you!' });
    expect(refused.status).toBe(403);
    const [review] = (await client.get('/api/reviews')).body.reviews as BusinessReview[];
    expect(review!.reply).toMatchObject({ comment: 'Thank you!', state: 'failed' });
    expect((await client.put('/api/reviews/happy/reply', { comment: 'Thank you!' })).body.reply.state).toBe(
      'published',
    );
  });
});

describe('disconnecting and tenancy', () => {
  it('revokes the token at Google and forgets the connection and its reviews', async () => {
    const { client } = await connectedAgent();
    await serveReviews([fakeReview(1)]);
    await sync(client);
    const tokensBefore = JSON.parse(await readFile(fakeFile('refresh-tokens.json'), 'utf8')) as string[];
    const gone = await client.delete('/api/google/connection');
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({
      connected: false,
      accountName: null,
      locations: [],
      locationName: null,
      features: { contacts: { enabled: false, granted: false }, calendar: { enabled: false, granted: false } },
    });
    const tokensAfter = JSON.parse(await readFile(fakeFile('refresh-tokens.json'), 'utf8')) as string[];
    expect(tokensAfter).toHaveLength(tokensBefore.length - 1);
    expect((await client.get('/api/reviews')).body).toMatchObject({ reviews: [], summary: { connected: false } });
    expect((await sync(client)).status).toBe(409);
  });

  it("answers 404 for another agent's review on every review route", async () => {
    const owner = await connectedAgent();
    await serveReviews([fakeReview(1, { reviewId: 'owned' })]);
    await sync(owner.client);
    const other = await signedInAgent(api);
    const theirClient = (await other.client.post('/api/clients', clientInput())).body;
    expect((await other.client.get('/api/reviews')).body.reviews).toEqual([]);
    expect((await other.client.post('/api/reviews/owned/match', { clientId: theirClient.id })).status).toBe(404);
    expect((await other.client.delete('/api/reviews/owned/match')).status).toBe(404);
    expect((await other.client.post('/api/reviews/owned/reply-draft', {})).status).toBe(404);
    expect((await other.client.put('/api/reviews/owned/reply', { comment: 'Mine now' })).status).toBe(404);
    expect((await fakeReviews())[0]!.reviewReply).toBeUndefined();
  });
});

describe('closing the account', () => {
  const knownTokens = async () => JSON.parse(await readFile(fakeFile('refresh-tokens.json'), 'utf8')) as string[];
  async function tokenOf(agentId: string): Promise<string> {
    const token = await unsealRefreshToken(agentId, (await getConnection(agentId))!.refreshTokenSealed);
    expect(token).toEqual(expect.any(String));
    return token!;
  }

  it("revokes the agent's refresh token at Google, then erases the connection with the account", async () => {
    // Prepare
    const { client, user, details } = await connectedAgent();
    const token = await tokenOf(user.id);
    expect(await knownTokens()).toContain(token);

    // Act: DELETE /api/user, and the erasure the background tasks queue runs as the imports worker.
    const closed = await client.delete('/api/user', { json: { password: details.password } });
    for (let round = 0; round < 300 && (await getUserById(user.id, true)); round++)
      await new Promise((resolve) => setTimeout(resolve, 100));

    // Assess
    expect(closed.status).toBe(202);
    expect(await getUserById(user.id, true)).toBeUndefined();
    expect(await getConnection(user.id)).toBeUndefined();
    expect(await knownTokens()).not.toContain(token);
  });

  it('closes the account all the same when Google fails the revoke, and logs it', async () => {
    // Prepare
    const { user } = await connectedAgent();
    const token = await tokenOf(user.id);
    await markAccountClosing(user.id, new Date());
    await injectFaults([{ status: 503, times: 1, path: 'revoke' }]);
    const warnings: Array<[string, Record<string, unknown> | undefined]> = [];
    const log: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: (message, fields) => warnings.push([message, fields]),
      error: () => undefined,
    };

    // Act
    const outcome = await runAccountErasure(
      { kind: 'close-account', agentId: user.id },
      { remainingMs: () => Number.POSITIVE_INFINITY, log },
    );

    // Assess
    expect(outcome).toBe('done');
    expect(await getUserById(user.id, true)).toBeUndefined();
    expect(await knownTokens()).toContain(token);
    expect(warnings).toContainEqual([
      'google token not revoked at Google',
      expect.objectContaining({ agentId: user.id, reason: 'unavailable' }),
    ]);
  });
});
