// Rebuilds the analytics counters and each agent's clientCount from the data, and reports the drift
// it found (a crash between a write and its counter update, a bug, a manual edit). An offline tool
// (`npm run stats:recompute`): unlike any request, it reads every agent and every client. Fixes are
// conditional on the value it read, so a write that lands meanwhile is reported, not overwritten.
// The reminders counter has no source data to rebuild from (the daily job counts what it sends):
// it is left as it is.
// The analytics counters are sharded (stats.ts) and read as the sum of their shards. A fix sets
// shard 0 to the actual value minus what the other shards hold, and leaves the other shards alone:
// their values stay live deltas that later ADDs keep adding to, and the sum comes out right.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table, writeIf } from './db';
import { gsi1Pages } from './export-sources';
import { CLIENTS_PARTITION } from './keys/clients';
import { STATS_MONTH_PREFIX, STATS_SHARDS, STATS_TOTAL_SK, statsShardKey } from './keys/counters';
import { AGENTS_PARTITION, userKey } from './keys/users';
import { readStatShards, statsMonthOf } from './stats';

export type Drift = { item: string; field: string; stored: number; actual: number };
export type RecomputeReport = { agents: number; clients: number; drift: Drift[]; fixed: Drift[]; conflicts: Drift[] };

const TOTAL_FIELDS = ['agents', 'proAgents', 'clients', 'reviews'] as const;
const MONTH_FIELDS = ['agents', 'clients', 'reviews'] as const;

type Counts = Record<string, number>;

/** A stored timestamp's month as the counters take it (stats.ts), or undefined when it is not one. */
const monthOf = (stamp: unknown): string | undefined => {
  const at = typeof stamp === 'string' && /^\d{4}-\d{2}/.test(stamp) ? new Date(stamp) : undefined;
  return at && !Number.isNaN(at.getTime()) ? statsMonthOf(at) : undefined;
};
const bump = (map: Map<string, Counts>, key: string, field: string) => {
  const counts = map.get(key) ?? {};
  counts[field] = (counts[field] ?? 0) + 1;
  map.set(key, counts);
};

/** Compares the counters with the data; writes nothing. */
export async function findDrift(): Promise<{ agents: number; clients: number; drift: Drift[] }> {
  // Counters first: a write after this read shows up as a conflict when fixing, never as a lost update.
  const stored = await readStatShards();

  const total: Counts = { agents: 0, proAgents: 0, clients: 0, reviews: 0 };
  const months = new Map<string, Counts>();
  const agentCounts = new Map<string, { stored: number; actual: number }>();
  for await (const page of gsi1Pages<{ id: string; isPro?: boolean; clientCount?: number; signupDate?: string }>(
    AGENTS_PARTITION,
    ['id', 'isPro', 'clientCount', 'signupDate'],
  )) {
    for (const agent of page) {
      total.agents! += 1;
      if (agent.isPro === true) total.proAgents! += 1;
      const month = monthOf(agent.signupDate);
      if (month) bump(months, month, 'agents');
      agentCounts.set(agent.id, { stored: Number(agent.clientCount ?? 0), actual: 0 });
    }
  }
  for await (const page of gsi1Pages<{
    agentId: string;
    createdAt?: string;
    reviewStatus?: string;
    reviewSubmittedAt?: string;
  }>(CLIENTS_PARTITION, ['agentId', 'createdAt', 'reviewStatus', 'reviewSubmittedAt'])) {
    for (const client of page) {
      total.clients! += 1;
      const created = monthOf(client.createdAt);
      if (created) bump(months, created, 'clients');
      if (client.reviewStatus === 'submitted') {
        total.reviews! += 1;
        const submitted = monthOf(client.reviewSubmittedAt);
        if (submitted) bump(months, submitted, 'reviews');
      }
      const agent = agentCounts.get(client.agentId);
      if (agent) agent.actual += 1;
    }
  }

  const drift: Drift[] = [];
  const storedBySk = new Map<string, Counts>();
  for (const item of stored) {
    const sums = storedBySk.get(String(item.sk)) ?? {};
    for (const field of TOTAL_FIELDS) sums[field] = (sums[field] ?? 0) + (Number(item[field] ?? 0) || 0);
    storedBySk.set(String(item.sk), sums);
  }
  const compare = (sk: string, fields: readonly string[], actual: Counts) => {
    for (const field of fields) {
      const was = storedBySk.get(sk)?.[field] ?? 0;
      const now = actual[field] ?? 0;
      if (was !== now) drift.push({ item: `STATS/${sk}`, field, stored: was, actual: now });
    }
  };
  compare(STATS_TOTAL_SK, TOTAL_FIELDS, total);
  const monthKeys = new Set([
    ...months.keys(),
    ...[...storedBySk.keys()]
      .filter((sk) => sk.startsWith(STATS_MONTH_PREFIX))
      .map((sk) => sk.slice(STATS_MONTH_PREFIX.length)),
  ]);
  for (const month of [...monthKeys].sort())
    compare(`${STATS_MONTH_PREFIX}${month}`, MONTH_FIELDS, months.get(month) ?? {});
  for (const [id, counts] of agentCounts) {
    if (counts.stored !== counts.actual)
      drift.push({ item: `USER#${id}`, field: 'clientCount', stored: counts.stored, actual: counts.actual });
  }

  return { agents: total.agents!, clients: total.clients!, drift };
}

