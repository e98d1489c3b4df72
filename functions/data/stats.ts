// Platform counters for the admin analytics (docs/architecture.md, Data model), updated with atomic ADDs after each
// write so
// analytics never read every client. TOTAL holds the current totals; MONTH#m holds what happened in
// month m among what still exists (clients created, reviews submitted, reminders), m the month in the platform's
// reporting zone (REPORTING_TIME_ZONE: statsMonthOf). Each counter is
// spread over STATS_SHARDS items (STATS#0…STATS#n-1, one picked at random per update) so no single
// item takes every agent's writes; its value is the sum over the shards.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { todayIn } from '@shared/dates';
import { config } from '../config';
import { createLogger } from '../observability/logger';
import { db, fieldsExpression, queryAll, table } from './db';
import {
  STATS_MONTH_PREFIX,
  STATS_SHARDS,
  STATS_TOTAL_SK,
  statsMonthKey,
  statsPartition,
  statsTotalKey,
} from './keys/counters';

export type StatField = 'agents' | 'proAgents' | 'clients' | 'reviews' | 'reminders';

const log = createLogger({ module: 'stats' });

/** The month (YYYY-MM) an instant counts in: its month in the platform's reporting zone. */
export function statsMonthOf(at: Date): string {
  return todayIn(config().reportingTimeZone, at).slice(0, 7);
}

/**
 * Adds to the platform counters. Never throws: the counters are not part of the user's write, which
 * has already happened, so a refused update is logged with what was missed and left for
 * `npm run stats:recompute` to heal.
 */
export async function addToStats(deltas: Partial<Record<StatField, number>>, at: Date = new Date()): Promise<void> {
  const entries = Object.entries(deltas).filter(([, v]) => v && Number.isFinite(v)) as Array<[StatField, number]>;
  if (entries.length === 0) return;
  const month = statsMonthOf(at);
  const shard = Math.floor(Math.random() * STATS_SHARDS);
  const results = await Promise.allSettled(
    [statsTotalKey(shard), statsMonthKey(shard, month)].map((Key) =>
      db().send(
        new UpdateCommand({
          TableName: table(),
          Key,
          ...fieldsExpression('ADD', entries),
        }),
      ),
    ),
  );
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') return;
    const item = i === 0 ? STATS_TOTAL_SK : `${STATS_MONTH_PREFIX}${month}`;
    log.warn('analytics counter update missed (npm run stats:recompute heals it)', {
      item,
      deltas,
      error: result.reason,
    });
  });
}

export type StatCounters = Record<StatField, number>;
export type StatsSnapshot = { total: StatCounters; months: Map<string, StatCounters> };

const zero = (): StatCounters => ({ agents: 0, proAgents: 0, clients: 0, reviews: 0, reminders: 0 });

/** Every shard's items with sk from `fromSk` to TOTAL: one Query per shard, run together. */
export async function readStatShards(fromSk = STATS_MONTH_PREFIX): Promise<Array<Record<string, unknown>>> {
  const shards = await Promise.all(
    Array.from({ length: STATS_SHARDS }, (_, shard) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :total',
        ExpressionAttributeValues: { ':pk': statsPartition(shard), ':from': fromSk, ':total': STATS_TOTAL_SK },
        ConsistentRead: true,
      }),
    ),
  );
  return shards.flat();
}

/**
 * The totals and the month counters from `fromMonth` (YYYY-MM) on, summed over the shards (MONTH#… sorts before TOTAL).
 */
export async function readStats(fromMonth: string): Promise<StatsSnapshot> {
  const items = await readStatShards(`${STATS_MONTH_PREFIX}${fromMonth}`);
  const total = zero();
  const months = new Map<string, StatCounters>();
  for (const item of items) {
    const sk = String(item.sk);
    let into: StatCounters | undefined;
    if (sk === STATS_TOTAL_SK) into = total;
    else if (sk.startsWith(STATS_MONTH_PREFIX)) {
      const month = sk.slice(STATS_MONTH_PREFIX.length);
      into = months.get(month) ?? zero();
      months.set(month, into);
    }
    if (!into) continue;
    for (const field of Object.keys(into) as StatField[]) into[field] += Number(item[field] ?? 0) || 0;
  }
  return { total, months };
}
