// `npm run bench` section "book": a Pro agent with 500 clients and one with 50,000, each seeded by
// batch writes as the product keeps a book (the client items with their last-contact index keys,
// every list, search and occasion entry, the BOOK counters and six months of month counters). For
// each: the first page of clients, a search, a sort, the dashboard and the first page of
// /reminders, in-process (the use case) and over HTTP, each against the floor of its own DynamoDB
// calls recorded and replayed in the same run, with the bytes of each answer. The point: the same
// ratios, calls and bytes at 500 and at 50,000 clients. Beside them, the one read that is the whole
// book by design: the calendar feed (every key date as a yearly event), its time and its size.
import { gzipSync } from 'node:zlib';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientSort, SortOrder } from '@shared/api-types';
import { lastMonths, todayIn } from '@shared/dates';
import { entryItem, listEntries, pageClientList } from '../functions/data/client-lists';
import { newClientItem } from '../functions/data/clients';
import { db, table } from '../functions/data/db';
import { bookDeltas } from '../functions/data/insights';
import { countDueForCheckIn, dueForCheckInPage } from '../functions/data/check-ins';
import { addToTagCounts } from '../functions/data/tags';
import { contactIndexKeys, insightsBookKey, insightsMonthKey } from '../functions/data/keys/clients';
import { userKey } from '../functions/data/keys/users';
import { readOccasions } from '../functions/data/occasions';
import { getUserById, setProStatus } from '../functions/data/users';
import { readDashboard } from '../functions/services/dashboard';
import { signedInAgent, startTestApi, type ApiClient } from '../functions/testing/local-api';
import { batchPut } from './bench-admin';
import { benchHttp, decoded, type RawAnswer } from './bench-http';
import { measureAgainstFloor, TARGETS } from './bench-routes';
import { percentile, ratio, change, pairsBySize } from './bench-stats';

type Figures = { lines: string[]; report: Record<string, unknown> };
type Measured = { calls: number; p50: number; p99: number; floorP50: number; p50Ratio: number };
type Row = {
  book: number;
  what: string;
  inProcess: Measured;
  http: Measured & { bytes: number; wireBytes: number; encoding: string };
};
type FeedRow = { book: number; events: number; p50: number; max: number; bytes: number; gzipBytes: number };
const FEED_SAMPLES = 5;

const ZONE = 'America/Chicago';
/** The two books compared (BENCH_BOOK_SIZES=500,5000 to try others), and the samples of each read. */
const SIZES = (process.env.BENCH_BOOK_SIZES ?? '500,50000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_BOOK_SAMPLES ?? 100);
const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Mateo',
  'Sophia',
  'Lucas',
  'Isabella',
  'Elijah',
  'Mia',
  'James',
  'Amelia',
  'Benjamin',
  'Harper',
  'Henry',
  'Evelyn',
  'Theo',
  'Luna',
  'Jack',
  'Camila',
  'Levi',
  'Gianna',
  'Alexander',
  'Elizabeth',
  'Jackson',
  'Eleanor',
  'Mason',
  'Ella',
  'Michael',
  'Abigail',
  'Daniel',
  'Sofia',
  'Ethan',
  'Avery',
  'Sebastian',
  'Scarlett',
  'Aiden',
  'Emily',
  'Owen',
  'Aria',
  'Samuel',
  'Penelope',
  'Hudson',
  'Chloe',
  'José',
  'Renée',
  'Zoë',
  'Chloé',
  'Ángel',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gómez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jiménez',
];
const pad = (n: number) => String(n).padStart(2, '0');

/** The clients due for a check-in in every seeded book. */
const CHECK_INS_DUE = 150;

/**
 * The book as the product keeps it, written by batch writes: answers how long it took and how many items. One client
 * in `tagEvery` carries the tag "Buyer" (every one with 1).
 */