/** Sets each drifted counter to its actual value, unless it changed since it was read (a conflict: run again). */
export async function applyFixes(drift: readonly Drift[]): Promise<{ fixed: Drift[]; conflicts: Drift[] }> {
  const fixed: Drift[] = [];
  const conflicts: Drift[] = [];
  for (const d of drift) {
    if (await setIfUnchanged(d)) fixed.push(d);
    else conflicts.push(d);
  }
  return { fixed, conflicts };
}

export async function recomputeStats({ fix = true }: { fix?: boolean } = {}): Promise<RecomputeReport> {
  const found = await findDrift();
  const { fixed, conflicts } = fix ? await applyFixes(found.drift) : { fixed: [], conflicts: [] };
  return { ...found, fixed, conflicts };
}

/** False when the counter changed since it was read. */
async function setIfUnchanged(d: Drift): Promise<boolean> {
  const unchanged = (was: number) => (was === 0 ? '(attribute_not_exists(#f) OR #f = :was)' : '#f = :was');
  if (d.item.startsWith('USER#')) {
    return writeIf(
      new UpdateCommand({
        TableName: table(),
        Key: userKey(d.item.slice('USER#'.length)),
        UpdateExpression: 'SET #f = :now',
        ConditionExpression: `attribute_exists(pk) AND ${unchanged(d.stored)}`,
        ExpressionAttributeNames: { '#f': d.field },
        ExpressionAttributeValues: { ':now': d.actual, ':was': d.stored },
      }),
    );
  }
  const sk = d.item.slice('STATS/'.length);
  const shards = await Promise.all(
    Array.from({ length: STATS_SHARDS }, async (_, shard) => {
      const out = await db().send(
        new GetCommand({
          TableName: table(),
          Key: statsShardKey(shard, sk),
          ProjectionExpression: '#f',
          ExpressionAttributeNames: { '#f': d.field },
          ConsistentRead: true,
        }),
      );
      return Number(out.Item?.[d.field] ?? 0) || 0;
    }),
  );
  const sum = shards.reduce((a, b) => a + b, 0);
  if (sum !== d.stored) return false;
  // Conditional on shard 0 as just read; an ADD to another shard after that read stays a delta on top.
  const was = shards[0]!;
  return writeIf(
    new UpdateCommand({
      TableName: table(),
      Key: statsShardKey(0, sk),
      UpdateExpression: 'SET #f = :now',
      ConditionExpression: unchanged(was),
      ExpressionAttributeNames: { '#f': d.field },
      ExpressionAttributeValues: { ':now': d.actual - (sum - was), ':was': was },
    }),
  );
}

/** The report as lines for a terminal. */
export function describeRecompute(report: RecomputeReport, dryRun: boolean): string[] {
  const lines = [`Read ${report.agents} agents and ${report.clients} clients.`];
  if (report.drift.length === 0) return [...lines, 'No drift: every counter matches the data.'];
  for (const d of report.drift) {
    const state = report.conflicts.includes(d)
      ? 'changed meanwhile, left as is (run again)'
      : dryRun
        ? 'would fix'
        : 'fixed';
    lines.push(
      `${d.item} ${d.field}: stored ${d.stored}, actual ${d.actual} (${d.actual - d.stored >= 0 ? '+' : ''}${d.actual - d.stored}) — ${state}`,
    );
  }
  lines.push(
    dryRun
      ? `${report.drift.length} counters drifted (dry run: nothing written).`
      : `${report.fixed.length} of ${report.drift.length} drifted counters fixed.`,
  );
  return lines;
}
