// Platform counters for the admin analytics (docs/architecture.md, Data model), updated with atomic ADDs on each write so
// analytics never read every client. STATS/TOTAL holds the current totals; STATS/MONTH#m holds
// what happened in month m among what still exists (clients created, reviews submitted, reminders).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, table } from './db';
import { STATS_MONTH_PREFIX, STATS_PARTITION, STATS_TOTAL_SK, statsMonthKey, statsTotalKey } from './keys';

export type StatField = 'agents' | 'proAgents' | 'clients' | 'reviews' | 'reminders';

export async function addToStats(deltas: Partial<Record<StatField, number>>, at: Date = new Date()): Promise<void> {
  const entries = Object.entries(deltas).filter(([, v]) => v && Number.isFinite(v)) as Array<[StatField, number]>;
  if (entries.length === 0) return;
  const names = Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k]));
  const values = Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v]));
  const update = `ADD ${entries.map((_, i) => `#f${i} :v${i}`).join(', ')}`;
  const month = at.toISOString().slice(0, 7);
  const keys = [statsTotalKey(), statsMonthKey(month)];
  const add = (Key: { pk: string; sk: string }, sign: 1 | -1) =>
    db().send(
      new UpdateCommand({
        TableName: table(),
        Key,
        UpdateExpression: update,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: sign === 1 ? values : Object.fromEntries(Object.entries(values).map(([k, v]) => [k, -v])),
      }),
    );
  const results = await Promise.allSettled(keys.map((Key) => add(Key, 1)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failed) return;
  // All or nothing, so the caller can undo its own write and be retried: take back the half that
  // landed (a second fault here leaves drift that `npm run stats:recompute` repairs).
  await Promise.all(keys.filter((_, i) => results[i]!.status === 'fulfilled').map((Key) => add(Key, -1)));
  throw failed.reason;
}

export type StatCounters = Record<StatField, number>;
export type StatsSnapshot = { total: StatCounters; months: Map<string, StatCounters> };

const zero = (): StatCounters => ({ agents: 0, proAgents: 0, clients: 0, reviews: 0, reminders: 0 });

function counters(item: Record<string, unknown> | undefined): StatCounters {
  const out = zero();
  for (const field of Object.keys(out) as StatField[]) out[field] = Number(item?.[field] ?? 0) || 0;
  return out;
}

/** The totals and the month counters from `fromMonth` (YYYY-MM) on: one Query of the STATS partition (MONTH#… sorts before TOTAL). */
export async function readStats(fromMonth: string): Promise<StatsSnapshot> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :total',
    ExpressionAttributeValues: { ':pk': STATS_PARTITION, ':from': `${STATS_MONTH_PREFIX}${fromMonth}`, ':total': STATS_TOTAL_SK },
    ConsistentRead: true,
  });
  const months = new Map<string, StatCounters>();
  let total = zero();
  for (const item of items) {
    const sk = String(item.sk);
    if (sk === STATS_TOTAL_SK) total = counters(item);
    else if (sk.startsWith(STATS_MONTH_PREFIX)) months.set(sk.slice(STATS_MONTH_PREFIX.length), counters(item));
  }
  return { total, months };
}
