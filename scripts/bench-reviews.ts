// `npm run bench` section "reviews": the Business Profile review inbox against the local runtime's fake Google.
// - A first sync of 1,000 reviews (20 pages of 50, a new agent each run), against its floor: the same 20 pages fetched
//   from the fake Google directly, plus the DynamoDB calls the sync made, recorded and replayed.
// - GET /api/reviews (the first page of 20, and the `unmatched` filter), in-process and over HTTP, against the floor of
//   their own DynamoDB calls recorded and replayed.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { reviewInbox, syncReviews } from '../functions/services/google-reviews';
import { signedInAgent, startTestApi, type ApiClient, type TestApi } from '../functions/testing/local-api';
import { measureAgainstFloor, recording, replay } from './bench-routes';
import { percentile, ratio } from './bench-stats';

type Figures = { lines: string[]; report: Record<string, unknown> };
type Row = { what: string; via: string; calls: number; p50: number; p99: number; floorP50: number; p50Ratio: number };

const REVIEWS = 1_000;
const SYNC_RUNS = 5;
const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'];

function fakeReviews(n: number) {
  const now = Date.now();
  return Array.from({ length: n }, (_, i) => {
    const at = new Date(now - i * 3_600_000).toISOString();
    return {
      reviewId: `bench-${i}`,
      reviewer: i % 7 === 0 ? { isAnonymous: true } : { displayName: `Reviewer ${i}` },
      starRating: STARS[i % 5],
      comment: `Review ${i}: ${'a fine experience, '.repeat(1 + (i % 6))}`,
      createTime: at,
      updateTime: at,
      ...(i % 3 === 0 ? { reviewReply: { comment: 'Thank you!', updateTime: at } } : {}),
    };
  });
}

/** A new agent connected through the fake Google's consent page, its first location chosen. */
async function connectedAgent(api: TestApi): Promise<{ client: ApiClient; id: string }> {
  const { client, user } = await signedInAgent(api);
  const { authorizationUrl } = (await client.post('/api/google/connect')).body as { authorizationUrl: string };
  const allowed = await fetch(authorizationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'approve=yes',
    redirect: 'manual',
  });
  const back = new URL(allowed.headers.get('location')!);
  const callback = await client.get(`${back.pathname}${back.search}`);
  if (callback.headers.get('location') !== '/reviews?google=connected') throw new Error('connecting failed');
  await client.put('/api/google/connection', { locationName: 'locations/2002' });
  return { client, id: user.id };
}

/** The 20 pages of the location's reviews straight from the fake Google: the part of a sync that is Google's. */
async function fetchPagesDirectly(api: TestApi): Promise<void> {
  const secret = process.env.GOOGLE_OAUTH_CLIENT_SECRET!;
  const [refresh] = JSON.parse(
    await import('node:fs/promises').then((fs) =>
      fs.readFile(join(api.runtime.fakeGoogleDir!, 'refresh-tokens.json'), 'utf8'),
    ),
  ) as string[];
  const token = (await (
    await fetch(`${api.url}/local/google/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refresh!,
        client_id: process.env.GOOGLE_OAUTH_CLIENT_ID!,
        client_secret: secret,
      }).toString(),
    })
  ).json()) as { access_token: string };
  let pageToken = '';
  do {
    const res = await fetch(
      `${api.url}/local/google/api/mybusiness/v4/accounts/1001/locations/2002/reviews?pageSize=50&orderBy=updateTime%20desc${pageToken ? `&pageToken=${pageToken}` : ''}`,
      { headers: { authorization: `Bearer ${token.access_token}` } },
    );
    pageToken = ((await res.json()) as { nextPageToken?: string }).nextPageToken ?? '';
  } while (pageToken);
}

export async function benchReviews(): Promise<Figures> {
  const api = await startTestApi();
  const rows: Row[] = [];
  try {
    await writeFile(join(api.runtime.fakeGoogleDir!, 'reviews.json'), JSON.stringify(fakeReviews(REVIEWS)));
    // A first sync of the whole location, a new agent each run.
    const took: number[] = [];
    const floor: number[] = [];
    let calls = 0;
    for (let i = 0; i < SYNC_RUNS; i += 1) {
      const agent = await connectedAgent(api);
      let t = performance.now();
      const { result, sent } = await recording(() => syncReviews({ id: agent.id }));
      took.push(performance.now() - t);
      if (!('added' in result) || result.added !== REVIEWS) throw new Error(`the sync added ${JSON.stringify(result)}`);
      t = performance.now();
      await fetchPagesDirectly(api);
      await replay(sent);
      floor.push(performance.now() - t);
      calls = sent.length;
    }
    const syncFloor = percentile(floor, 50);
    rows.push({
      what: `first sync of ${REVIEWS.toLocaleString('en-US')} reviews`,
      via: 'in-process (the use case)',
      calls,
      p50: percentile(took, 50),
      p99: percentile(took, 99),
      floorP50: syncFloor,
      p50Ratio: ratio(percentile(took, 50), syncFloor),
    });

    const agent = await connectedAgent(api);
    await syncReviews({ id: agent.id });
    for (const filter of ['all', 'unmatched'] as const) {
      const inProcess = await measureAgainstFloor(20, () => reviewInbox(agent.id, filter, undefined));
      rows.push({
        what: `GET /api/reviews?filter=${filter}`,
        via: 'in-process (the use case)',
        ...inProcess,
        p50Ratio: ratio(inProcess.p50, inProcess.floorP50),
      });
      const http = await measureAgainstFloor(20, async () => {
        const res = await agent.client.get(`/api/reviews?filter=${filter}`);
        if (res.status !== 200 || res.body.reviews.length !== 20) throw new Error(`GET /api/reviews: ${res.status}`);
      });
      rows.push({
        what: `GET /api/reviews?filter=${filter}`,
        via: 'HTTP',
        ...http,
        p50Ratio: ratio(http.p50, http.floorP50),
      });
    }
  } finally {
    await api.close();
  }
  const lines = [
    '## Google reviews (Business Profile)',
    '',
    `Against the local runtime's fake Google serving ${REVIEWS.toLocaleString('en-US')} reviews. The first sync (20 pages of 50, each review new; ${SYNC_RUNS} runs, a new agent each) against its floor: the same pages fetched from the fake Google directly plus the sync's DynamoDB calls replayed. The inbox's first page of 20 against the floor of its own DynamoDB calls.`,
    '',
    '| what | via | DynamoDB calls | p50 ms | p99 ms | floor p50 ms | p50 × floor |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.what} | ${r.via} | ${r.calls} | ${r.p50} | ${r.p99} | ${r.floorP50} | ${r.p50Ratio} |`),
    '',
  ];
  return { lines, report: { reviews: REVIEWS, syncRuns: SYNC_RUNS, rows } };
}
