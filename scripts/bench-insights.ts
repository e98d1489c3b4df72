// `npm run bench` section "insights": GET /api/insights for a Pro agent with 5,000 and with 50,000
// clients (seeded by batch writes: the client items with their last-contact index keys, the BOOK
// counters and 12 months of month counters), in-process (the use case) and over HTTP, each against
// the floor of its own DynamoDB calls recorded and replayed in the same run. The cost should not
// follow the book: one Query of the months, one GetItem of the book, one page of gsi3 with its
// BatchGet, and a COUNT over the clients contacted in the last 90 days (here a fifth of the book).
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, lastMonths, todayIn } from '@shared/dates';
import { newClientItem } from '../functions/data/clients';
import { db, table } from '../functions/data/db';
import { bookDeltas } from '../functions/data/insights';
import { contactIndexKeys, insightsBookKey, insightsMonthKey } from '../functions/data/keys/clients';
import { userKey } from '../functions/data/keys/users';
import { getUserById, setProStatus } from '../functions/data/users';
import { readInsights } from '../functions/services/insights';
import { signedInAgent, startTestApi } from '../functions/testing/local-api';
import { batchPut } from './bench-admin';
import { measureAgainstFloor } from './bench-routes';
import { ratio } from './bench-stats';

type Figures = { lines: string[]; report: Record<string, unknown> };
type Row = {
  book: number;
  via: string;
  calls: number;
  p50: number;
  p99: number;
  floorP50: number;
  p50Ratio: number;
  bytes?: number;
};

const ZONE = 'America/Chicago';
/** One client in this many was contacted in the last 90 days. */
const CONTACTED_EVERY = 5;

async function seedBook(agentId: string, size: number): Promise<number> {
  const start = performance.now();
  const now = new Date();
  const today = todayIn(ZONE, now);
  const book: Record<string, number> = {};
  for (let from = 0; from < size; from += 5000) {
    const items: Array<Record<string, unknown>> = [];
    for (let i = from; i < Math.min(size, from + 5000); i += 1) {
      const m = String(1 + (i % 12)).padStart(2, '0');
      const d = String(1 + (i % 28)).padStart(2, '0');
      const item = newClientItem(
        agentId,
        `bench-${size}-${i}`,
        {
          name: `Client ${i}`,
          email: `c${i}@bench${size}.test`,
          phone: `(512) 555-${String(i % 10000).padStart(4, '0')}`,
          birthday: `1970-${m}-${d}`,
          ...(i % 3 === 0 ? { anniversary: `2005-${d === '29' ? '28' : m}-15` } : {}),
        } as never,
        now,
      );
      const contacted = i % CONTACTED_EVERY === 0 ? addDays(today, -(i % 80)) : null;
      const withContact = {
        ...item,
        ...(contacted ? { lastContactDate: contacted } : {}),
        ...contactIndexKeys(agentId, contacted, item.id),
      };
      for (const [field, n] of Object.entries(bookDeltas(undefined, withContact))) book[field] = (book[field] ?? 0) + n;
      items.push(Object.fromEntries(Object.entries(withContact).filter(([, v]) => v !== null)));
    }
    await batchPut(items);
  }
  await db().send(
    new PutCommand({ TableName: table(), Item: { ...insightsBookKey(agentId), type: 'insights-book', ...book } }),
  );
  for (const [i, month] of lastMonths(today, 12).entries()) {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...insightsMonthKey(agentId, month),
          emailManual: 40 + i,
          emailAuto: 120 + i,
          smsManual: 10,
          call: 12,
          meeting: 4,
          note: 9,
          occasionsDue: 300,
          occasionsMessaged: 210 + i,
          reviewsRequested: 30,
          reviewsSubmitted: 12,
          revd2: 5,
          revd6: 7,
          invitationsSent: 8,
          invitationsCompleted: 5,
          optOuts: 2,
          bounces: 1,
        },
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
  return Math.round(performance.now() - start);
}

async function measure(n: number, fn: () => Promise<unknown>): Promise<Omit<Row, 'book' | 'via'>> {
  const figures = await measureAgainstFloor(n, fn);
  return { ...figures, p50Ratio: ratio(figures.p50, figures.floorP50) };
}

export async function benchInsights(sizes: readonly number[] = [5_000, 50_000]): Promise<Figures> {
  const api = await startTestApi();
  const rows: Row[] = [];
  const seeds: Record<number, number> = {};
  try {
    for (const size of sizes) {
      const { client, user } = await signedInAgent(api);
      await setProStatus(user.id, true);
      seeds[size] = await seedBook(user.id, size);
      const agent = (await getUserById(user.id, true))!;
      const check = await readInsights(agent, 12);
      if (check.book.clients !== size || check.reach.count !== size - size / CONTACTED_EVERY)
        throw new Error(`insights at ${size}: ${check.book.clients} clients, ${check.reach.count} quiet`);
      rows.push({
        book: size,
        via: 'in-process (the use case)',
        ...(await measure(20, () => readInsights(agent, 12))),
      });
      let bytes = 0;
      rows.push({
        book: size,
        via: 'HTTP (GET /api/insights?months=12)',
        ...(await measure(20, async () => {
          const res = await client.get('/api/insights?months=12');
          if (res.status !== 200) throw new Error(`GET /api/insights answered ${res.status}`);
          bytes = Buffer.byteLength(res.text);
        })),
        bytes,
      });
    }
  } finally {
    await api.close();
  }
  const lines = [
    '## Insights at 5,000 and 50,000 clients',
    '',
    `A Pro agent's \`GET /api/insights?months=12\`, the book seeded by batch writes (${sizes.map((s) => `${s.toLocaleString('en-US')} clients in ${(seeds[s]! / 1000).toFixed(1)} s`).join(', ')}), one client in ${CONTACTED_EVERY} contacted in the last 90 days. Floor: the DynamoDB calls the request made, recorded and replayed.`,
    '',
    '| clients | via | DynamoDB calls | p50 ms | p99 ms | floor p50 ms | p50 × floor | bytes |',
    '|---:|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.book.toLocaleString('en-US')} | ${r.via} | ${r.calls} | ${r.p50} | ${r.p99} | ${r.floorP50} | ${r.p50Ratio} | ${r.bytes ?? ''} |`,
    ),
    '',
    'Reads: the month counters (one Query), the book counters (one GetItem), the 25 quietest clients (one page of gsi3 and one BatchGet), and a COUNT over gsi3 of the clients contacted in the last 90 days, whose pages grow with that number (not with the book). The months, the completion bands and the key dates ahead cost the same at any size.',
    '',
  ];
  return { lines, report: { sizes, seedMs: seeds, contactedEvery: CONTACTED_EVERY, rows } };
}