export async function seedBook(
  agentId: string,
  size: number,
  { tagEvery = 5 }: { tagEvery?: number } = {},
): Promise<{ ms: number; items: number }> {
  const start = performance.now();
  const now = new Date();
  const book: Record<string, number> = {};
  let tagged = 0;
  let written = 0;
  for (let from = 0; from < size; from += 2500) {
    const items: Array<Record<string, unknown>> = [];
    for (let i = from; i < Math.min(size, from + 2500); i += 1) {
      const last = LAST[i % LAST.length]!;
      const first = FIRST[Math.floor(i / LAST.length) % FIRST.length]!;
      const day = 1 + ((i * 7) % 365);
      const date = new Date(Date.UTC(2001, 0, day));
      const monthDay = `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
      const id = `book-${size}-${i}`;
      const made = newClientItem(
        agentId,
        id,
        {
          name: `${first} ${last}`,
          email: `${first}.${last}.${i}@bench${size}.test`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
          phone: `(512) 555-${String(i % 10000).padStart(4, '0')}`,
          birthday: `19${50 + (i % 49)}-${monthDay}`,
          ...(i % 3 === 0 ? { anniversary: `20${pad(i % 20)}-${monthDay === '02-29' ? '02-28' : monthDay}` } : {}),
          ...(i % 4 === 0
            ? { purchaseDate: `20${pad(5 + (i % 18))}-${pad(1 + (i % 12))}-15`, address: `${i} Oak Street, Austin, TX` }
            : {}),
        } as never,
        now,
        // By default one client in five carries a tag: 100 at 500 clients, 10,000 at 50,000 (the tag page's case).
        i % tagEvery === 0 ? { tags: ['Buyer'] } : {},
      );
      // Half the book keeps a rhythm; the same 150 at every size are due (their last contact long ago), so the due
      // page and its count read as much at 500 clients as at 50,000.
      const due = i % 2 === 0 && i < CHECK_INS_DUE * 2;
      const lastContactDate = due ? '2026-01-15' : null;
      const client =
        i % 2 === 0
          ? { ...made, cadenceDays: 90, lastContactDate, ...contactIndexKeys(agentId, lastContactDate, id) }
          : made;
      if (i % tagEvery === 0) tagged += 1;
      for (const [field, n] of Object.entries(bookDeltas(undefined, client))) book[field] = (book[field] ?? 0) + n;
      items.push(Object.fromEntries(Object.entries(client).filter(([, v]) => v !== null && v !== undefined)));
      for (const entry of listEntries(client)) items.push(entryItem(entry, client.id));
    }
    await batchPut(items);
    written += items.length;
  }
  await db().send(
    new PutCommand({ TableName: table(), Item: { ...insightsBookKey(agentId), type: 'insights-book', ...book } }),
  );
  await addToTagCounts(agentId, { buyer: { name: 'Buyer', n: tagged } });
  for (const [i, month] of lastMonths(todayIn(ZONE, now), 6).entries()) {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...insightsMonthKey(agentId, month), occasionsDue: 300 + i, reviewsSubmitted: 10 + i },
      }),
    );
  }
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(agentId),
      UpdateExpression: 'SET clientCount = :n, #tz = :tz',
      ExpressionAttributeNames: { '#tz': 'timeZone' },
      ExpressionAttributeValues: { ':n': size, ':tz': ZONE },
    }),
  );
  return { ms: Math.round(performance.now() - start), items: written };
}

async function measure(fn: () => Promise<unknown>): Promise<Measured> {
  const figures = await measureAgainstFloor(SAMPLES, fn);
  return { ...figures, p50Ratio: ratio(figures.p50, figures.floorP50) };
}

const mb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The agent's calendar feed fetched as a calendar app does (no cookie, gzip accepted): time, events, bytes. */
async function measureFeed(
  api: Awaited<ReturnType<typeof startTestApi>>,
  agent: ApiClient,
  size: number,
): Promise<FeedRow> {
  const created = await agent.post('/api/user/calendar-secret');
  if (created.status !== 201) throw new Error(`the calendar secret answered ${created.status}: ${created.text}`);
  const path = new URL(String(created.body.url)).pathname;
  const took: number[] = [];
  let text = '';
  for (let i = 0; i < FEED_SAMPLES; i += 1) {
    const start = performance.now();
    const res = await api.client().get(path, { noOrigin: true });
    took.push(performance.now() - start);
    if (res.status !== 200)
      throw new Error(`the calendar feed at ${size} clients answered ${res.status}: ${res.text.slice(0, 200)}`);
    text = res.text;
  }
  return {
    book: size,
    events: text.split('BEGIN:VEVENT').length - 1,
    p50: percentile(took, 50, 0),
    max: percentile(took, 100, 0),
    bytes: Buffer.byteLength(text),
    gzipBytes: gzipSync(text).length,
  };
}

export async function benchBook(): Promise<Figures> {
  const api = await startTestApi();
  const wire = benchHttp(api.url);
  const rows: Row[] = [];
  const feeds: FeedRow[] = [];
  const seeds: Record<number, { ms: number; items: number }> = {};
  try {
    for (const size of SIZES) {
      const { client, user } = await signedInAgent(api);
      await setProStatus(user.id, true);
      seeds[size] = await seedBook(user.id, size);
      const agent = (await getUserById(user.id, true))!;
      const today = todayIn(ZONE);
      const list = (query: { q?: string; sort?: ClientSort; order?: SortOrder; tag?: string }) => () =>
        pageClientList(user.id, {
          limit: 50,
          sort: query.sort ?? 'name',
          order: query.order ?? 'asc',
          ...(query.q ? { q: query.q } : {}),
          ...(query.tag ? { tag: query.tag } : {}),
        });
      const cases: Array<{
        what: string;
        path: string;
        inProcess: () => Promise<unknown>;
        check: (body: unknown) => boolean;
      }> = [
        {
          what: 'first page of clients (50 by name)',
          path: '/api/clients?limit=50',
          inProcess: list({}),
          check: (b) => (b as { clients: unknown[] }).clients.length === 50,
        },
        {
          what: 'a search ("liam": 100 clients at 500, 1,000 at 50,000)',
          path: '/api/clients?limit=50&q=liam',
          inProcess: list({ q: 'liam' }),
          check: (b) => (b as { clients: unknown[] }).clients.length === 50,
        },
        {
          what: 'a tag page ("buyer": 100 clients at 500, 10,000 at 50,000)',
          path: '/api/clients?limit=50&tag=buyer',
          inProcess: list({ tag: 'buyer' }),
          check: (b) => (b as { clients: unknown[]; total: number }).clients.length === 50,
        },
        {
          what: 'a sort (completion, highest first)',
          path: '/api/clients?limit=50&sort=completion&order=desc',
          inProcess: list({ sort: 'completion', order: 'desc' }),
          check: (b) => (b as { clients: unknown[] }).clients.length === 50,
        },
        {
          what: 'the dashboard',
          path: '/api/dashboard',
          inProcess: () => readDashboard(agent),
          check: (b) => (b as { upcoming: unknown[] }).upcoming.length === 5,
        },
        {
          what: 'first page of /reminders (50)',
          path: '/api/reminders?limit=50',
          inProcess: () => readOccasions(user.id, today, { limit: 50 }),
          check: (b) => (b as { events: unknown[] }).events.length === 50,
        },
        {
          what: `first page of the clients due for a check-in (50 of ${CHECK_INS_DUE}, with their count)`,
          path: '/api/clients?limit=50&due=check-in',
          inProcess: () =>
            Promise.all([dueForCheckInPage(user.id, { today, limit: 50 }), countDueForCheckIn(user.id, today)]),
          check: (b) => {
            const page = b as { clients: unknown[]; total: number };
            return page.clients.length === 50 && page.total === CHECK_INS_DUE;
          },
        },
      ];
      // Warm up every read first, so the seeding's garbage is collected before the first measure rather than inside it.
      for (const c of cases) for (let i = 0; i < 20; i += 1) await c.inProcess();
      // Over HTTP as the browser asks (its session cookie, compression accepted) through a keep-alive
      // connection; the answer is decoded and checked after the timing, as the browser decodes natively.
      const headers = {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: api.url,
        'accept-encoding': 'br, gzip',
      };
      for (const c of cases) {
        const inProcess = await measure(c.inProcess);
        let last: RawAnswer | undefined;
        const http = await measure(async () => {
          last = await wire.send('GET', c.path, headers);
          if (last.status !== 200)
            throw new Error(`GET ${c.path} at ${size} clients answered ${last.status}: ${decoded(last).slice(0, 200)}`);
        });
        const text = decoded(last!);
        if (!c.check(JSON.parse(text)))
          throw new Error(`GET ${c.path} at ${size} clients answered an unexpected body: ${text.slice(0, 200)}`);
        rows.push({
          book: size,
          what: c.what,
          inProcess,
          http: {
            ...http,
            bytes: Buffer.byteLength(text),
            wireBytes: last!.bytes.length,
            encoding: last!.encoding ?? 'none',
          },
        });
      }
      feeds.push(await measureFeed(api, client, size));
    }
  } finally {
    wire.close();
    await api.close();
  }
  const [small, big] = SIZES;
  const pairs = pairsBySize(rows, small, big);
  const met = (r: Row) => r.inProcess.p50Ratio <= TARGETS.inProcessP50 && r.http.p50Ratio <= TARGETS.httpP50;
  const lines = [
    '## A book of 500 and of 50,000 clients',
    '',
    `A Pro agent's reads at each size, the book seeded by batch writes as the product keeps it (${SIZES.map((s) => `${s.toLocaleString('en-US')} clients: ${seeds[s]!.items.toLocaleString('en-US')} items in ${(seeds[s]!.ms / 1000).toFixed(1)} s`).join('; ')}). In-process is the use case; HTTP is the route through the local server as the browser asks for it (its session cookie, Brotli or gzip accepted) over a keep-alive connection, timed until the compressed answer has arrived (decoding it is the browser's), the client being node:http as in the routes above. Floor: the DynamoDB calls each made, recorded and replayed in the same run. Targets: p50 ≤ ${TARGETS.inProcessP50}× the floor in-process, ≤ ${TARGETS.httpP50}× over HTTP. ${SAMPLES} samples each.`,
    '',
    '| clients | read | calls | in-process p50 ms | floor ms | × floor | HTTP p50 ms | floor ms | × floor | bytes (JSON / on the wire) | targets |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.book.toLocaleString('en-US')} | ${r.what} | ${r.http.calls} | ${r.inProcess.p50} | ${r.inProcess.floorP50} | ${r.inProcess.p50Ratio} | ${r.http.p50} | ${r.http.floorP50} | ${r.http.p50Ratio} | ${r.http.bytes.toLocaleString('en-US')} / ${r.http.wireBytes.toLocaleString('en-US')} ${r.http.encoding} | ${met(r) ? 'met' : '**missed**'} |`,
    ),
    '',
    `From ${small!.toLocaleString('en-US')} to ${(big ?? small!).toLocaleString('en-US')} clients (the cost should not follow the book: ±20%):`,
    '',
    '| read | calls | in-process p50 | HTTP p50 | in-process × floor | HTTP × floor | bytes |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...pairs.map(
      (p) =>
        `| ${p.what} | ${p.small.http.calls} → ${p.big.http.calls} | ${change(p.small.inProcess.p50, p.big.inProcess.p50)} | ${change(p.small.http.p50, p.big.http.p50)} | ${p.small.inProcess.p50Ratio} → ${p.big.inProcess.p50Ratio} | ${p.small.http.p50Ratio} → ${p.big.http.p50Ratio} | ${change(p.small.http.bytes, p.big.http.bytes)} |`,
    ),
    '',
    "Each read is one or a few Queries of an index built for it (the client lists, the search tokens, the occasion index, the counters), then one BatchGet of the page's clients. The search also reads the keys of every client matching its first word, to count them: that part grows with the matches (100 Liams at 500 clients, 1,000 at 50,000), not with the book.",
    '',
    `The calendar feed (GET /api/calendar/{secret}.ics, as a calendar app fetches it, accepting gzip) is every key date of the book as a yearly event, so it grows with the book by design; calendar apps fetch it a few times a day. ${FEED_SAMPLES} samples each:`,
    '',
    '| clients | events | p50 ms | slowest ms | text | gzip |',
    '|---:|---:|---:|---:|---:|---:|',
    ...feeds.map(
      (f) =>
        `| ${f.book.toLocaleString('en-US')} | ${f.events.toLocaleString('en-US')} | ${f.p50} | ${f.max} | ${mb(f.bytes)} | ${mb(f.gzipBytes)} |`,
    ),
    '',
    'Lambda sends at most 6 MB: the feed goes gzipped (calendar apps accept it), and a caller that does not accept compression gets a 406 saying so when the text is over that.',
    '',
  ];
  return { lines, report: { sizes: SIZES, samples: SAMPLES, seeds, rows, feeds } };
}
