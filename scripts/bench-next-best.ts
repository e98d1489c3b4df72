// `npm run bench` section "next-best": the next best touch for an agent with 500 and with 50,000 clients (seeded by
// batch writes: synthetic clients with a relationship state, key dates around the year, a few referrers, a fifth
// touched in the last 90 days), in-process, each against the floor of its own DynamoDB calls recorded and replayed in
// the same run:
//  - the morning job's list (computeNextBestDay): one Query of the clients' relationship fields, one of the queue,
//    one GetItem of the day before, one Put; its cost follows the book, and its ratio to its own calls should not;
//  - GET /api/today/next-best once the day's list is stored: one GetItem, whatever the book.
import { todayIn } from '@shared/dates';
import { newClientItem } from '../functions/data/clients';
import { getUserById, setProStatus } from '../functions/data/users';
import { computeNextBestDay, nextBestList } from '../functions/services/next-best';
import { signedInAgent, startTestApi } from '../functions/testing/local-api';
import { batchPut } from './bench-admin';
import { measureAgainstFloor } from './bench-routes';
import { ratio } from './bench-stats';

type Figures = { lines: string[]; report: Record<string, unknown> };
type Row = { book: number; what: string; calls: number; p50: number; p99: number; floorP50: number; p50Ratio: number };

const ZONE = 'America/Chicago';
const DAY_MS = 86_400_000;

/** Synthetic clients with a relationship state, written straight to the table. The seeding time in ms. */
async function seedBook(agentId: string, size: number, now: Date): Promise<number> {
  const start = performance.now();
  for (let from = 0; from < size; from += 5000) {
    const items: Array<Record<string, unknown>> = [];
    for (let i = from; i < Math.min(size, from + 5000); i += 1) {
      const m = String(1 + (i % 12)).padStart(2, '0');
      const d = String(1 + (i % 28)).padStart(2, '0');
      const item = newClientItem(
        agentId,
        `nb-${size}-${i}`,
        {
          name: `Client ${i}`,
          email: `c${i}@nextbest${size}.test`,
          phone: `(512) 555-${String(i % 10000).padStart(4, '0')}`,
          birthday: `1970-${m}-${d}`,
          ...(i % 4 === 0 ? { purchaseDate: `${2010 + (i % 15)}-${m}-${d}` } : {}),
        } as never,
        new Date(now.getTime() - 400 * DAY_MS),
      );
      const touched = new Date(now.getTime() - ((i * 7) % 200) * DAY_MS).toISOString();
      items.push(
        Object.fromEntries(
          Object.entries({
            ...item,
            lastContactDate: touched.slice(0, 10),
            lastTouchAt: touched,
            strength: 1 + (i % 9),
            strengthAt: touched,
            ...(i % 50 === 0 ? { referrals: 1 + (i % 3) } : {}),
            ...(i % 5 === 0 ? { interest: 2, interestAt: new Date(now.getTime() - 2 * DAY_MS).toISOString() } : {}),
          }).filter(([, v]) => v !== null),
        ),
      );
    }
    await batchPut(items);
  }
  return Math.round(performance.now() - start);
}

export async function benchNextBest(sizes: readonly number[] = [500, 50_000]): Promise<Figures> {
  const api = await startTestApi();
  const rows: Row[] = [];
  const seeds: Record<number, number> = {};
  const listed: Record<number, number> = {};
  const now = new Date();
  try {
    for (const size of sizes) {
      const { user } = await signedInAgent(api);
      await setProStatus(user.id, true);
      seeds[size] = await seedBook(user.id, size, now);
      const agent = { ...(await getUserById(user.id, true))!, timeZone: ZONE };
      const today = todayIn(ZONE, now);
      const day = await computeNextBestDay(agent, today, now);
      listed[size] = Object.keys(day.entries).length;
      const runs = size > 5000 ? 5 : 20;
      const job = await measureAgainstFloor(runs, () => computeNextBestDay(agent, today, now));
      rows.push({ book: size, what: 'the job (computeNextBestDay)', ...job, p50Ratio: ratio(job.p50, job.floorP50) });
      const list = await measureAgainstFloor(30, async () => {
        const answer = await nextBestList(agent, 10, now);
        if (answer.items.length !== 10) throw new Error(`next best at ${size}: ${answer.items.length} items`);
      });
      rows.push({
        book: size,
        what: 'GET /api/today/next-best (use case)',
        ...list,
        p50Ratio: ratio(list.p50, list.floorP50),
      });
    }
  } finally {
    await api.close();
  }
  const lines = [
    '## The next best touch at 500 and 50,000 clients',
    '',
    `Synthetic books seeded by batch writes (${sizes.map((s) => `${s.toLocaleString('en-US')} clients in ${(seeds[s]! / 1000).toFixed(1)} s`).join(', ')}): key dates around the year, a quarter with a purchase date, last touches spread over 200 days, a fifth with recent interest, one in fifty a referrer. The day's list holds ${sizes.map((s) => `${listed[s]} (${s.toLocaleString('en-US')})`).join(' and ')} clients. Floor: the DynamoDB calls each made, recorded and replayed.`,
    '',
    '| clients | what | DynamoDB calls | p50 ms | p99 ms | floor p50 ms | p50 × floor |',
    '|---:|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.book.toLocaleString('en-US')} | ${r.what} | ${r.calls} | ${r.p50} | ${r.p99} | ${r.floorP50} | ${r.p50Ratio} |`,
    ),
    '',
    "The job reads the clients' relationship fields only (a projection of one Query: no message or activity is read) and ranks them in memory; the route reads the one stored item of the day.",
    '',
  ];
  return { lines, report: { sizes, seedMs: seeds, listed, rows } };
}
